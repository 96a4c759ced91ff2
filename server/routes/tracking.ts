// The tracking record (SPEC.md §3): network, ref and sub1-3 from the landing page's query are kept
// in a cookie for 30 days, so a signup later in the visit is credited to the right source.
import type { RequestHandler } from 'express';
import { secureFor } from '../lib/cookies.js';
import type { Config } from '../config.js';
import { cleanTracking } from '../services/accounts/signup-service.js';

export const TRACKING_COOKIE = 'amora_track';

export function trackingMiddleware(config: Config): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' && (req.query.network !== undefined || req.query.ref !== undefined)) {
      const tracking = cleanTracking(req.query as Record<string, unknown>);
      if (tracking.network || tracking.ref) {
        res.cookie(TRACKING_COOKIE, JSON.stringify(tracking), {
          maxAge: 30 * 24 * 3600_000, httpOnly: true, sameSite: 'lax', secure: secureFor(req, config.secureCookies),
        });
      }
    }
    next();
  };
}
