// The searcher's filters for a request: a member's from the account, a visitor's from a cookie
// (a visitor's page views have no session, to keep anonymous traffic cheap; the value is checked
// field by field on reading). See services/search/search-preferences.ts for the defaults and why.
import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import { secureFor, type CookieToSet } from '../lib/cookies.js';
import type { Services } from '../services/index.js';
import { readStoredFilters, sameFilters, VISITOR_DEFAULTS, type SearchPreferences } from '../services/search/search-preferences.js';
import type { SearchFilters } from '../../types/search.js';

export const SEARCH_COOKIE = 'amora_search';

export async function searchPreferencesOf(req: Request, services: Services, siteCountries: string[]): Promise<SearchPreferences> {
  if (req.viewer) {
    const prefs = await services.search.preferencesOf(req.viewer);
    if (prefs) return prefs;
  }
  return visitorPreferences(req.cookies, req.clientCountry, siteCountries);
}

/** A visitor's preferences from their cookies and country (render/kept-answers.ts asks here too). */
export function visitorPreferences(cookies: Record<string, unknown> | undefined, clientCountry: string | null, siteCountries: string[]): SearchPreferences {
  const raw: unknown = cookies?.[SEARCH_COOKIE];
  const stored = typeof raw === 'string' && raw.length <= 500 ? readStoredFilters(raw) : null;
  const homeCountry = clientCountry && siteCountries.includes(clientCountry) ? clientCountry : '';
  return { filters: stored ?? VISITOR_DEFAULTS, defaults: VISITOR_DEFAULTS, remembered: stored !== null, homeCountry };
}

/** Keeps the searcher's choice (null: back to the defaults); a visitor's in a cookie. */
export async function rememberSearch(
  req: Request, res: Response, deps: { services: Services; config: Config }, prefs: SearchPreferences, chosen: SearchFilters | null,
): Promise<void> {
  if (req.viewer) return deps.services.search.rememberFilters(req.viewer, prefs, chosen);
  const cookie = visitorSearchCookie(prefs, chosen, secureFor(req, deps.config.secureCookies));
  if (cookie) res.cookie(cookie.name, cookie.value, cookie.options);
}

/**
 * The cookie that keeps a visitor's choice (null: back to the defaults), or null when the one they
 * have holds it already: the route and its kept answer (render/kept-answers.ts) set it from here.
 * Clearing is res.clearCookie()'s cookie: empty, expired in 1970.
 */
export function visitorSearchCookie(prefs: SearchPreferences, chosen: SearchFilters | null, secure: boolean): CookieToSet | null {
  const flags = { httpOnly: true, sameSite: 'lax' as const, secure };
  if (!chosen || sameFilters(chosen, VISITOR_DEFAULTS)) {
    return prefs.remembered ? { name: SEARCH_COOKIE, value: '', options: { path: '/', ...flags, expires: new Date(1) } } : null;
  }
  if (prefs.remembered && sameFilters(prefs.filters, chosen)) return null;
  return { name: SEARCH_COOKIE, value: JSON.stringify(chosen), options: { ...flags, maxAge: 90 * 24 * 3600_000 } };
}
