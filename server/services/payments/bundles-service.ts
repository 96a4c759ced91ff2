// Credit bundles as a member in a given country sees them: price in the country's currency and
// what one message costs at that bundle's rate.
import type { Db } from '../../db.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { listActiveBundles, type BundleRow } from '../../repos/catalog-repo.js';
import { COUNTRY_CURRENCY, isCountry } from '../../../types/countries.js';

export interface BundleOffer {
  id: number;
  credits: number;
  priceCents: number;
  currency: string;
  style: string;
  /** Price of one message (message_credits) at this bundle's rate, in cents. */
  messagePriceCents: number;
}

/** What one message costs in money, across the bundles offered: the smallest bundle's rate is the dearest. */
export interface MessageMoney {
  minCents: number;
  maxCents: number;
  currency: string;
}

export class BundlesService {
  private readonly cache = new TtlCache<BundleRow[]>(60_000);

  constructor(private readonly db: Db) {}

  async forCountry(siteId: number, country: string, messageCredits: number): Promise<BundleOffer[]> {
    const currency = isCountry(country) ? COUNTRY_CURRENCY[country] : 'EUR';
    const all = await this.cache.get(String(siteId), () => listActiveBundles(this.db, siteId));
    return all
      .filter((b) => b.currency === currency)
      .map((b) => ({
        id: b.id,
        credits: b.credits,
        priceCents: b.priceCents,
        currency: b.currency,
        style: b.style,
        messagePriceCents: Math.round((b.priceCents / b.credits) * messageCredits),
      }));
  }

  /**
   * The money one message costs a member in `country`, from the biggest bundle's rate to the
   * smallest's (what a first buyer starts with); null when no bundle is sold in its currency.
   */
  async messageMoney(siteId: number, country: string, messageCredits: number): Promise<MessageMoney | null> {
    const offers = await this.forCountry(siteId, country, messageCredits);
    if (offers.length === 0) return null;
    const rates = offers.map((b) => b.messagePriceCents);
    return { minCents: Math.min(...rates), maxCents: Math.max(...rates), currency: offers[0]!.currency };
  }

  /** The same, written in the member's language: "£1.24–£1.80", or one figure when every bundle has one rate. */
  async messageMoneyLabel(siteId: number, country: string, messageCredits: number, lng: string): Promise<string | null> {
    const money = await this.messageMoney(siteId, country, messageCredits);
    return money && formatMessageMoney(lng, money);
  }
}

/** Making an Intl formatter costs more than formatting with it: one per language and currency, kept. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormatOf(lng: string, currency: string): Intl.NumberFormat {
  const key = `${lng} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) moneyFormats.set(key, (format = new Intl.NumberFormat(lng, { style: 'currency', currency })));
  return format;
}

/**
 * The labels written so far, by language, currency and amounts (a few per site): making the
 * currency format and its range took about 0.2 ms of CPU on every chat page.
 */
const moneyLabels = new Map<string, string>();
const MONEY_LABELS_KEPT = 1000;

export function formatMessageMoney(lng: string, m: MessageMoney): string {
  const key = `${lng}|${m.currency}|${m.minCents}|${m.maxCents}`;
  let label = moneyLabels.get(key);
  if (label === undefined) {
    label = writeMessageMoney(lng, m);
    if (moneyLabels.size >= MONEY_LABELS_KEPT) moneyLabels.clear();
    moneyLabels.set(key, label);
  }
  return label;
}

function writeMessageMoney(lng: string, m: MessageMoney): string {
  try {
    const format = moneyFormatOf(lng, m.currency);
    return m.minCents === m.maxCents ? format.format(m.minCents / 100) : format.formatRange(m.minCents / 100, m.maxCents / 100);
  } catch {
    const amount = (cents: number) => (cents / 100).toFixed(2);
    return `${amount(m.minCents)}${m.minCents === m.maxCents ? '' : `–${amount(m.maxCents)}`} ${m.currency}`;
  }
}
