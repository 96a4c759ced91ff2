// The one place that computes what a member pays for a bundle (issue 14): the bundle's price in
// the member's currency, at most one discount, the discount rounded to the currency's minor unit.
// The price shown on the bundle and payment pages, the amount the provider is asked for, the
// payment row and the webhook's amount check must all come from `priceOf`. Pure: no I/O.
//
// Money is in integer minor units (cents, pence, grosz, rappen: the `*_cents` columns). Every
// currency we sell in (types/countries.ts) has two decimals; a currency without decimals would
// simply keep whole units in those columns, and nothing here would change.
//
// Rounding rule: the discount is `listCents × percent / 100` rounded half up to a whole minor
// unit, and the member pays the list price minus that discount. So 25% off 9.99 is a discount of
// 2.50 (2.4975 rounded) and a price of 7.49, the figure a member gets by hand; a tie (25% of 0.02
// = 0.005) goes to the member; but the member always pays at least one minor unit (a provider
// cannot take nothing). Integer arithmetic only: no float ever touches an amount.

/** Percentages a discount may have: whole numbers; above 90 a "discount" is a giveaway or a typo. */
export const MIN_DISCOUNT_PERCENT = 1;
export const MAX_DISCOUNT_PERCENT = 90;

export interface PricedBundle {
  id: number;
  credits: number;
  /** The bundle's list price in the member's currency. */
  priceCents: number;
  currency: string;
}

/** One discount as the price computation needs it, whatever its source (a code, the welcome offer, the time bonus). */
export interface Discount {
  /** The discount_codes row; one per payment. */
  codeId: number;
  percent: number;
  /** Null: any currency; else the only currency it applies in (and the currency of the minimum order). */
  currency: string | null;
  /** The list price must be at least this (in `currency`'s minor units); null: no minimum. */
  minimumOrderCents: number | null;
}

export interface PriceQuote {
  bundleId: number;
  credits: number;
  currency: string;
  listCents: number;
  discountPercent: number;
  discountCents: number;
  /** What the member pays and the provider is asked for. */
  amountCents: number;
  /** The discount applied, or null when none is. */
  codeId: number | null;
}

/** Why a discount does not apply to a bundle (the caller turns it into the member's message). */
export type DiscountRefusal = 'currency' | 'minimum_order';

export class DiscountRefused extends Error {
  constructor(readonly reason: DiscountRefusal, readonly minimumOrderCents: number | null = null) {
    super(reason);
  }
}

export function isValidPercent(percent: number): boolean {
  return Number.isInteger(percent) && percent >= MIN_DISCOUNT_PERCENT && percent <= MAX_DISCOUNT_PERCENT;
}

/** The discount in minor units: `cents × percent / 100`, rounded half up, leaving at least one unit to pay (see the rule above). */
export function discountCentsOf(listCents: number, percent: number): number {
  if (!Number.isSafeInteger(listCents) || listCents < 0) throw new RangeError(`bad amount ${listCents}`);
  if (!isValidPercent(percent)) throw new RangeError(`bad percentage ${percent}`);
  return Math.max(0, Math.min(Math.floor((listCents * percent + 50) / 100), listCents - 1));
}

/** Why `discount` cannot apply to `bundle`, or null when it can. */
export function refusalOf(bundle: PricedBundle, discount: Discount): DiscountRefusal | null {
  if (discount.currency !== null && discount.currency !== bundle.currency) return 'currency';
  if (discount.minimumOrderCents !== null && bundle.priceCents < discount.minimumOrderCents) return 'minimum_order';
  return null;
}

/**
 * What the member pays for `bundle` with at most one discount (null: the list price). Throws
 * DiscountRefused when the discount does not apply to this bundle: a checkout must never quietly
 * charge a price other than the one the member was shown.
 */
export function priceOf(bundle: PricedBundle, discount: Discount | null): PriceQuote {
  const base = { bundleId: bundle.id, credits: bundle.credits, currency: bundle.currency, listCents: bundle.priceCents };
  if (!discount) return { ...base, discountPercent: 0, discountCents: 0, amountCents: bundle.priceCents, codeId: null };
  const refusal = refusalOf(bundle, discount);
  if (refusal) throw new DiscountRefused(refusal, discount.minimumOrderCents);
  const discountCents = discountCentsOf(bundle.priceCents, discount.percent);
  return { ...base, discountPercent: discount.percent, discountCents, amountCents: bundle.priceCents - discountCents, codeId: discount.codeId };
}

/**
 * One discount per payment: of the discounts a member holds for this bundle (an entered code, the
 * welcome offer, the time bonus), the one that saves the most; the first given wins a tie. Ones
 * that do not apply to the bundle are skipped; null when none applies.
 */
export function bestDiscount(bundle: PricedBundle, candidates: readonly Discount[]): Discount | null {
  let best: { discount: Discount; cents: number } | null = null;
  for (const d of candidates) {
    if (refusalOf(bundle, d)) continue;
    const cents = discountCentsOf(bundle.priceCents, d.percent);
    if (!best || cents > best.cents) best = { discount: d, cents };
  }
  return best?.discount ?? null;
}

/** An amount in minor units written for `lng`: "€7.49", "7,49 €", "7,49 zł". */
export function formatMoney(lng: string, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(lng, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
