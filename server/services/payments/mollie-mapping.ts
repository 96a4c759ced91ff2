// Our payment words in Mollie's terms and back (https://docs.mollie.com/reference/create-payment):
// method codes, amounts as decimal strings, locales and statuses.
import { Locale, PaymentMethod as MollieMethod } from '@mollie/api-client';
import { PAYMENT_METHODS, isPaymentMethod, type PaymentMethod, type ProviderStatus } from '../../../types/payments.js';
import { ProviderError } from './payment-provider.js';

/**
 * The Mollie method that collects each of ours; null where Mollie cannot, so it is never offered.
 * Mollie has one `creditcard` method for every card brand (Cartes Bancaires and Nexi's CartaSi
 * cards included); Sofort and giropay ended in 2024 and are history in Mollie's API too.
 */
export const MOLLIE_METHODS: Readonly<Record<PaymentMethod, MollieMethod | null>> = {
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  eps: MollieMethod.eps,
  blik: MollieMethod.blik,
  prezelewy24: MollieMethod.przelewy24,
  paypal: MollieMethod.paypal,
  applepay: MollieMethod.applepay,
  paysafecard: MollieMethod.paysafecard,
  creditcard: MollieMethod.creditcard,
  visa: MollieMethod.creditcard,
  mastercard: MollieMethod.creditcard,
  maestro: MollieMethod.creditcard,
  cartebancaire: MollieMethod.creditcard,
  nexi: MollieMethod.creditcard,
  sct: MollieMethod.banktransfer,
  sdd: MollieMethod.directdebit,
  sofort: null,
  giropay: null,
};

/**
 * Our code for the method Mollie reports. Card brands all come back as `creditcard`, so the code
 * the member chose (kept in the payment's metadata) wins when it maps to what Mollie says.
 */
export function ourMethodOf(mollieMethod: string | null | undefined, chosen: unknown): PaymentMethod | null {
  if (!mollieMethod) return null;
  if (isPaymentMethod(chosen) && MOLLIE_METHODS[chosen] === mollieMethod) return chosen;
  const candidates = PAYMENT_METHODS.filter((m) => MOLLIE_METHODS[m] === mollieMethod);
  return candidates.find((m) => m === mollieMethod) ?? candidates[0] ?? null;
}

export interface MollieAmount {
  currency: string;
  value: string;
}

/** Mollie takes amounts as strings with the currency's decimals; all our currencies have two. */
export function toMollieAmount(cents: number, currency: string): MollieAmount {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return { currency, value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
}

/** Cents of a Mollie amount ("12.50" → 1250); an absent amount (nothing refunded yet) is 0. */
export function centsOf(amount: MollieAmount | null | undefined): number {
  if (!amount) return 0;
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.value);
  if (!m) throw new ProviderError(`mollie: unexpected amount ${JSON.stringify(amount.value)}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const MOLLIE_LOCALES: ReadonlySet<string> = new Set(Object.values(Locale));
const LOCALE_OF_LANGUAGE: Readonly<Record<string, Locale>> = {
  en: Locale.en_GB, nl: Locale.nl_NL, de: Locale.de_DE, fr: Locale.fr_FR, es: Locale.es_ES, it: Locale.it_IT, pl: Locale.pl_PL,
};

/**
 * The checkout language as Mollie spells it: the member's language in their country where Mollie
 * has that pair (nl_BE, de_AT, en_US …), else the language's home locale (fr in CH → fr_FR).
 */
export function mollieLocale(lng: string, country: string): Locale | undefined {
  const exact = `${lng}_${country.toUpperCase()}`;
  return MOLLIE_LOCALES.has(exact) ? (exact as Locale) : LOCALE_OF_LANGUAGE[lng];
}

/**
 * Mollie's payment status in our words. `authorized` (held, not yet captured) is not money yet, so
 * it is pending; a status Mollie may add later is treated the same way: never paid, never final.
 */
export function providerStatusOf(status: string): ProviderStatus {
  switch (status) {
    case 'open':
    case 'paid':
    case 'failed':
    case 'canceled':
    case 'expired':
      return status;
    default:
      return 'pending';
  }
}
