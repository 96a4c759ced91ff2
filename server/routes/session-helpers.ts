// Starting and ending a member's session: a new session id at login (no fixation), destroyed at logout.
import type { Viewer } from '../services/viewer.js';
import type { Request, Response } from 'express';
import { AuthRequiredError } from '../errors.js';
import type { StepOwner } from '../services/accounts/signup-steps-service.js';
import { SESSION_COOKIE } from '../sessions.js';

export function startSession(req: Request, userId: number): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.userId = userId;
      req.session.authAt = Date.now();
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    }),
  );
}

export function endSession(req: Request, res: Response): Promise<void> {
  // A request without a session cookie has no session to end (see the session middleware in app.ts).
  if (!(req.session as Request['session'] | undefined)) return Promise.resolve();
  return new Promise((resolve, reject) =>
    req.session.destroy((err) => {
      if (err) return reject(err);
      const name = res.locals.sessionCookie ?? SESSION_COOKIE;
      // A `__Host-` cookie is only replaced (here: expired) by one with Secure and Path=/.
      res.clearCookie(name, { path: '/', secure: name.startsWith('__Host-') });
      resolve();
    }),
  );
}

/** The logged-in member as the signup steps need it; 403 authentication_required without one. */
export function stepOwnerOf(req: Request): StepOwner {
  if (!req.user || !req.viewer) throw new AuthRequiredError();
  return { userId: req.user.id, profileId: req.user.profile.id, premium: req.user.paid_user };
}

/** The logged-in member as services see them; 403 authentication_required for visitors. */
export function viewerOf(req: Request): Viewer {
  if (!req.viewer) throw new AuthRequiredError();
  return req.viewer;
}

/** Pages for members only: visitors go to the login page and come back here afterwards. */
export function membersOnly(req: Request, res: Response, next: () => void): void {
  if (!req.user) return res.redirect(303, `/login?next=${encodeURIComponent(req.method === 'GET' ? req.originalUrl : req.baseUrl + req.path)}`);
  next();
}
