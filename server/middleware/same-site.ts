// Defence in depth beside the CSRF token: a state-changing request that a browser says came from
// another site is refused, even with a valid token. The browser says so by its Origin (or, without
// one, its Referer) or, where those are withheld, by Sec-Fetch-Site. Requests that say nothing
// (API clients, old browsers) still need their token.
import type { Request, RequestHandler } from 'express';
import { ForbiddenError } from '../errors.js';
import type { SitesService } from '../services/sites/sites-service.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The host a request came from, 'opaque' for a source that is no web page of any host, undefined
 * when the browser does not say. `Origin: null` is what browsers send for every form post and
 * fetch under our own `Referrer-Policy: no-referrer` (Fetch standard), so it says nothing by itself.
 */
function sourceHostOf(req: Request): string | 'opaque' | undefined {
  const origin = req.get('origin');
  const source = origin && origin !== 'null' ? origin : req.get('referer');
  if (!source) return undefined;
  try {
    const url = new URL(source);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : 'opaque';
  } catch {
    return 'opaque';
  }
}

export function sameSiteRequests(sites: SitesService): RequestHandler {
  return async (req, _res, next) => {
    // Payment providers call the webhooks from their own servers, by design; mail providers post
    // one-click unsubscribes (RFC 8058) the same way, authorized by the signed token in the path.
    if (!STATE_CHANGING.has(req.method) || req.path.startsWith('/webhooks/') || req.path.startsWith('/unsubscribe/')) return next();
    // Made only when needed: an Error captures a stack trace, a cost every message sent paid.
    const refused = () => new ForbiddenError('cross_site_request', 'crossSiteRequest');
    const source = sourceHostOf(req);
    if (source === undefined) return next(req.get('sec-fetch-site') === 'cross-site' ? refused() : undefined);
    // The Host header, or the forwarded host where the proxy is trusted (Express's req.host).
    if (source === req.get('host')?.toLowerCase() || source === req.host?.toLowerCase()) return next();
    // Our other sites (and this one behind another name) are the same owner: they pass too.
    const ours = source !== 'opaque' && (await sites.resolveHost(source).then(() => true, () => false));
    next(ours ? undefined : refused());
  };
}
