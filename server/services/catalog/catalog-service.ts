// Catalogues that rarely change: interests and regions (cached; the database is the truth).
import type { Db } from '../../db.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { listInterestSlugs, listRegions } from '../../repos/catalog-repo.js';
import { REGION_TERM, isCountry } from '../../../types/countries.js';

export interface RegionsOfCountry {
  country: string;
  term: string;
  regions: { code: string; name: string }[];
}

export class CatalogService {
  private readonly interests = new TtlCache<string[]>(60_000);
  private readonly regions = new TtlCache<RegionsOfCountry[]>(60_000);

  constructor(private readonly db: Db) {}

  interestSlugs(): Promise<string[]> {
    return this.interests.get('all', () => listInterestSlugs(this.db));
  }

  /** Regions per country with the country's region term (province, state, …). */
  regionsOf(countries: string[]): Promise<RegionsOfCountry[]> {
    return this.regions.get(countries.join(','), async () => {
      const rows = await listRegions(this.db, countries);
      return countries.filter(isCountry).map((country) => ({
        country,
        term: REGION_TERM[country],
        regions: rows.filter((r) => r.country === country).map((r) => ({ code: r.code, name: r.name })),
      }));
    });
  }
}
