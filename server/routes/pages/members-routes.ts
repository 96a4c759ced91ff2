// Search (/members) and profile view (/members/{id}).
import { Router, type Request } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { renderPage } from '../../render/render-page.js';
import { MembersPage, type MembersFilters } from '../../../views/pages/members-page.js';
import { ProfilePage } from '../../../views/pages/profile-page.js';
import type { RouteDeps } from '../route-deps.js';
import { parseId } from '../validate.js';

const age = z.coerce.number().int().min(18).max(99);
const filterSchema = z.object({
  gender: z.enum(['male', 'female']).optional(),
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
  countryregion: z.string().trim().min(1).max(100).optional(),
  min_age: age.optional(),
  max_age: age.optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
});

/** Reads each filter on its own: a bad value is dropped (and reported), the rest still apply. */
function readFilters(query: Request['query']) {
  const clean: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const key of Object.keys(filterSchema.shape) as (keyof typeof filterSchema.shape)[]) {
    const raw = query[key];
    if (raw === undefined || raw === '') continue;
    const parsed = filterSchema.shape[key].safeParse(raw);
    if (parsed.success) clean[key] = parsed.data;
    else invalid.push(key);
  }
  return { filters: clean as z.infer<typeof filterSchema>, invalid };
}

/** Logged-out search rules (SPEC.md §5), with a traffic source deciding between the two settings. */
function mayVisitorSearch(req: Request, settings: { logged_out_search: string; logged_out_search_trafficsource: string }): boolean {
  const hasTrafficSource = Boolean(req.session?.tracking?.network || req.query.network || req.query.ref);
  return hasTrafficSource ? settings.logged_out_search_trafficsource !== 'none' : settings.logged_out_search !== 'none';
}

export function membersRoutes({ services }: RouteDeps): Router {
  const router = Router();

  router.get('/members', async (req, res) => {
    const page = res.locals.page!;
    if (!req.user && !mayVisitorSearch(req, page.settings)) return res.redirect(303, '/');
    const { filters, invalid } = readFilters(req.query);
    if (filters.min_age && filters.max_age && filters.min_age > filters.max_age) {
      [filters.min_age, filters.max_age] = [filters.max_age, filters.min_age];
    }
    const country = filters.country && page.settings.countries.includes(filters.country) ? filters.country : undefined;
    const [result, regions] = await Promise.all([
      services.search.search(
        { gender: filters.gender, country, region: filters.countryregion, minAge: filters.min_age, maxAge: filters.max_age, page: filters.page ?? 1 },
        { siteCountries: page.settings.countries, cdnPrefix: page.settings.cdn_prefix, viewer: req.viewer },
      ),
      services.catalog.regionsOf(page.settings.countries),
    ]);
    const shown: MembersFilters = {
      gender: filters.gender ?? '',
      country: country ?? '',
      countryregion: filters.countryregion ?? '',
      min_age: filters.min_age ? String(filters.min_age) : '',
      max_age: filters.max_age ? String(filters.max_age) : '',
    };
    renderPage(res, createElement(MembersPage, { result, filters: shown, regions, invalid }), {
      layout: 'default',
      routeName: 'members',
      title: page.t('pages:members.title'),
      status: invalid.length ? 400 : 200,
      noindex: Boolean(req.user) || invalid.length > 0,
    });
  });

  router.get('/members/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const page = res.locals.page!;
    const profile = await services.profiles.view(id, {
      viewer: req.viewer,
      cdnPrefix: page.settings.cdn_prefix,
      visibleFields: page.settings.visible_profile_fields,
    });
    renderPage(res, createElement(ProfilePage, { profile }), {
      layout: 'default',
      routeName: 'members-id',
      title: `${profile.name}, ${profile.age}`,
      description: profile.about ?? undefined,
    });
  });

  return router;
}
