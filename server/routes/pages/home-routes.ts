// The index page: visitors see the landing page; members go to their home, the search.
import { Router } from 'express';
import { createElement } from 'react';
import { PageCache, VISITOR_PAGE_TTL_MS } from '../../render/page-cache.js';
import { IndexPage } from '../../../views/pages/index-page.js';
import type { RouteDeps } from '../route-deps.js';
import { searchPreferencesOf, visitorPreferences } from '../search-session.js';
import { cardContextOf } from '../card-context.js';
import type { SearchPreferences } from '../../services/search/search-preferences.js';

/** Whom the landing page shows: the people a visitor looks for, their country first (the page's key). */
function showcaseOf(prefs: SearchPreferences): { gender?: 'male' | 'female'; preferCountry?: string } {
  return { gender: prefs.filters.gender || undefined, preferCountry: prefs.filters.country || prefs.homeCountry || undefined };
}

export function homeRoutes({ services, keptAnswers }: RouteDeps): Router {
  const router = Router();
  /** Intl formatters are costly to make (a fifth of a millisecond): one per language. */
  const numberFormats = new Map<string, Intl.NumberFormat>();
  // Kept a few seconds for all whom it shows the same people, while they stay as shown (render/page-cache.ts).
  const keptPages = new PageCache(Date.now, { ttlMs: VISITOR_PAGE_TTL_MS });

  keptAnswers?.register({
    pattern: '/',
    match: (path) => (path === '/' ? {} : undefined),
    keptFor: async ({ clientCountry, cookies, facts }) => ({
      cache: keptPages,
      key: JSON.stringify(showcaseOf(visitorPreferences(cookies, clientCountry, facts.settings.countries))),
    }),
  });

  router.get('/', async (req, res) => {
    if (req.user) return res.redirect(303, '/members');
    const page = res.locals.page!;
    // The people a visitor looks for (women by default, or what they chose on /members), their
    // country first: see services/search/search-preferences.ts.
    const show = showcaseOf(await searchPreferencesOf(req, services, page.settings.countries));
    await keptPages.send(res, JSON.stringify(show), async () => {
      const card = cardContextOf(req);
      const [profiles, memberCount] = await Promise.all([
        services.search.showcase(page.settings.countries, card, 10, show),
        services.search.memberCount(page.settings.countries),
      ]);
      let format = numberFormats.get(page.lng);
      if (!format) numberFormats.set(page.lng, (format = new Intl.NumberFormat(page.lng)));
      return {
        element: createElement(IndexPage, { profiles, memberCount: format.format(memberCount) }),
        opts: { layout: 'default', routeName: 'index' },
        // Kept only while every profile on it is still shown as it is.
        stillHolds: () => services.search.stillShown(profiles, card),
      };
    });
  });
  return router;
}
