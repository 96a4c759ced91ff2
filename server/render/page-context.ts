// Builds what every server-rendered view reads (see views/render-context.tsx) for one request.
import type { Request, Response } from 'express';
import type { i18n as I18n } from 'i18next';
import { localeOf } from '../middleware/locale.js';
import { cachedT } from './i18n.js';
import type { Services } from '../services/index.js';
import type { PageContext } from '../../views/render-context.js';
import { COUNTRY_LANGUAGES, isCountry } from '../../types/countries.js';
import { LOCALES } from '../../types/settings.js';
import { welcomeDaysOf } from '../services/sites/default-settings.js';

export const ENTRY_COOKIE = 'amora_entry';

export interface PageContextDeps {
  services: Services;
  i18n: I18n;
  csrfToken: (req: Request, res: Response) => string;
  pushPublicKey: string;
}

export async function buildPageContext(req: Request, res: Response, deps: PageContextDeps): Promise<PageContext> {
  const lng = localeOf(req);
  const t = cachedT(deps.i18n, lng);
  const company = await deps.services.company.get();
  const settings = await deps.services.sites.settingsFor(req.site, {
    t,
    lng,
    geoipCountry: req.clientCountry,
    supportPhone: company.support_phone,
    pushPublicKey: deps.pushPublicKey,
  });
  const popup = settings.enable_site_entry_popup;
  const showEntryWarning =
    popup !== 'no' && !req.user && !req.cookies?.[ENTRY_COOKIE] && popup.includes(settings.geoip_selected_country);
  const country = settings.geoip_selected_country;
  res.locals.pageSources = [req.site, company, settings.minimum_message_costs];
  return {
    t,
    i18n: deps.i18n,
    lng,
    site: { name: req.site.name, domain: req.site.domain, languages: isCountry(country) ? COUNTRY_LANGUAGES[country] : [...LOCALES] },
    settings,
    company: {
      name: company.name,
      address: company.address,
      city: company.city,
      country: company.country,
      kvk: company.kvk,
      vatNumbers: company.vat_numbers,
      supportPhone: company.support_phone,
    },
    user: req.user,
    csrfToken: deps.csrfToken(req, res),
    currentUrl: req.originalUrl,
    now: Date.now(),
    routeName: '',
    showEntryWarning,
    testPayments: deps.services.payments.provider.name === 'test',
    welcomeDays: welcomeDaysOf(req.site.stored),
  };
}
