// Builds what every server-rendered view reads (see views/render-context.tsx) for one request.
import type { Request, Response } from 'express';
import type { TFunction, i18n as I18n } from 'i18next';
import { localeOf } from '../middleware/locale.js';
import { cachedT } from './i18n.js';
import type { Services } from '../services/index.js';
import type { CompanyInfo } from '../services/company/company-service.js';
import type { Site } from '../services/sites/sites-service.js';
import type { PageContext } from '../../views/render-context.js';
import { COUNTRY_LANGUAGES, isCountry } from '../../types/countries.js';
import { LOCALES, type Locale, type SiteSettings } from '../../types/settings.js';
import type { SessionUser } from '../../types/user.js';
import { welcomeDaysOf } from '../services/sites/default-settings.js';
import { countryName } from '../lib/country-names.js';

export const ENTRY_COOKIE = 'amora_entry';

export interface PageContextDeps {
  services: Services;
  i18n: I18n;
  csrfToken: (req: Request, res: Response) => string;
  pushPublicKey: string;
}

/** Everything of a request that the page facts below depend on. */
export interface PageFactsInput {
  site: Site;
  lng: Locale;
  clientCountry: string | null;
  /** The `amora_entry` cookie's value: the visitor confirmed the adults-only warning. */
  entryCookie: unknown;
  user: SessionUser | null;
}

/** A page's facts that are the same for every request of one site, language, country and entry state. */
export interface PageFacts {
  t: TFunction;
  company: CompanyInfo;
  settings: SiteSettings;
  showEntryWarning: boolean;
  testPayments: boolean;
  /** The objects the facts were made from, each replaced when it changes (render/page-cache.ts). */
  sources: object[];
}

/**
 * The page facts of a request. Both the page context below and the kept pages answered ahead of
 * Express (render/kept-answers.ts) take them from here, so both see the same page.
 */
export async function pageFactsOf(deps: Pick<PageContextDeps, 'services' | 'i18n' | 'pushPublicKey'>, input: PageFactsInput): Promise<PageFacts> {
  const t = cachedT(deps.i18n, input.lng);
  const company = await deps.services.company.get();
  const settings = await deps.services.sites.settingsFor(input.site, {
    t,
    lng: input.lng,
    geoipCountry: input.clientCountry,
    supportPhone: company.support_phone,
    pushPublicKey: deps.pushPublicKey,
  });
  const popup = settings.enable_site_entry_popup;
  const showEntryWarning = popup !== 'no' && !input.user && !input.entryCookie && popup.includes(settings.geoip_selected_country);
  return {
    t,
    company,
    settings,
    showEntryWarning,
    testPayments: deps.services.payments.provider.name === 'test',
    sources: [input.site, company, settings.minimum_message_costs],
  };
}

export async function buildPageContext(req: Request, res: Response, deps: PageContextDeps): Promise<PageContext> {
  const lng = localeOf(req);
  const facts = await pageFactsOf(deps, {
    site: req.site,
    lng,
    clientCountry: req.clientCountry,
    entryCookie: req.cookies?.[ENTRY_COOKIE],
    user: req.user,
  });
  res.locals.pageSources = facts.sources;
  return pageContextOf(deps.i18n, { site: req.site, lng, facts, user: req.user, csrfToken: deps.csrfToken(req, res), currentUrl: req.originalUrl });
}

/**
 * The page context of a site, language and page facts for one user (or visitor), token and
 * address: buildPageContext's for a request, and the kept answers' for a visitor's page they
 * render ahead of Express (render/kept-answers.ts).
 */
export function pageContextOf(
  i18n: I18n,
  input: { site: Site; lng: Locale; facts: PageFacts; user: SessionUser | null; csrfToken: string; currentUrl: string },
): PageContext {
  const { site, lng, facts, user } = input;
  const { t, company, settings, showEntryWarning, testPayments } = facts;
  const country = settings.geoip_selected_country;
  return {
    t,
    i18n,
    lng,
    site: { name: site.name, domain: site.domain, languages: isCountry(country) ? COUNTRY_LANGUAGES[country] : [...LOCALES] },
    settings,
    company: {
      name: company.name,
      address: company.address,
      city: company.city,
      country: countryName(lng, company.country),
      kvk: company.kvk,
      vatNumbers: company.vat_numbers,
      supportPhone: company.support_phone,
    },
    user,
    csrfToken: input.csrfToken,
    currentUrl: input.currentUrl,
    now: Date.now(),
    routeName: '',
    showEntryWarning,
    testPayments,
    welcomeDays: welcomeDaysOf(site.stored),
  };
}
