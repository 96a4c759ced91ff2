// What a signup needs to know of the request and the site; shared by the page and the API.
// The tracking record and its landing: services/traffic/tracking-record.ts (signupAttribution).
import type { Request } from 'express';
import { localeOf } from '../middleware/locale.js';
import type { SignupContext } from '../services/accounts/signup-service.js';
import type { Services } from '../services/index.js';
import { cleanTracking, hasSource, signupAttribution } from '../services/traffic/tracking-record.js';
import { attributionOf } from '../middleware/traffic.js';

export async function signupContext(req: Request, services: Services, bodyTracking: unknown): Promise<SignupContext> {
  // The record the form or API body brings (the signup page's own query, passed on), else this
  // request's query, else the landing's cookie; each one whole, never a mix of two.
  const given = cleanTracking(bodyTracking);
  const { tracking, landing } = signupAttribution(hasSource(given) ? given : cleanTracking(req.query), attributionOf(req));
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
    landing,
  };
}
