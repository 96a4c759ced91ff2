// Which of our payment methods make sense for a payer in a country, in the order the chooser shows
// them (the local favourite first). Providers intersect this with what they can really do. Cards
// are one choice (`creditcard`): every brand goes through the provider's card method anyway; the
// brand codes are still accepted (types/payments.ts choiceOf).
import { isCountry, type Country } from '../../../types/countries.js';
import { choiceOf, type PaymentMethod } from '../../../types/payments.js';

const SEPA: readonly Country[] = ['NL', 'BE', 'FR', 'IT', 'ES', 'DE', 'AT', 'IE'];

/** Methods a country is known for, before the ones offered broadly. */
const LOCAL: Partial<Record<Country, PaymentMethod[]>> = {
  NL: ['ideal'],
  BE: ['bancontact'],
  // Cartes Bancaires and Nexi's cards are paid through the card choice, which comes first there.
  FR: ['creditcard'],
  IT: ['creditcard'],
  DE: ['sofort', 'giropay'],
  AT: ['eps', 'sofort'],
  PL: ['blik', 'prezelewy24'],
};

const BROAD: PaymentMethod[] = ['creditcard', 'paypal', 'applepay', 'paysafecard'];

export function methodsForCountry(country: string): PaymentMethod[] {
  const c = isCountry(country) ? country : undefined;
  const methods = new Set<PaymentMethod>([...((c && LOCAL[c]) ?? []), ...BROAD]);
  if (c && SEPA.includes(c)) methods.add('sdd').add('sct');
  return [...methods];
}

/** Whether a method code is one of the offered choices (a card brand counts as the card choice). */
export function isOffered(offered: readonly PaymentMethod[], method: PaymentMethod): boolean {
  return offered.includes(choiceOf(method));
}
