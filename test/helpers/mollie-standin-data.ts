// What the Mollie stand-in (mollie-standin.ts) knows up front: the methods an account has switched
// on, and its throwaway TLS identity.

export type SequenceType = 'oneoff' | 'first' | 'recurring';

/** A payment method as the stand-in's account has it activated. */
export interface StandinMethod {
  id: string;
  description: string;
  currencies: readonly string[];
  minimumCents: number;
  maximumCents: number | null;
  sequenceTypes: readonly SequenceType[];
  /** Listed only when the merchant says it supports the wallet (includeWallets=…), as Mollie does. */
  wallet?: boolean;
}

const ALL_CURRENCIES = ['EUR', 'USD', 'GBP', 'CAD', 'PLN', 'AUD', 'NZD', 'CHF'];

/** Roughly a Mollie account with every method our checkout can use switched on. */
export const DEFAULT_METHODS: readonly StandinMethod[] = [
  { id: 'ideal', description: 'iDEAL', currencies: ['EUR'], minimumCents: 1, maximumCents: 5_000_000, sequenceTypes: ['oneoff', 'first'] },
  { id: 'bancontact', description: 'Bancontact', currencies: ['EUR'], minimumCents: 2, maximumCents: 5_000_000, sequenceTypes: ['oneoff', 'first'] },
  { id: 'eps', description: 'EPS', currencies: ['EUR'], minimumCents: 100, maximumCents: 5_000_000, sequenceTypes: ['oneoff', 'first'] },
  { id: 'blik', description: 'BLIK', currencies: ['PLN'], minimumCents: 1, maximumCents: 5_000_000, sequenceTypes: ['oneoff'] },
  { id: 'przelewy24', description: 'Przelewy24', currencies: ['PLN', 'EUR'], minimumCents: 1, maximumCents: 1_200_000, sequenceTypes: ['oneoff'] },
  { id: 'creditcard', description: 'Card', currencies: ALL_CURRENCIES, minimumCents: 1, maximumCents: 1_000_000, sequenceTypes: ['oneoff', 'first', 'recurring'] },
  { id: 'paypal', description: 'PayPal', currencies: ALL_CURRENCIES, minimumCents: 1, maximumCents: null, sequenceTypes: ['oneoff', 'first', 'recurring'] },
  { id: 'applepay', description: 'Apple Pay', currencies: ALL_CURRENCIES, minimumCents: 1, maximumCents: 1_000_000, sequenceTypes: ['oneoff'], wallet: true },
  { id: 'paysafecard', description: 'paysafecard', currencies: ['EUR', 'GBP', 'USD', 'CHF', 'PLN'], minimumCents: 1, maximumCents: 100_000, sequenceTypes: ['oneoff'] },
  { id: 'banktransfer', description: 'Bank transfer', currencies: ['EUR'], minimumCents: 1, maximumCents: 100_000_000, sequenceTypes: ['oneoff'] },
  { id: 'directdebit', description: 'SEPA Direct Debit', currencies: ['EUR'], minimumCents: 1, maximumCents: 100_000, sequenceTypes: ['recurring'] },
];

/** Every locale Mollie accepts. */
export const MOLLIE_LOCALES: ReadonlySet<string> = new Set([
  'en_US', 'en_GB', 'nl_NL', 'nl_BE', 'fr_FR', 'fr_BE', 'fr_LU', 'de_DE', 'de_AT', 'de_CH', 'de_LU', 'es_ES', 'ca_ES', 'pt_PT', 'it_IT',
  'nb_NO', 'sv_SE', 'fi_FI', 'da_DK', 'is_IS', 'hu_HU', 'pl_PL', 'lv_LV', 'lt_LT',
]);
