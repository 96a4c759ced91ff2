// Which of our payment methods make sense for a payer in a country, in the order the chooser shows
// them (the local favourite first). Providers intersect this with what they can really do.
import { isCountry, type Country } from '../../../types/countries.js';
import type { PaymentMethod } from '../../../types/payments.js';

const SEPA: readonly Country[] = ['NL', 'BE', 'FR', 'IT', 'ES', 'DE', 'AT', 'IE'];

/** Methods a country is known for, before the ones offered broadly. */
const LOCAL: Partial<Record<Country, PaymentMethod[]>> = {
  NL: ['ideal'],
  BE: ['bancontact'],
  FR: ['cartebancaire'],
  IT: ['nexi'],
  DE: ['sofort', 'giropay'],
  AT: ['eps', 'sofort'],
  PL: ['blik', 'prezelewy24'],
};

const CARDS: PaymentMethod[] = ['creditcard', 'visa', 'mastercard', 'maestro'];
const BROAD: PaymentMethod[] = ['paypal', 'applepay', 'paysafecard'];

export function methodsForCountry(country: string): PaymentMethod[] {
  const c = isCountry(country) ? country : undefined;
  const methods: PaymentMethod[] = [...((c && LOCAL[c]) ?? []), ...CARDS, ...BROAD];
  if (c && SEPA.includes(c)) methods.push('sdd', 'sct');
  return methods;
}
