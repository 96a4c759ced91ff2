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
}
