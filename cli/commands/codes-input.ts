// Flags of `amora codes` turned into a code's rules, with a message naming the flag for every
// mistake, before anything is opened or written. The service checks the same rules again.
import { CURRENCIES, MAX_MINIMUM_ORDER_CENTS, MAX_USES_LIMIT, type CodeRules } from '../../server/services/promotions/discount-codes-admin-service.js';
import { MAX_DISCOUNT_PERCENT, MIN_DISCOUNT_PERCENT } from '../../server/services/payments/pricing.js';
import { COUNTRIES, COUNTRY_CURRENCY, isCountry } from '../../types/countries.js';
import { isPaymentMethod, PAYMENT_METHODS, type PaymentMethod } from '../../types/payments.js';
import { CliError } from '../context.js';

export interface RuleFlags {
  percent: string;
  currency?: string;
  minOrder?: string;
  country?: string;
  user?: string;
  site?: string;
  expires?: string;
  methods?: string;
  maxUses?: string;
  campaign?: string;
}

/** The rules, except the site (a domain the caller looks up); `defaultMaxUses` when --max-uses is absent. */
export function rulesFrom(f: RuleFlags, defaultMaxUses: number | null, now = Date.now()): Omit<CodeRules, 'siteId'> {
  const percent = wholeNumber(f.percent);
  if (percent === undefined || percent < MIN_DISCOUNT_PERCENT || percent > MAX_DISCOUNT_PERCENT) {
    throw new CliError(`--percent must be a whole number from ${MIN_DISCOUNT_PERCENT} to ${MAX_DISCOUNT_PERCENT}, got "${f.percent}"`);
  }
  const currency = f.currency === undefined ? null : f.currency.trim().toUpperCase();
  if (currency !== null && !CURRENCIES.includes(currency)) throw new CliError(`--currency must be one of ${CURRENCIES.join(', ')}, got "${f.currency}"`);
  const country = f.country === undefined ? null : f.country.trim().toUpperCase();
  if (country !== null && !isCountry(country)) throw new CliError(`--country must be one of ${COUNTRIES.join(', ')}, got "${f.country}"`);
  if (country !== null && currency !== null && COUNTRY_CURRENCY[country as keyof typeof COUNTRY_CURRENCY] !== currency) {
    throw new CliError(`members in ${country} pay in ${COUNTRY_CURRENCY[country as keyof typeof COUNTRY_CURRENCY]}, not ${currency}`);
  }
  let minimumOrderCents: number | null = null;
  if (f.minOrder !== undefined) {
    const cents = moneyCents(f.minOrder);
    if (cents === undefined || cents < 1 || cents > MAX_MINIMUM_ORDER_CENTS) {
      throw new CliError(`--min-order must be an amount like 20 or 19.95, above 0 and at most ${MAX_MINIMUM_ORDER_CENTS / 100}, got "${f.minOrder}"`);
    }
    if (currency === null && country === null) throw new CliError('--min-order needs --currency (or --country) to say which money it is in');
    minimumOrderCents = cents;
  }
  let userId: number | null = null;
  if (f.user !== undefined) {
    userId = wholeNumber(f.user) ?? 0;
    if (userId < 1) throw new CliError(`--user must be a user id (a positive whole number), got "${f.user}"`);
  }
  let maxUses = defaultMaxUses;
  if (f.maxUses !== undefined) {
    maxUses = f.maxUses.trim() === 'unlimited' ? null : wholeNumber(f.maxUses) ?? 0;
    if (maxUses !== null && (maxUses < 1 || maxUses > MAX_USES_LIMIT)) {
      throw new CliError(`--max-uses must be a whole number from 1 to ${MAX_USES_LIMIT}, or "unlimited", got "${f.maxUses}"`);
    }
  }
  const campaign = f.campaign === undefined ? null : f.campaign.trim();
  if (campaign !== null && !/^[A-Za-z0-9_.-]{1,64}$/.test(campaign)) throw new CliError('--campaign must be 1-64 letters, digits, ".", "-" or "_"');
  return {
    percent, currency, country, minimumOrderCents, userId, maxUses, campaign,
    expiresAt: f.expires === undefined ? null : expiryOf(f.expires, now),
    paymentMethods: f.methods === undefined ? null : methodsOf(f.methods),
  };
}

/**
 * --expires: a day (2026-12-31: valid through that whole day, UTC) or an instant with its zone
 * (2026-12-31T18:00:00Z, 2026-12-31T18:00+01:00); in the future, at most five years away.
 */
export function expiryOf(value: string, now: number): number {
  const v = value.trim();
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  let at: number;
  if (day) {
    const start = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    at = new Date(start).toISOString().slice(0, 10) === v ? start + 86_400_000 : NaN;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
    at = Date.parse(v);
    if (!Number.isNaN(at) && new Date(Date.parse(`${v.slice(0, 10)}T00:00:00Z`)).toISOString().slice(0, 10) !== v.slice(0, 10)) at = NaN;
  } else {
    at = NaN;
  }
  if (Number.isNaN(at)) throw new CliError(`--expires must be a date like 2026-12-31 or an instant like 2026-12-31T18:00:00Z, got "${value}"`);
  if (at <= now) throw new CliError(`--expires must be in the future, got "${value}"`);
  if (at > now + 5 * 366 * 86_400_000) throw new CliError(`--expires must be at most five years away, got "${value}"`);
  return at;
}

function methodsOf(value: string): PaymentMethod[] {
  const list = value.split(',').map((m) => m.trim().toLowerCase()).filter(Boolean);
  const bad = list.filter((m) => !isPaymentMethod(m));
  if (list.length === 0 || bad.length) throw new CliError(`--methods must be a comma-separated list of ${PAYMENT_METHODS.join(', ')}; unknown: ${bad.join(', ') || '(none given)'}`);
  return [...new Set(list as PaymentMethod[])];
}

export function wholeNumber(value: string): number | undefined {
  const v = value.trim();
  if (!/^[+-]?\d{1,15}$/.test(v)) return undefined;
  return Number(v);
}

/** "19.95" → 1995, "20" → 2000: decimal text to minor units without a float in between. */
function moneyCents(value: string): number | undefined {
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : undefined;
}
