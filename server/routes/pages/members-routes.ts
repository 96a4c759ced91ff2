// Search (/members) and profile view (/members/{id}).
import { Router, type Request } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { PageCache, VISITOR_PAGE_TTL_MS, type KeptRender } from '../../render/page-cache.js';
import { renderPage } from '../../render/render-page.js';
import { regionFieldHtml } from '../../render/region-field.js';
import { keptCardsHtml } from '../../render/kept-cards.js';
import { AppError } from '../../errors.js';
import type { PageContext } from '../../../views/render-context.js';
import { trackingOfPlainGet } from '../../middleware/traffic.js';
import type { TrackingRecord } from '../../services/traffic/tracking-record.js';
import { MembersPage, SIMILAR_PRIORITY, type MembersFilters } from '../../../views/pages/members-page.js';
import { ProfilePage, type ProfilePageProps } from '../../../views/pages/profile-page.js';
import type { RouteDeps } from '../route-deps.js';
import { parseId } from '../validate.js';
import { viewerOf } from '../session-helpers.js';
import { rememberSearch, searchPreferencesOf, visitorPreferences, visitorSearchCookie } from '../search-session.js';
import { sameFilters, type SearchPreferences } from '../../services/search/search-preferences.js';
import { SEARCH_ORDERS, type SearchFilters } from '../../../types/search.js';
import type { Services } from '../../services/index.js';
import type { ProfileDetail } from '../../../types/profiles.js';
import { hasSource } from '../../services/traffic/tracking-record.js';
import { cardContextOf, cardContextOfSite } from '../card-context.js';

const PROFILE_NOTICES = { liked: 'profile.likedNotice', unliked: 'profile.unlikedNotice', unblocked: 'profile.unblockedNotice' } as const;

/** Two views of a profile show the same (their presence aside, which is live). */
type ProfileViewContext = Parameters<Services['profiles']['view']>[1];
const sameProfile = (a: ProfileDetail, b: ProfileDetail) => JSON.stringify({ ...a, presence: null }) === JSON.stringify({ ...b, presence: null });

/** The kept page's key of a visitor's view of a profile. */
const profileKey = (id: number, noticeKey: string | undefined) => `${id}\u0000${noticeKey ?? ''}`;

/** The match modal's delay from the `t` query: whole seconds, 0 to 60. */
function delayOf(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) ? Math.min(60, Math.max(0, Math.round(n))) : 0;
}

const age = z.coerce.number().int().min(18).max(99);
const filterSchema = z.object({
  gender: z.enum(['male', 'female']).optional(),
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
  countryregion: z.string().trim().min(1).max(100).optional(),
  min_age: age.optional(),
  max_age: age.optional(),
  order: z.enum(SEARCH_ORDERS).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
});

const FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age', 'order'] as const;

/** The filters a query chose: a missing or empty field is "any"; ages in order; a site country only. */
function filtersFromQuery(f: z.infer<typeof filterSchema>, siteCountries: string[]): SearchFilters {
  let [minAge, maxAge] = [f.min_age ?? null, f.max_age ?? null];
  if (minAge !== null && maxAge !== null && minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  const country = f.country && siteCountries.includes(f.country) ? f.country : '';
  return { gender: f.gender ?? '', country, region: f.countryregion ?? '', minAge, maxAge, order: f.order ?? 'active' };
}

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

/**
 * Logged-out search rules (SPEC.md §5): a visitor with a traffic source (this query's, or the one a
 * landing left in the cookie; middleware/traffic.ts) follows logged_out_search_trafficsource.
 */
function mayVisitorSearch(tracking: TrackingRecord, settings: { logged_out_search: string; logged_out_search_trafficsource: string }): boolean {
  return hasSource(tracking) ? settings.logged_out_search_trafficsource !== 'none' : settings.logged_out_search !== 'none';
}

/** Everything a search page shows but the profiles found: a visitor's kept page is kept by it. */
interface SearchChoice {
  chosen: SearchFilters;
  homeCountry: string;
  page: number;
  invalid: string[];
  /** The choice differs from the defaults: a reset is offered. */
  remembered: boolean;
}

/**
 * The choice a search's query makes. A query with any filter is a choice (the form sends them
 * all; "" is "any"), to remember when valid; without one (the menu link, paging of a remembered
 * choice) the remembered filters or the defaults apply. The route and its kept answer decide here.
 */
function choiceOfQuery(query: Request['query'], prefs: SearchPreferences, siteCountries: string[]): { choice: SearchChoice; remember: boolean } {
  const { filters, invalid } = readFilters(query);
  const chose = FILTER_KEYS.some((k) => query[k] !== undefined);
  const chosen = chose ? filtersFromQuery(filters, siteCountries) : prefs.filters;
  const remembered = chose ? !sameFilters(chosen, prefs.defaults) : prefs.remembered;
  return { choice: { chosen, homeCountry: prefs.homeCountry, page: filters.page ?? 1, invalid, remembered }, remember: chose && invalid.length === 0 };
}

/** The kept page's key of a visitor's search (the route and the kept answers make it here). */
const searchKey = (c: SearchChoice) => JSON.stringify([c.chosen, c.homeCountry, c.page, c.invalid, c.remembered]);

/** A plain profile path as the kept answers take it (render/kept-answers.ts), as parseId() reads it. */
const PLAIN_PROFILE_PATH = /^\/members\/([1-9][0-9]{0,9})$/;

export function membersRoutes({ services, config, keptAnswers }: RouteDeps): Router {
  const router = Router();
  // A visitor's search and profile pages are kept a few seconds (render/page-cache.ts): the same
  // choices see the same page, its profiles and their presence up to VISITOR_PAGE_TTL_MS old.
  const visitorSearches = new PageCache(Date.now, { ttlMs: VISITOR_PAGE_TTL_MS });
  const visitorProfiles = new PageCache(Date.now, { ttlMs: VISITOR_PAGE_TTL_MS, maxPages: 2000 });

  /** The search page of a choice: found as the searcher (a member, or null for a visitor) may see. */
  const searchPage = async (c: SearchChoice, req: Request, page: PageContext, notice: string | undefined, blocked?: Promise<number[]>): Promise<KeptRender> => {
    const siteCountries = page.settings.countries;
    const { chosen } = c;
    const country = siteCountries.includes(chosen.country) ? chosen.country : '';
    const near = chosen.order === 'near'
      ? await services.search.searchCenter(req.viewer, { country, region: chosen.region, homeCountry: c.homeCountry, siteCountries })
      : null;
    const [result, regions] = await Promise.all([
      services.search.search(
        {
          gender: chosen.gender || undefined,
          country: country || undefined,
          region: chosen.region || undefined,
          minAge: chosen.minAge ?? undefined,
          maxAge: chosen.maxAge ?? undefined,
          preferCountry: c.homeCountry || undefined,
          near: near ?? undefined,
          page: c.page,
        },
        { siteCountries, ...cardContextOf(req), viewer: req.viewer, blocked },
      ),
      services.catalog.regionsOf(siteCountries),
    ]);
    const card = cardContextOf(req);
    const cardsHtml = { profiles: keptCardsHtml(page, { profiles: result.profiles }), similar: keptCardsHtml(page, { profiles: result.similar, priorityCount: SIMILAR_PRIORITY }) };
    const shown: MembersFilters = {
      gender: chosen.gender,
      country,
      countryregion: chosen.region,
      min_age: chosen.minAge ? String(chosen.minAge) : '',
      max_age: chosen.maxAge ? String(chosen.maxAge) : '',
      order: near ? 'near' : '',
    };
    return {
      element: createElement(MembersPage, { result, cardsHtml, filters: shown, invalid: c.invalid, notice, canReset: c.remembered, homeCountry: c.homeCountry, regionField: page.settings.search_fields.includes('region') ? regionFieldHtml(page, regions, country, shown.countryregion) : '' }),
      opts: {
        layout: 'default',
        routeName: 'members',
        title: page.t('pages:members.title'),
        status: c.invalid.length ? 400 : 200,
        noindex: Boolean(req.user) || c.invalid.length > 0,
      },
      // Kept for visitors only while every profile on it is still shown as it is.
      stillHolds: () => services.search.stillShown([...result.profiles, ...result.similar], card),
    };
  };

  keptAnswers?.register({
    pattern: '/members',
    match: (path) => (path === '/members' ? {} : undefined),
    // The filters and the page; anything else (a reset, a traffic source) is the router's.
    queryKeys: Object.keys(filterSchema.shape),
    keptFor: async ({ clientCountry, cookies, facts, secure }, _params, query) => {
      if (!mayVisitorSearch(trackingOfPlainGet(cookies), facts.settings)) return undefined;
      const siteCountries = facts.settings.countries;
      const prefs = visitorPreferences(cookies, clientCountry, siteCountries);
      const { choice, remember } = choiceOfQuery(query, prefs, siteCountries);
      const cookie = remember ? visitorSearchCookie(prefs, choice.chosen, secure) : null;
      return { cache: visitorSearches, key: searchKey(choice), cookies: cookie ? [cookie] : [] };
    },
  });

  router.get('/members', async (req, res) => {
    const page = res.locals.page!;
    if (!req.user && !mayVisitorSearch(req.tracking, page.settings)) return res.redirect(303, '/');
    const siteCountries = page.settings.countries;
    // A member's blocks, which the search leaves out, are asked with the preferences: on MySQL one
    // trip (db-read-batch.ts). An answer that does not search (a reset) leaves it unread; its
    // failure is then no one's (the handler only keeps it from being an unhandled rejection).
    const blocked = req.viewer ? services.search.blockedFor(req.viewer) : undefined;
    blocked?.catch(() => undefined);
    const prefs = await searchPreferencesOf(req, services, siteCountries);
    if (req.query.reset !== undefined) {
      await rememberSearch(req, res, { services, config }, prefs, null);
      return res.redirect(303, '/members');
    }
    const { choice, remember } = choiceOfQuery(req.query, prefs, siteCountries);
    if (remember) await rememberSearch(req, res, { services, config }, prefs, choice.chosen);
    if (!req.user) return visitorSearches.send(res, searchKey(choice), () => searchPage(choice, req, page, undefined));
    // After a block: the name only of a profile this member did block.
    const blockedId = req.viewer && typeof req.query.blocked === 'string' && /^[1-9][0-9]{0,9}$/.test(req.query.blocked) ? Number(req.query.blocked) : 0;
    const blockedName = blockedId ? await services.blocks.nameBlockedBy(req.viewer!, blockedId) : undefined;
    const notice = blockedName ? page.t('pages:members.blockedNotice', { name: blockedName }) : undefined;
    const { element, opts } = await searchPage(choice, req, page, notice, blocked);
    renderPage(res, element, opts);
  });

  keptAnswers?.register({
    pattern: '/members/:id',
    match: (path) => {
      const m = PLAIN_PROFILE_PATH.exec(path);
      return m ? { id: m[1] } : undefined;
    },
    // Rendered there when not kept: each profile is asked for rarely (render/kept-answers.ts).
    keptFor: async ({ site, facts }, { id }) => {
      const profileId = parseId(id);
      const ctx = { viewer: null, ...cardContextOfSite(site), visibleFields: facts.settings.visible_profile_fields };
      return { cache: visitorProfiles, key: profileKey(profileId, undefined), render: profilePage(profileId, ctx, false) };
    },
  });

  /** A profile's page as `ctx` sees it; `extras` adds what the request asks for besides (a notice, the match modal). */
  const profilePage =
    (id: number, ctx: ProfileViewContext, member: boolean, extras?: (profile: ProfileDetail) => Pick<ProfilePageProps, 'notice' | 'matchModal'>) =>
    async (): Promise<KeptRender> => {
      const profile = await services.profiles.view(id, ctx);
      return {
        element: createElement(ProfilePage, { profile, ...extras?.(profile) }),
        opts: { layout: 'default', routeName: 'members-id', title: `${profile.name}, ${profile.age}`, description: profile.about ?? undefined, noindex: member },
        // Kept for visitors only while the profile is still visible and the same (its presence aside).
        // (A profile no longer found does not hold; the database failing is an error, not a change.)
        stillHolds: () => services.profiles.view(id, { ...ctx, withoutPresence: true }).then((now) => sameProfile(now, profile), (err: unknown) => (err instanceof AppError && err.status === 404 ? false : Promise.reject(err))),
      };
    };

  router.get('/members/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const page = res.locals.page!;
    const noticeKey = PROFILE_NOTICES[String(req.query.notice) as keyof typeof PROFILE_NOTICES];
    const ctx = { viewer: req.viewer, ...cardContextOf(req), visibleFields: page.settings.visible_profile_fields };
    const render = profilePage(id, ctx, Boolean(req.user), (profile) => ({
      notice: noticeKey ? page.t(noticeKey, { name: profile.name }) : undefined,
      // ?match=1 after a like that made a match; `t` delays the modal by that many seconds.
      matchModal:
        req.user && profile.relation?.match && req.query.match !== undefined
          ? {
              profile: { id: profile.id, name: profile.name, photoUrl: profile.photo?.thumbUrl ?? null, fictionalLabel: profile.isFictional ? page.settings.fictional_singular : null },
              kind: 'match',
              delaySeconds: delayOf(req.query.t),
              own: { name: req.user.profile.name, photoUrl: req.user.profile.main_image?.match ?? null },
            }
          : undefined,
    }));
    // A visitor's view of a profile is the same for every visitor (a few seconds: see above).
    if (!req.user) return visitorProfiles.send(res, profileKey(id, noticeKey), render);
    const { element, opts } = await render();
    renderPage(res, element, opts);
  });

  // The profile's actions as plain form posts (islands call /api/like.php and /api/block.php).
  router.post('/members/:id/like', async (req, res) => {
    const id = parseId(req.params.id);
    const answer = await services.likes.like(viewerOf(req), id, res.locals.page!.settings.cdn_prefix);
    res.redirect(303, answer.match ? `/members/${id}?match=1` : `/members/${id}?notice=liked`);
  });

  router.post('/members/:id/unlike', async (req, res) => {
    const id = parseId(req.params.id);
    await services.likes.unlike(viewerOf(req), id, res.locals.page!.settings.cdn_prefix);
    res.redirect(303, `/members/${id}?notice=unliked`);
  });

  router.post('/members/:id/block', async (req, res) => {
    const id = parseId(req.params.id);
    await services.blocks.block(viewerOf(req), id);
    res.redirect(303, `/members?blocked=${id}`);
  });

  router.post('/members/:id/unblock', async (req, res) => {
    const id = parseId(req.params.id);
    await services.blocks.unblock(viewerOf(req), id);
    res.redirect(303, `/members/${id}?notice=unblocked`);
  });

  return router;
}
