// POST /api/messages.php with a JSON body (texts and gifts): the site's busiest write, budgeted at
// 1,000 a second (DESIGN.md §8). It is answered right after the generic middleware (metrics, the
// request id, security headers, compression), ahead of the rest of the chain, by running the
// chain's own checks on it in the chain's order, with the chain's own code: cookies, site,
// session, locale, same-site, body, CSRF, member, terms. Whenever one of them does not plainly
// pass (no or a stale session, a bad token, terms to accept, a cross-site source, a body that does
// not parse, …) the request simply goes on through the full chain, which answers it exactly as it
// always has. What a plain member's send skips is only what it never needed: express-session's
// wrapper (the session is read here and never changed, so there is nothing to save), the visitor's
// country, tracking, and the page and API routers in between.
import type { Request, RequestHandler } from 'express';
import { runMiddleware as run, sessionOfRequest, type FastPathDeps } from '../fast-path.js';
import { readSession } from '../../sessions.js';
import { answerSend } from './chat-api.js';

export const SEND_PATH = '/api/messages.php';

/** The body the fast path read, or why it could not: the chain's JSON parser takes it from here. */
const READ_BODY = Symbol('sendFastPathBody');
type WithReadBody = Request & { [READ_BODY]?: { error: unknown } };

export interface SendFastPathDeps extends FastPathDeps {
  sameSite: RequestHandler;
  json: RequestHandler;
  /** CSRF validation for a request of the given session (middleware/csrf.ts). */
  csrfValid: (req: Request, session: { id: string; userId: number }) => boolean;
}

/**
 * The chain's JSON parser, unless the fast path already read the body: then its outcome (the body
 * is on req.body, or the parser's error goes on as the parser would have passed it).
 */
export function jsonUnlessRead(json: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const read = (req as WithReadBody)[READ_BODY];
    if (!read) return json(req, res, next);
    next(read.error);
  };
}

export function sendFastPath(deps: SendFastPathDeps): RequestHandler {
  const { services } = deps;
  return async (req, res, next) => {
    if (!req.is('application/json')) return next();
    const { sid } = sessionOfRequest(deps, req, res);
    if (!sid) return next();
    try {
      req.site = await services.sites.resolveHost(req.headers.host);
    } catch {
      return next();
    }
    const data = await readSession(deps.sessionStore, sid).catch(() => undefined);
    const userId = data?.userId;
    if (!userId) return next();
    if ((await run(deps.locale, req, res)) || (await run(deps.sameSite, req, res))) return next();
    const bodyError = await run(deps.json, req, res);
    (req as WithReadBody)[READ_BODY] = { error: bodyError };
    if (bodyError || !deps.csrfValid(req, { id: sid, userId })) return next();
    const viewer = await services.members.sessionViewer(userId, req.site.id, data.authAt ?? 0).catch(() => undefined);
    if (!viewer) return next();
    // The terms gate: a member who has accepted the version in force has it in the session.
    const terms = await services.terms.currentVersion().catch(() => undefined);
    if (terms === undefined || (data.termsAccepted ?? 0) < terms) return next();
    req.user = null;
    req.viewer = viewer;
    // From here on this is the route itself: its errors are answered by the error handler.
    await answerSend(services, req, res);
  };
}
