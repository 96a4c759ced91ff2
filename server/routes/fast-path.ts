// What the fast paths ahead of the chain share (api/chat-send-fast.ts, pages/member-pages-fast.ts):
// the chain's own middleware and session settings, the session id as express-session reads it, and
// running one of the chain's middleware outside the chain.
import type { Request, RequestHandler, Response } from 'express';
import type session from 'express-session';
import type { Config } from '../config.js';
import { cookieNameFor, secureFor } from '../lib/cookies.js';
import type { Services } from '../services/index.js';
import { SESSION_COOKIE, sessionIdOfCookie } from '../sessions.js';

export interface FastPathDeps {
  config: Config;
  services: Services;
  sessionStore: session.Store;
  sessionSecret: string;
  /** The chain's own middleware instances, run in the chain's order. */
  cookies: RequestHandler;
  locale: RequestHandler;
}

/**
 * The request's session cookie (its name for the request's scheme) and the session id it holds
 * when its signature verifies, after the chain's cookie-parser has read the cookies.
 */
export function sessionOfRequest(deps: FastPathDeps, req: Request, res: Response): { cookieName: string; sid: string | undefined } {
  deps.cookies(req, res, () => undefined);
  const cookieName = cookieNameFor(SESSION_COOKIE, secureFor(req, deps.config.secureCookies));
  const cookie: unknown = req.cookies?.[cookieName];
  return { cookieName, sid: typeof cookie === 'string' ? sessionIdOfCookie(cookie, deps.sessionSecret) : undefined };
}

/** Runs a middleware to its next(): resolves with the error it passed on, if any. */
export function runMiddleware(mw: RequestHandler, req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve) => {
    const done = (err?: unknown) => resolve(err);
    try {
      const returned = mw(req, res, done) as unknown;
      if (returned instanceof Promise) returned.catch(done);
    } catch (err) {
      resolve(err);
    }
  });
}
