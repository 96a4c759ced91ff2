// CSRF (double-submit cookie, signed and bound to the member's session): every state-changing
// request must echo the token, from a form field (_csrf) or the x-csrf-token header.
import { createHmac } from 'node:crypto';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { cookieNameFor, secureFor, type CookieToSet } from '../lib/cookies.js';
import { doubleCsrf } from 'csrf-csrf';
import { AppError } from '../errors.js';
import { PAGE_HIDDEN_PATH } from '../../types/presence.js';

const CSRF_COOKIE = 'amora.csrf';

export function createCsrf(secret: string, secureSetting: Config['secureCookies']) {
  const csrfSecret = createHmac('sha256', secret).update('csrf').digest('hex');
  const utilsFor = (secure: boolean) =>
    doubleCsrf({
      getSecret: () => csrfSecret,
      // Visitors share one identity (no session is made for them); members are bound to their session.
      getSessionIdentifier: (req) => (req.session?.userId ? req.sessionID : 'visitor'),
      // `__Host-amora.csrf` over HTTPS (lib/cookies.ts), so a sibling subdomain cannot plant a token cookie.
      cookieName: cookieNameFor(CSRF_COOKIE, secure),
      cookieOptions: { sameSite: 'lax', path: '/', secure, httpOnly: true },
      getCsrfTokenFromRequest: (req) => {
        const header = req.headers['x-csrf-token'];
        if (typeof header === 'string') return header;
        const body = req.body as Record<string, unknown> | undefined;
        if (typeof body?._csrf === 'string') return body._csrf;
        // A multipart form (a photo upload without JavaScript) is parsed after this check, so its
        // form carries the token in its action URL instead; so does the page-hidden beacon, which
        // cannot set headers and whose body is SPEC.md §7's empty JSON.
        const query = req.query as Record<string, unknown>;
        const inUrl = req.is('multipart/form-data') || req.path === PAGE_HIDDEN_PATH;
        return inUrl && typeof query._csrf === 'string' ? query._csrf : undefined;
      },
      // Webhooks and one-click unsubscribes (RFC 8058) come from other servers, cookieless; a
      // signature in the request is their authority.
      skipCsrfProtection: (req) => req.path.startsWith('/webhooks/') || req.path.startsWith('/unsubscribe/'),
    });
  const utils = { plain: utilsFor(false), host: utilsFor(true) };
  const utilsOf = (req: Request) => (secureFor(req, secureSetting) ? utils.host : utils.plain);
  /**
   * The token for a request with these cookies, and the cookie to set: none when the request's
   * cookie already holds that token. csrf-csrf sets its cookie on every call, so a member's every
   * page repeated the same Set-Cookie (the cookie has no expiry to renew).
   */
  const tokenOf = (secure: boolean, req: Request): { token: string; cookie?: CookieToSet } => {
    let cookie: CookieToSet | undefined;
    const collect = { cookie: (name: string, value: string, options: CookieOptions) => (cookie = { name, value, options }) } as unknown as Response;
    const token = utils[secure ? 'host' : 'plain'].generateCsrfToken(req, collect);
    return req.cookies?.[cookie!.name] === token ? { token } : { token, cookie };
  };
  const protect: RequestHandler = (req, res, next) => {
    utilsOf(req).doubleCsrfProtection(req, res, (err?: unknown) => {
      if (err) return next(new AppError('invalid_csrf_token', 403, 'invalidCsrfToken'));
      next();
    });
  };
  return {
    protect,
    /**
     * What protect() decides, for a request whose session was read without express-session (the
     * send's fast path): the token is bound to that session as protect() binds it to req.session.
     */
    valid: (req: Request, session: { id: string; userId: number }): boolean =>
      utilsOf(req).validateRequest(Object.create(req, { session: { value: { userId: session.userId } }, sessionID: { value: session.id } }) as Request),
    /** The token for this response (reusing a still valid cookie, which is then not sent again). */
    tokenFor: (req: Request, res: Response) => {
      const { token, cookie } = tokenOf(secureFor(req, secureSetting), req);
      if (cookie) res.cookie(cookie.name, cookie.value, cookie.options);
      return token;
    },
    /**
     * What tokenFor() gives a visitor (no session) with these cookies, and the cookie it would set
     * (none when theirs holds the token): for the kept pages answered ahead of the router
     * (render/kept-answers.ts).
     */
    visitorToken: (cookies: Record<string, unknown>, secure: boolean): { token: string; cookie?: CookieToSet } => tokenOf(secure, { cookies } as unknown as Request),
  };
}
