// Footer pages (/pages/{slug}, /complaints), language choice (/lang-config), entry-warning skip.
import { Router, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { NotFoundError } from '../../errors.js';
import { secureFor } from '../../lib/cookies.js';
import { localeOf, setLocaleCookie } from '../../middleware/locale.js';
import { ENTRY_COOKIE } from '../../render/page-context.js';
import { PageCache } from '../../render/page-cache.js';
import { renderPage } from '../../render/render-page.js';
import { LangConfigPage } from '../../../views/pages/lang-config-page.js';
import { StaticPage, legalText } from '../../../views/pages/static-page.js';
import { LOCALES } from '../../../types/settings.js';
import type { RouteDeps } from '../route-deps.js';
import { parseInput, safeReturnPath } from '../validate.js';
import { countryName } from '../../lib/country-names.js';
import { complaintRoutes } from './complaint-routes.js';

const STATIC_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** Dates as the site's country writes them in the page's language ("1 December 2023" on en-GB, "December 1, 2023" on en-US). */
function dateLocaleOf(lng: string, domainLanguage: string): string {
  return domainLanguage.startsWith(`${lng}-`) ? domainLanguage : lng;
}
/** Rendered legal texts kept at most (sites × languages × pages, plus company changes). */
const MAX_CACHED_TEXTS = 1000;

export function infoRoutes({ services, config, keptAnswers }: RouteDeps): Router {
  const router = Router();
  /**
   * A legal page's text depends only on the site, the language and the facts filled into it (all
   * in the key), so it is rendered once, not per request: the terms cost more than a database
   * search while they were translated and rendered on every view (issue 17).
   */
  const texts = new Map<string, string>();
  /** Intl formatters are costly to make: one per language. */
  const dateFormats = new Map<string, Intl.DateTimeFormat>();
  const longDate = (lng: string) => {
    let format = dateFormats.get(lng);
    if (!format) dateFormats.set(lng, (format = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' })));
    return format;
  };

  /** The page's legal text as HTML, with the site's and company's facts filled in. */
  const legalHtml = async (slug: string, res: Response): Promise<{ html: string; vars: Record<string, string | number> }> => {
    const page = res.locals.page!;
    const company = await services.company.get();
    const termsDate = services.company.termsDate(company);
    const vars = {
      companyName: company.name || page.site.name,
      companyAddress: company.address,
      companyCity: company.city,
      companyCountry: countryName(page.lng, company.country),
      kvk: company.kvk,
      vatNumbers: company.vat_numbers.join(', '),
      siteName: page.site.name,
      supportEmail: page.settings.support_email,
      supportPhone: page.settings.support_phone,
      refundDays: page.settings.refund_days,
      termsDate: longDate(dateLocaleOf(page.lng, page.settings.domain_language)).format(termsDate),
      termsDateIso: termsDate.toISOString(),
      fictionalPlural: page.settings.fictional_plural,
    };
    const key = `${page.site.domain}\u0000${page.lng}\u0000${slug}\u0000${JSON.stringify(vars)}`;
    let html = texts.get(key);
    if (html === undefined) {
      if (texts.size >= MAX_CACHED_TEXTS) texts.clear();
      texts.set(key, (html = legalText(page.t, slug, vars)));
    }
    return { html, vars };
  };

  /** A visitor's legal page is kept whole (render/page-cache.ts); a member's has their own top bar. */
  const keptPages = new PageCache();
  const renderLegal = async (slug: string, res: Response, routeName: string) => {
    const page = res.locals.page!;
    await keptPages.send(res, routeName, async () => {
      const { html, vars } = await legalHtml(slug, res);
      return { element: createElement(StaticPage, { html }), opts: { layout: 'default', routeName, title: page.t(`legal:${slug}.title`, vars) } };
    });
  };

  keptAnswers?.register({
    pattern: '/pages/:slug',
    match: (path) => {
      const slug = path.startsWith('/pages/') ? path.slice('/pages/'.length) : undefined;
      return slug && (STATIC_PAGES as readonly string[]).includes(slug) ? { slug } : undefined;
    },
    keptFor: async (_visitor, { slug }) => ({ cache: keptPages, key: `pages-${slug!}` }),
  });

  router.get('/pages/:slug', async (req, res) => {
    const slug = req.params.slug;
    if (!(STATIC_PAGES as readonly string[]).includes(slug)) throw new NotFoundError();
    await renderLegal(slug, res, `pages-${slug}`);
  });

  // The complaints procedure with its form below (complaint-routes.ts).
  router.use(complaintRoutes({ services }, async (res) => (await legalHtml('complaints', res)).html));

  router.get('/lang-config', (req, res) => {
    renderPage(res, createElement(LangConfigPage, { suggested: res.locals.page!.site.languages }), {
      layout: 'default',
      routeName: 'lang-config',
      title: res.locals.page!.t('pages:langConfig.title'),
    });
  });

  router.post('/lang-config', async (req, res) => {
    const { lng, return: back } = parseInput(z.object({ lng: z.enum(LOCALES), return: z.string().optional() }), req.body);
    setLocaleCookie(res, lng, secureFor(req, config.secureCookies));
    if (req.user) await services.members.setLanguage(req.user.id, lng);
    if (req.accepts(['html', 'json']) === 'json') return res.json({ language: lng });
    res.redirect(303, safeReturnPath(back));
  });

  // The visitor confirmed the adults-only warning: remember when, for a year (SPEC.md §2).
  router.post('/site-entry', (req, res) => {
    res.cookie(ENTRY_COOKIE, String(Date.now()), { maxAge: YEAR_MS, httpOnly: true, sameSite: 'lax', secure: secureFor(req, config.secureCookies) });
    if (req.accepts(['html', 'json']) === 'json') return res.json({ skipped: true, language: localeOf(req) });
    res.redirect(303, safeReturnPath((req.body as { return?: unknown } | undefined)?.return));
  });

  return router;
}
