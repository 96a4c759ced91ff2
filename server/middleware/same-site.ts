// Defence in depth beside the CSRF token: a state-changing request that a browser says came from
// another site (its Origin, or without one its Referer) is refused, even with a valid token.
// Requests without either header (API clients, privacy settings) still need their token.
import type { Request, RequestHandler } from 'express';
import { ForbiddenError } from '../errors.js';
import type { SitesService } from '../services/sites/sites-service.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where the browser says the request came from: an origin's host, 'opaque' for `Origin: null`, undefined when it does not say. */
function sourceHostOf(req: Request): string | 'opaque' | undefined {
  const origin = req.get('origin');
  const source = origin ?? req.get('referer');
  if (source === undefined || source === '') return undefined;
  // `Origin: null`: a sandboxed frame, a data: URL or a redirect across sites; never our own page.
  if (source === 'null') return 'opaque';
  try {
    const url = new URL(source);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : 'opaque';
  } catch {
    return 'opaque';
  }
}

export function sameSiteRequests(sites: SitesService): RequestHandler {
  return async (req, _res, next) => {
    // Payment providers call the webhooks from their own servers, by design.
    if (!STATE_CHANGING.has(req.method) || req.path.startsWith('/webhooks/')) return next();
    const source = sourceHostOf(req);
    // The Host header, or the forwarded host where the proxy is trusted (Express's req.host).
    if (source === undefined || source === req.get('host')?.toLowerCase() || source === req.host?.toLowerCase()) return next();
    // Our other sites (and this one behind another name) are the same owner: they pass too.
    const ours = source !== 'opaque' && (await sites.resolveHost(source).then(() => true, () => false));
    next(ours ? undefined : new ForbiddenError('cross_site_request', 'crossSiteRequest'));
  };
}
