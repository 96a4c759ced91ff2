// Picks the site from the Host header; unknown hosts get a clear 421 and reach no route.
import type { RequestHandler } from 'express';
import type { SitesService } from '../services/sites/sites-service.js';

export function siteMiddleware(sites: SitesService): RequestHandler {
  return async (req, _res, next) => {
    try {
      req.site = await sites.resolveHost(req.headers.host);
      next();
    } catch (err) {
      next(err);
    }
  };
}
