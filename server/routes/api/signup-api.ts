// POST /api/signup.php: creates the account, starts the member's session and sends the activation
// e-mail; answers `user` like POST /api/user.php. The tracking record comes with the body (the
// client passes the landing query on) or from the cookie set when the visitor landed.
import { Router } from 'express';
import { localeOf } from '../../middleware/locale.js';
import { cleanTracking } from '../../services/accounts/signup-service.js';
import type { RouteDeps } from '../route-deps.js';
import { startSession } from '../session-helpers.js';
import { TRACKING_COOKIE } from '../tracking.js';
import { parseJson } from '../../lib/json.js';

export function signupApi({ services }: RouteDeps): Router {
  const router = Router();
  router.post('/api/signup.php', async (req, res) => {
    const page = res.locals.page;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fromCookie = parseJson<Record<string, unknown>>(req.cookies?.[TRACKING_COOKIE], {});
    const tracking = cleanTracking({ ...fromCookie, ...(typeof body.tracking === 'object' && body.tracking ? body.tracking : {}) });
    const company = await services.company.get();
    const settings = page?.settings ?? (await services.sites.settingsFor(req.site, {
      t: req.t, lng: localeOf(req), geoipCountry: req.clientCountry, supportPhone: company.support_phone, pushPublicKey: '',
    }));
    const ids = await services.signup.signup(body, {
      siteId: req.site.id,
      siteName: req.site.name,
      supportEmail: settings.support_email,
      countries: settings.countries,
      regionsOf: async (country) => (await services.catalog.regionsOf([country]))[0]?.regions.map((r) => r.name) ?? [],
      signups: settings.signups,
      signupCredits: settings.signup_credits,
      language: localeOf(req),
      ip: req.ip ?? '',
      baseUrl: `${req.protocol}://${req.get('host')}`,
      tracking,
    });
    await startSession(req, ids.userId);
    const user = await services.members.sessionUser(ids.userId, req.site.id, settings.cdn_prefix);
    res.status(201).json({ user });
  });
  return router;
}
