// The slug variants of the landers (`/landers/{name}/{slug}`): an operator points a campaign at a
// gender, a country, a region or an interest by the URL alone. Unknown slugs are the default
// variant, never an error: a typo in an ad must not cost the click.
import type { LanderVariant } from '../../../types/lander-pages.js';
import type { RegionsOfCountry } from '../catalog/catalog-service.js';

/** Longest slug looked at; longer ones are the default variant without further work. */
const MAX_SLUG = 64;

/** "Noord-Holland" → "noord-holland", "Île-de-France" → "ile-de-france", "Łódzkie" → "lodzkie". */
export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Mark}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface VariantCatalog {
  /** The site's countries, in the site's order. */
  countries: string[];
  regions: RegionsOfCountry[];
  interests: string[];
  /** The visitor's country when it is one of the site's: a region name two countries share (Limburg) is theirs. */
  visitorCountry: string | null;
}

/** The variant a slug names, or the default. */
export function resolveVariant(slug: string | undefined, catalog: VariantCatalog): LanderVariant {
  if (!slug || slug.length > MAX_SLUG) return { kind: 'default' };
  const s = slug.toLowerCase();
  if (s === 'women') return { kind: 'gender', gender: 'female' };
  if (s === 'men') return { kind: 'gender', gender: 'male' };
  const country = catalog.countries.find((c) => c.toLowerCase() === s);
  if (country) return { kind: 'country', country };
  const byVisitorFirst = [...catalog.regions].sort((a, b) => Number(b.country === catalog.visitorCountry) - Number(a.country === catalog.visitorCountry));
  for (const group of byVisitorFirst) {
    const region = group.regions.find((r) => slugOf(r.name) === s);
    if (region) return { kind: 'region', country: group.country, region: region.name };
  }
  if (catalog.interests.includes(s)) return { kind: 'interest', interest: s };
  return { kind: 'default' };
}

/** A short stable key of a variant, for caches. */
export function variantKey(v: LanderVariant): string {
  switch (v.kind) {
    case 'default':
      return 'default';
    case 'gender':
      return `gender:${v.gender}`;
    case 'country':
      return `country:${v.country}`;
    case 'region':
      return `region:${v.country}:${v.region}`;
    case 'interest':
      return `interest:${v.interest}`;
  }
}
