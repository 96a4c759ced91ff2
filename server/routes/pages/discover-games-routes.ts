// /swipe-game (4 likes a day) and /match-finder (age, appearance, race): members only.
import { Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { MatchFinderPage, type MatchFinderFilters } from '../../../views/pages/match-finder-page.js';
import { SwipeGamePage } from '../../../views/pages/swipe-game-page.js';
import type { RouteDeps } from '../route-deps.js';
import { membersOnly, viewerOf } from '../session-helpers.js';
import { parseInput } from '../validate.js';
import { cardContextOf } from '../card-context.js';

/** Passed profile ids: a comma list, bad entries dropped, the last 200 kept. */
function skipOf(value: unknown): number[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .filter((s) => /^[1-9][0-9]{0,9}$/.test(s))
    .map(Number)
    .slice(-200);
}

const AGE_BUCKETS = { '18-35': [18, 35], '35+': [35, 99] } as const;
const finderSchema = z.object({
  age: z.enum(['18-35', '35+']).optional().catch(undefined),
  appearance: z.enum(['normal', 'sexy']).optional().catch(undefined),
  race: z.enum(['white', 'other']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
});

export function discoverGamesRoutes({ services }: RouteDeps): Router {
  const router = Router();
  router.use(['/swipe-game', '/match-finder'], membersOnly);

  router.get('/swipe-game', async (req, res) => {
    const page = res.locals.page!;
    const viewer = viewerOf(req);
    const skip = skipOf(req.query.skip);
    const ctx = { siteCountries: page.settings.countries, ...cardContextOf(req) };
    const [status, profiles] = await Promise.all([services.swipeGame.status(viewer), services.swipeGame.candidates(viewer, ctx, skip)]);
    renderPage(res, createElement(SwipeGamePage, { profiles, status, skip, matched: req.query.matched !== undefined }), {
      layout: 'default', routeName: 'swipe-game', title: page.t('pages:swipeGame.title'), noindex: true,
    });
  });

  // Without JavaScript: the like as a form post; the game goes on with the next profile.
  router.post('/swipe-game/like', async (req, res) => {
    const { profile, skip } = parseInput(z.object({ profile: z.coerce.number().int().positive().max(2147483647), skip: z.string().max(3000).optional() }), req.body);
    const back = skipOf(skip);
    try {
      const answer = await services.swipeGame.like(viewerOf(req), profile, res.locals.page!.settings.cdn_prefix);
      const query = new URLSearchParams({ ...(back.length ? { skip: back.join(',') } : {}), ...(answer.match ? { matched: String(profile) } : {}) });
      res.redirect(303, `/swipe-game${query.size ? `?${query.toString()}` : ''}`);
    } catch (err) {
      // The daily limit shows on the game page itself.
      if (err instanceof AppError && err.code === 'rate_limited') return res.redirect(303, '/swipe-game');
      throw err;
    }
  });

  router.get('/match-finder', async (req, res) => {
    const page = res.locals.page!;
    const viewer = viewerOf(req);
    const f = finderSchema.parse(req.query);
    const searched = Boolean(f.age || f.appearance || f.race);
    const bucket = f.age ? AGE_BUCKETS[f.age] : undefined;
    // Gender, age range and country order from the member's search filters unless the finder says otherwise.
    const prefs = searched ? await services.search.preferencesOf(viewer) : null;
    const result = prefs
      ? await services.search.search(
          {
            gender: prefs.filters.gender || undefined,
            minAge: bucket?.[0] ?? prefs.filters.minAge ?? undefined,
            maxAge: bucket?.[1] ?? prefs.filters.maxAge ?? undefined,
            appearance: f.appearance,
            race: f.race,
            preferCountry: prefs.homeCountry,
            page: f.page ?? 1,
          },
          { siteCountries: page.settings.countries, ...cardContextOf(req), viewer },
        )
      : null;
    const filters: MatchFinderFilters = { age: f.age ?? '', appearance: f.appearance ?? '', race: f.race ?? '' };
    renderPage(res, createElement(MatchFinderPage, { filters, result }), {
      layout: 'default', routeName: 'match-finder', title: page.t('pages:matchFinder.title'), noindex: true,
    });
  });

  return router;
}
