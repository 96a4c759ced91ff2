// The index page: visitors see the landing page; members go to their home, the search.
import { Router } from 'express';
import { createElement } from 'react';
import { renderPage } from '../../render/render-page.js';
import { IndexPage } from '../../../views/pages/index-page.js';
import type { RouteDeps } from '../route-deps.js';
import { searchPreferencesOf } from '../search-session.js';
import { cardContextOf } from '../card-context.js';

export function homeRoutes({ services }: RouteDeps): Router {
  const router = Router();
  /** Intl formatters are costly to make (a fifth of a millisecond): one per language. */
  const numberFormats = new Map<string, Intl.NumberFormat>();
  router.get('/', async (req, res) => {
    if (req.user) return res.redirect(303, '/members');
    const page = res.locals.page!;
    // The people a visitor looks for (women by default, or what they chose on /members), their
    // country first: see services/search/search-preferences.ts.
    const { filters, homeCountry } = await searchPreferencesOf(req, services, page.settings.countries);
    const show = { gender: filters.gender || undefined, preferCountry: filters.country || homeCountry || undefined };
    const [profiles, memberCount] = await Promise.all([
      services.search.showcase(page.settings.countries, cardContextOf(req), 10, show),
      services.search.memberCount(page.settings.countries),
    ]);
    let format = numberFormats.get(page.lng);
    if (!format) numberFormats.set(page.lng, (format = new Intl.NumberFormat(page.lng)));
    const count = format.format(memberCount);
    renderPage(res, createElement(IndexPage, { profiles, memberCount: count }), {
      layout: 'default',
      routeName: 'index',
    });
  });
  return router;
}
