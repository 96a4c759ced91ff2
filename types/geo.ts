// Geolocation (SPEC.md §3): the answer of GET /api/geocode.php, shared by the server and islands.
import type { REGION_TERM } from './countries.js';

export type RegionTerm = (typeof REGION_TERM)[keyof typeof REGION_TERM];

/** A position resolved to a place: country (ISO 3166-1), our region and its term, the nearest city. */
export interface GeocodeAnswer {
  country: string;
  /** One of our region names for the country (the signup form's and profile's), or null. */
  region: string | null;
  region_code: string | null;
  /** What a region is called in that country (SPEC.md §3); null outside our countries. */
  region_term: RegionTerm | null;
  city: string;
}

/** false: the sea, Antarctica, or nowhere near a town. */
export type GeocodeResult = GeocodeAnswer | false;

/** How exact a stored or estimated position is: a city's, a region's middle, a country's middle. */
export type PositionPrecision = 'city' | 'region' | 'country';

export interface Position {
  latitude: number;
  longitude: number;
  precision: PositionPrecision;
}

/** The browser's geolocation permission (SPEC.md §3): unsupported, unknown, or the browser's state. */
export type GeoPermission = 'unsupported' | 'unknown' | 'granted' | 'denied' | 'prompt';

/** SPEC.md §9: a position up to an hour old is good enough for a city. */
export const GEOLOCATION_MAX_AGE_MS = 3_600_000;

/** The texts of "Use my location" (islands namespace, section `locate`). */
export const LOCATE_TEXT_KEYS = ['button', 'locating', 'found', 'denied', 'unavailable', 'notFound', 'otherCountry'] as const;

/** found: "{{place}}" is the city and region found. */
export type LocateTexts = Record<(typeof LOCATE_TEXT_KEYS)[number], string>;
