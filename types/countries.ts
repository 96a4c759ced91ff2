// Country facts from SPEC.md §3 and §9, shared by the server and islands.
import type { Locale } from './settings.js';

export const COUNTRIES = ['US', 'NL', 'BE', 'FR', 'IT', 'ES', 'DE', 'AT', 'IE', 'GB', 'CA', 'PL', 'AU', 'NZ', 'CH'] as const;
export type Country = (typeof COUNTRIES)[number];

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

/** Languages offered per country (SPEC.md §9), the first being the usual one. */
export const COUNTRY_LANGUAGES: Record<Country, Locale[]> = {
  US: ['en', 'es'], NL: ['nl'], BE: ['nl', 'fr', 'de'], FR: ['fr'], IT: ['it'], ES: ['es'], DE: ['de'],
  AT: ['de'], IE: ['en'], GB: ['en'], CA: ['en', 'fr'], PL: ['pl'], AU: ['en'], NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
};

/** What a region is called in each country (SPEC.md §3): an i18n key under common:regionTerm. */
export const REGION_TERM: Record<Country, 'province' | 'voivodeship' | 'region' | 'state' | 'canton'> = {
  NL: 'province', BE: 'province', IE: 'province', IT: 'province', ES: 'province', CA: 'province', NZ: 'province',
  PL: 'voivodeship', GB: 'region', FR: 'region', DE: 'state', AT: 'state', US: 'state', AU: 'state', CH: 'canton',
};

export const COUNTRY_CURRENCY: Record<Country, string> = {
  US: 'USD', NL: 'EUR', BE: 'EUR', FR: 'EUR', IT: 'EUR', ES: 'EUR', DE: 'EUR', AT: 'EUR', IE: 'EUR',
  GB: 'GBP', CA: 'CAD', PL: 'PLN', AU: 'AUD', NZ: 'NZD', CH: 'CHF',
};
