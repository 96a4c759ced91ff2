// What a signup needs to know of the request and the site; shared by the page and the API.
import type { Request } from 'express';
import { parseJson } from '../lib/json.js';
import { localeOf } from '../middleware/locale.js';
import { cleanTracking, type SignupContext } from '../services/accounts/signup-service.js';
import type { Services } from '../services/index.js';
import { TRACKING_COOKIE } from './tracking.js';

export async function signupContext(req: Request, services: Services, bodyTracking: unknown): Promise<SignupContext> {
  const fromCookie = parseJson<Record<string, unknown>>(req.cookies?.[TRACKING_COOKIE], {});
  const tracking = cleanTracking({ ...fromCookie, ...(typeof bodyTracking === 'object' && bodyTracking ? bodyTracking : {}) });
  const company = await services.company.get();
  const lng = localeOf(req);
  const settings = await services.sites.settingsFor(req.site, {
    t: req.i18n.getFixedT(lng), lng, geoipCountry: req.clientCountry, supportPhone: company.support_phone, pushPublicKey: '',
  });
  return {
    siteId: req.site.id,
    siteName: req.site.name,
    supportEmail: settings.support_email,
    countries: settings.countries,
    regionsOf: async (country) => (await services.catalog.regionsOf([country]))[0]?.regions.map((r) => r.name) ?? [],
    signups: settings.signups,
    signupCredits: settings.signup_credits,
    language: lng,
    ip: req.ip ?? '',
    baseUrl: `${req.protocol}://${req.get('host')}`,
    tracking,
  };
}
