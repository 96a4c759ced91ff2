// Terms acceptance (issue 18.4): a member who has not accepted the terms in force (SPEC.md §9's
// version date) is sent to the page that asks for it before using the site; the JSON API answers
// 403 terms_acceptance_required. The legal pages, settings (account deletion), notification
// switches, complaints and logging out stay open, so a member who does not accept can still
// read, leave or object. The accepted version is kept in the session, so a member who has
// accepted costs no query: only a version newer than the session's is looked up again.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ForbiddenError } from '../errors.js';
import type { TermsService } from '../services/terms/terms-service.js';
import { ACCEPT_TERMS_PATH, TERMS_REQUIRED_CODE } from '../../types/terms.js';
import { wantsJson } from './error-handler.js';

/** Paths a member may use before accepting: a trailing slash opens everything below it. */
const OPEN_PATHS = [
  ACCEPT_TERMS_PATH, '/pages/', '/login', '/logout', '/settings', '/account-deleted', '/activate', '/activation/', '/reactivate',
  '/mail-change/', '/reset-password', '/unsubscribe/', '/notifications', '/complaints', '/lang-config', '/site-entry', '/dismiss/',
  '/test-checkout/', '/api/user.php', '/api/logout.php', '/api/settings.php', '/api/companyinfo.php', '/api/interests.php',
  '/api/regions.php', '/api/page-hidden.php',
];

export function isOpenBeforeTerms(path: string): boolean {
  return OPEN_PATHS.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p || path.startsWith(`${p}/`)));
}

/** Where the accept page sends the member back to: the page asked for (GET only). */
export function acceptTermsUrl(next: string | undefined): string {
  return next && next !== '/' ? `${ACCEPT_TERMS_PATH}?next=${encodeURIComponent(next)}` : ACCEPT_TERMS_PATH;
}

export function termsGate(terms: Pick<TermsService, 'currentVersion' | 'acceptedVersion'>): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const userId = req.viewer?.userId;
    if (!userId || isOpenBeforeTerms(req.path)) return next();
    try {
      const current = await terms.currentVersion();
      if ((req.session.termsAccepted ?? 0) >= current) return next();
      const accepted = await terms.acceptedVersion(userId);
      if (accepted >= current) {
        req.session.termsAccepted = accepted;
        return next();
      }
      if (wantsJson(req)) return next(new ForbiddenError(TERMS_REQUIRED_CODE, 'termsAcceptanceRequired'));
      res.set('Cache-Control', 'no-store');
      res.redirect(303, acceptTermsUrl(req.method === 'GET' ? req.originalUrl : undefined));
    } catch (err) {
      next(err);
    }
  };
}
