// The landing pages of SPEC.md §2: /landers/{name}/{slug?} (paid traffic arrives here) and the
// member landings /members/{id}/landing, /landing2/{slug?}, /landing3/{slug?}. Every call to action
// keeps the campaign's tracking query (network, ref, sub1-3). A lander's call to action is the
// lander itself with `?signup=1`, which adds the signup steps over it: only that response ships the
// signup island's script, the lander alone ships none.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { NotFoundError } from '../../errors.js';
import { CTA_MARK, LanderBodies } from '../../render/lander-bodies.js';
import { PageCache } from '../../render/page-cache.js';
import { escapeHtml, renderPage } from '../../render/render-page.js';
import { cleanTracking } from '../../services/traffic/tracking-record.js';
import { LanderPageShell } from '../../../views/pages/landers/lander-page.js';
import { MemberLandingPage } from '../../../views/pages/landers/member-landings.js';
import { LANDER_VIEWS, LANDERS_WITH_MAP } from '../../../views/pages/landers/registry.js';
import { FIXED_LANDERS, VARIANT_LANDERS, type LanderName, type MemberLanding } from '../../../types/landers.js';
import { MEMBER_LANDING_THEMES, type MemberLandingTheme } from '../../../types/lander-pages.js';
import type { RouteDeps } from '../route-deps.js';
import { cardContextOf, cardContextOfSite } from '../card-context.js';
import type { CardContext } from '../../services/profiles/profile-views.js';
import { parseId } from '../validate.js';
import { signupCatalog } from './signup-routes.js';

const isFixed = (name: string): name is LanderName => (FIXED_LANDERS as readonly string[]).includes(name);
const isVariant = (name: string): name is LanderName => (VARIANT_LANDERS as readonly string[]).includes(name);

/** `path` with the (cleaned) tracking parameters of a request's query and `extra` as its query. */
export function withTracking(path: string, query: Request['query'], extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...(cleanTracking(query) as Record<string, string>), ...extra }).toString();
  return params ? `${path}?${params}` : path;
}

/** The view of /landers/{name}/{slug?}; undefined is the 404 page (fixed landers have no variants; a name without a view is not built yet). */
function landerView(name: string, slug: string | undefined) {
  return (isFixed(name) && slug === undefined) || isVariant(name) ? LANDER_VIEWS[name as LanderName] : undefined;
}

/** A plain lander path as the kept answers take it (render/kept-answers.ts); anything else is Express's. */
const PLAIN_LANDER_PATH = /^\/landers\/([a-z0-9-]{1,40})(?:\/([a-z0-9-]{1,60}))?$/;

export function landerRoutes({ services, keptAnswers }: RouteDeps): Router {
  const router = Router();
  const bodies = new LanderBodies();
  const keptPages = new PageCache();

  /** What the lander shows a visitor of this site and country: the same for the route and the kept answers. */
  const shown = async (name: string, slug: string | undefined, v: { countries: string[]; clientCountry: string | null; card: CardContext }) => {
    const where = { countries: v.countries, visitorCountry: v.clientCountry };
    const selection = await services.landers.selection({ slug, ...where, ...v.card });
    const path = `/landers/${name}${slug === undefined ? '' : `/${encodeURIComponent(slug)}`}`;
    return {
      where,
      selection,
      path,
      // The traffic counter (middleware/traffic.ts) counts the variant shown: an unknown slug is the default.
      landerVariant: selection.variant.kind === 'default' ? null : (slug ?? null),
    };
  };
  /** The lander alone is kept whole (render/page-cache.ts), but for the address of its calls to action, which keeps each click's tracking query. */
  const keptLander = (name: string, slug: string | undefined, lander: Awaited<ReturnType<typeof shown>>, query: Request['query']) => ({
    cache: keptPages,
    key: `${name}\u0000${slug ?? ''}`,
    sources: [lander.selection],
    marks: { [CTA_MARK]: escapeHtml(withTracking(lander.path, query, { signup: '1' })) },
    landerVariant: lander.landerVariant,
  });

  keptAnswers?.register({
    pattern: '/landers/:name{/:slug}',
    match: (path) => {
      const m = PLAIN_LANDER_PATH.exec(path);
      return m ? { name: m[1]!, slug: m[2] } : undefined;
    },
    keptFor: async ({ site, clientCountry, facts }, { name, slug }) => {
      if (!landerView(name!, slug)) return undefined;
      const lander = await shown(name!, slug, { countries: facts.settings.countries, clientCountry, card: cardContextOfSite(site) });
      return keptLander(name!, slug, lander, {});
    },
  });

  router.get('/landers/:name{/:slug}', async (req, res) => {
    const { name, slug } = req.params as { name: string; slug?: string };
    const view = landerView(name, slug);
    if (!view) throw new NotFoundError();
    // A lander's only way on is the signup; members belong on their home.
    if (req.user) return res.redirect(303, '/members');
    const page = res.locals.page!;
    const lander = await shown(name, slug, { countries: page.settings.countries, clientCountry: req.clientCountry, card: cardContextOf(req) });
    const { selection, where, path } = lander;
    const map = LANDERS_WITH_MAP.has(name as LanderName) ? await services.landers.map(selection, where) : undefined;
    res.locals.landerVariant = lander.landerVariant;
    const signupOpen = req.query.signup === '1';
    const opts = {
      layout: 'lander',
      routeName: `lander-${name}`,
      title: page.t(`landers:${name}.title`),
      description: page.t(`landers:${name}.description`),
      // Campaign pages: the same offer under many URLs, not for search engines.
      noindex: true,
    } as const;
    if (signupOpen) {
      const html = bodies.html(page, name, view, { selection, map }, withTracking(path, req.query, { signup: '1' }));
      const signup = await signupPanel(req, res, withTracking(path, req.query), selection.gender);
      return renderPage(res, createElement(LanderPageShell, { name, html, signup }), opts);
    }
    const kept = keptLander(name, slug, lander, req.query);
    await keptPages.send(res, kept.key, () => ({ element: createElement(LanderPageShell, { name, html: bodies.marked(page, name, view, { selection, map }), signup: null }), opts }), kept);
  });

  /** The account step, its dialog closing back to the lander; the tracking query goes with the form. */
  const signupPanel = async (req: Request, res: Response, closeTo: string, seeking: 'male' | 'female') => ({
    step: 'account' as const,
    ...(await signupCatalog(res, services)),
    values: null,
    errors: {},
    tracking: cleanTracking(req.query) as Record<string, string>,
    returnTo: '/members',
    target: null,
    seeking,
    closeTo,
  });

  const memberLanding = (layout: MemberLanding) => async (req: Request, res: Response) => {
    const id = parseId(req.params.id);
    const page = res.locals.page!;
    // Hidden, disabled and unknown profiles are the 404 page, as on /members/{id}.
    const { profile, teaser } = await services.landers.memberLanding(id, { ...cardContextOf(req), visibleFields: page.settings.visible_profile_fields });
    if (req.user) return res.redirect(303, `/members/${profile.id}`);
    const slug = req.params.slug as string | undefined;
    const theme: MemberLandingTheme = slug && (MEMBER_LANDING_THEMES as readonly string[]).includes(slug) ? (slug as MemberLandingTheme) : 'default';
    res.locals.landerVariant = theme === 'default' ? null : theme;
    renderPage(
      res,
      createElement(MemberLandingPage, { layout, profile, teaser, theme, signupHref: withTracking(`/members/${profile.id}/signup`, req.query) }),
      {
        layout: 'lander',
        routeName: `members-${layout}`,
        title: page.t('landers:member.title', { name: profile.name, age: profile.age }),
        description: teaser ?? page.t(`landers:member.headline.${theme}`, { name: profile.name }),
        noindex: true,
      },
    );
  };

  router.get('/members/:id/landing', memberLanding('landing'));
  router.get('/members/:id/landing2{/:slug}', memberLanding('landing2'));
  router.get('/members/:id/landing3{/:slug}', memberLanding('landing3'));

  return router;
}
