// CSRF (double-submit cookie, signed and bound to the member's session): every state-changing
// request must echo the token, from a form field (_csrf) or the x-csrf-token header.
import { createHmac } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { secureFor } from '../lib/cookies.js';
import { doubleCsrf } from 'csrf-csrf';
import { AppError } from '../errors.js';

export function createCsrf(secret: string, secureSetting: Config['secureCookies']) {
  const csrfSecret = createHmac('sha256', secret).update('csrf').digest('hex');
  const utils = doubleCsrf({
    getSecret: () => csrfSecret,
    // Visitors share one identity (no session is made for them); members are bound to their session.
    getSessionIdentifier: (req) => (req.session?.userId ? req.sessionID : 'visitor'),
    cookieName: 'amora.csrf',
    cookieOptions: { sameSite: 'lax', path: '/', secure: secureSetting === true, httpOnly: true },
    getCsrfTokenFromRequest: (req) => {
      const header = req.headers['x-csrf-token'];
      if (typeof header === 'string') return header;
      const body = req.body as Record<string, unknown> | undefined;
      if (typeof body?._csrf === 'string') return body._csrf;
      // A multipart form (a photo upload without JavaScript) is parsed after this check, so its
      // form carries the token in its action URL instead.
      const query = req.query as Record<string, unknown>;
      return req.is('multipart/form-data') && typeof query._csrf === 'string' ? query._csrf : undefined;
    },
    skipCsrfProtection: (req) => req.path.startsWith('/webhooks/'),
  });
  const protect: RequestHandler = (req, res, next) => {
    utils.doubleCsrfProtection(req, res, (err?: unknown) => {
      if (err) return next(new AppError('invalid_csrf_token', 403, 'invalidCsrfToken'));
      next();
    });
  };
  return {
    protect,
    /** The token for this response (reusing a still valid cookie). */
    tokenFor: (req: Request, res: Response) =>
      utils.generateCsrfToken(req, res, {
        cookieOptions: { sameSite: 'lax', path: '/', httpOnly: true, secure: secureFor(req, secureSetting) },
      }),
  };
}
