// Who a searcher looks for by default, and the filters they chose, remembered (issue 12 point 1).
//
// Defaults for a member: the gender their own gender and sexuality look for (hetero man: women,
// hetero woman: men, gay: men, lesbian: women, bi: everyone), every country of the site with
// their own country first (an order, not a filter), and ages from AGE_SPREAD years below to
// AGE_SPREAD above their own, kept within 18–99. A member who changes the filters keeps them on
// the account (users.search_filters) until they change them again or reset them.
//
// Visitors have no profile: they see women by default (most visitors of these sites are men
// looking for women, and a straight visitor should not see their own gender first), any age, the
// country their address is in first when the site serves it. What a visitor picks is kept in a
// cookie (routes/search-session.ts).
import type { Db } from '../../db.js';
import { ageOn } from '../../lib/dates.js';
import { findSearcher, saveSearchFilters, type SearcherRow } from '../../repos/search-filters-repo.js';
import type { GenderChoice, SearchFilters } from '../../../types/search.js';
import type { Viewer } from '../viewer.js';

export const AGE_SPREAD = 8;
export const MIN_AGE = 18;
export const MAX_AGE = 99;

export const VISITOR_DEFAULTS: SearchFilters = { gender: 'female', country: '', region: '', minAge: null, maxAge: null, order: 'active' };

export interface SearchPreferences {
  /** What to search for now: the remembered choice, else the defaults. */
  filters: SearchFilters;
  defaults: SearchFilters;
  /** True when `filters` is a choice the searcher made (a reset is offered). */
  remembered: boolean;
  /** The country shown first when no country is chosen ('' for none). */
  homeCountry: string;
}

/** The gender an orientation looks for; undefined (both) for bisexual members. */
export function seekingOf(gender: string, sexuality: string): 'male' | 'female' | undefined {
  if (sexuality === 'bi') return undefined;
  if (sexuality === 'gay') return 'male';
  if (sexuality === 'lesbian') return 'female';
  return gender === 'male' ? 'female' : 'male';
}

export function ageRangeAround(age: number): { minAge: number; maxAge: number } {
  const clamp = (n: number) => Math.min(MAX_AGE, Math.max(MIN_AGE, n));
  return { minAge: clamp(age - AGE_SPREAD), maxAge: clamp(age + AGE_SPREAD) };
}

export function memberDefaults(own: { gender: string; sexuality: string; birth_date: string }, now = new Date()): SearchFilters {
  return { gender: seekingOf(own.gender, own.sexuality) ?? '', country: '', region: '', ...ageRangeAround(ageOn(own.birth_date, now)), order: 'active' };
}

function isAge(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= MIN_AGE && v <= MAX_AGE;
}

/** Stored filters (account JSON or session) checked field by field; anything odd: null (defaults). */
export function readStoredFilters(value: unknown): SearchFilters | null {
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  const gender: GenderChoice | null = o.gender === 'male' || o.gender === 'female' || o.gender === '' ? o.gender : null;
  const country = typeof o.country === 'string' && /^([A-Z]{2})?$/.test(o.country) ? o.country : null;
  const region = typeof o.region === 'string' && o.region.length <= 100 ? o.region : null;
  if (gender === null || country === null || region === null) return null;
  // Filters remembered before "near me" existed have no order: most recently active.
  const order = o.order === 'near' ? 'near' : 'active';
  return { gender, country, region, minAge: isAge(o.minAge) ? o.minAge : null, maxAge: isAge(o.maxAge) ? o.maxAge : null, order };
}

export function sameFilters(a: SearchFilters, b: SearchFilters): boolean {
  return a.gender === b.gender && a.country === b.country && a.region === b.region && a.minAge === b.minAge && a.maxAge === b.maxAge && a.order === b.order;
}

/** A member's preferences; null when the account has no profile (never for a logged-in viewer). */
export async function memberPreferences(db: Db, viewer: Viewer): Promise<SearchPreferences | null> {
  const row = await findSearcher(db, viewer.userId);
  return row ? preferencesOf(row) : null;
}

/** The preferences of a member whose row is at hand (the weekly mail reads a batch of them at once). */
export function preferencesOf(row: SearcherRow, now = new Date()): SearchPreferences {
  const defaults = memberDefaults(row, now);
  const stored = readStoredFilters(row.search_filters);
  return { filters: stored ?? defaults, defaults, remembered: stored !== null, homeCountry: row.country };
}

/**
 * Keeps a member's choice; choosing exactly the defaults (or null, a reset) stores nothing, so the
 * defaults follow the member's age and profile. Writes only when something changed.
 */
export async function rememberMemberFilters(db: Db, viewer: Viewer, prefs: SearchPreferences, chosen: SearchFilters | null): Promise<void> {
  const keep = chosen && !sameFilters(chosen, prefs.defaults) ? chosen : null;
  if (keep === null ? !prefs.remembered : prefs.remembered && sameFilters(keep, prefs.filters)) return;
  await saveSearchFilters(db, viewer.userId, keep ? JSON.stringify(keep) : null);
}
