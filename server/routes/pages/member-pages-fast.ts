// A member's GET of the pages members use most (the search, a profile, the chats, a conversation,
// the likes, the credits) answered right after the generic middleware (metrics, the request id,
// security headers, compression), ahead of the rest of the chain, as chat-send-fast.ts answers a
// send. The chain's own checks run here in the chain's order, with the chain's own code: cookies,
// site, session, the visitor's country, locale, member, terms, traffic; then the page's context
// and the page routers themselves. Whenever one of them does not plainly pass (no or a stale
// session, an account gone, terms to accept, a site that does not resolve, a body) the request
// goes on through the full chain, which answers it exactly as it always has.
//
// What a member's page skips is only what it never needed: express-session's wrapper (the session
// is read here and never changed, so there is nothing to save: the store's touch is a no-op and
// the cookie is not rolling, sessions.ts), the body parsers and CSRF check (a GET has no body and
// changes nothing), the manifest, media and JSON API routers, and Express's walk through the forty
// layers between. That saves 2-12% of a member page's CPU (paired A/B in its commit, issue 17).
// test/integration/member-pages-fast.test.ts compares the answers with the chain's byte by byte.
// A middleware added to the chain that these pages depend on must be added here too: the test
// catches it only where it changes the answer.
import type { Request, RequestHandler, Response } from 'express';
import type session from 'express-session';
import { NotFoundError } from '../../errors.js';
import { runMiddleware as run, sessionOfRequest, type FastPathDeps } from '../fast-path.js';
import { DEFAULT_SETTINGS } from '../../services/sites/default-settings.js';
import { readSession } from '../../sessions.js';
import type { SessionUser } from '../../../types/user.js';

/**
 * The paths answered here, in their plain form: /members, /members/{id}, /chats, /chats/{id},
 * /likes, /likes/{type} and /credits (Express matches paths without regard to case; a trailing
 * slash or a deeper path goes to the chain).
 */
const FAST_PAGES = /^\/(?:(?:members|chats|likes)(?:\/[^/]+)?|credits)$/i;

export interface MemberPagesFastPathDeps extends FastPathDeps {
  traffic: RequestHandler;
  /** The chain's page context (res.locals.page and assets) and its page routers. */
  preparePage: (req: Request, res: Response) => Promise<void>;
  pages: RequestHandler;
  /** Called for each request that stays here. */
  answered: () => void;
}

export function memberPagesFastPath(deps: MemberPagesFastPathDeps): RequestHandler {
  const { services } = deps;
  return async (req, res, next) => {
    if (req.method !== 'GET' || !FAST_PAGES.test(req.path)) return next();
    // A body would be parsed (or refused) by the chain's body parsers.
    if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0') return next();
    const { cookieName, sid } = sessionOfRequest(deps, req, res);
    if (!sid) return next();
    try {
      req.site = await services.sites.resolveHost(req.headers.host);
    } catch {
      return next();
    }
    req.clientCountry = services.geo.countryOf(req.ip);
    // A service that fails here is answered as the chain answers it (a 503), without asking it a
    // second time: a frozen store or database would otherwise cost the member two deadlines.
    let data: session.SessionData | null | undefined;
    try {
      data = await readSession(deps.sessionStore, sid);
    } catch (err) {
      return next(err);
    }
    const userId = data?.userId;
    if (!data || !userId) return next();
    if (await run(deps.locale, req, res)) return next();
    /** The session and member on the request as the chain puts them there. */
    const adopt = (user: SessionUser | null) => {
      // For what reads the session (the CSRF token is bound to its id); nothing on these pages
      // changes it. Only once the request stays here: express-session keeps a session it finds.
      req.sessionID = sid;
      req.session = data as Request['session'];
      res.locals.sessionCookie = cookieName;
      req.user = user;
      req.viewer = user ? { userId: user.id, profileId: user.profile.id, premium: user.paid_user } : null;
    };
    const cdn = req.site.stored.cdn_prefix ?? DEFAULT_SETTINGS.cdn_prefix;
    let user: SessionUser | null = null;
    let terms: number;
    try {
      user = (await services.members.sessionUser(userId, req.site.id, cdn, data.authAt ?? 0)) ?? null;
      // An account gone: the chain logs the session out.
      if (!user) return next();
      terms = await services.terms.currentVersion();
    } catch (err) {
      adopt(user);
      return next(err);
    }
    // The terms gate: a member who has accepted the version in force has it in the session.
    if ((data.termsAccepted ?? 0) < terms) return next();
    adopt(user);
    deps.answered();
    // From here on this is the chain's page handling: its errors are answered by the error handler.
    const trafficError = await run(deps.traffic, req, res);
    if (trafficError) return next(trafficError);
    try {
      await deps.preparePage(req, res);
    } catch (err) {
      return next(err);
    }
    // A path no page router answers (the chain's 404 after them).
    deps.pages(req, res, (err?: unknown) => next(err ?? new NotFoundError()));
  };
}
