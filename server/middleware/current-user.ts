// Loads the session's member on every request; a session whose account is gone is logged out.
import type { RequestHandler } from 'express';
import type { MembersService } from '../services/accounts/members-service.js';
import { DEFAULT_SETTINGS } from '../services/sites/default-settings.js';

export function currentUserMiddleware(members: MembersService): RequestHandler {
  return async (req, _res, next) => {
    req.user = null;
    req.viewer = null;
    const userId = req.session?.userId;
    if (!userId) return next();
    try {
      const cdn = req.site.stored.cdn_prefix ?? DEFAULT_SETTINGS.cdn_prefix;
      const user = await members.sessionUser(userId, req.site.id, cdn, req.session.authAt ?? 0);
      if (!user) {
        delete req.session.userId;
        return next();
      }
      req.user = user;
      req.viewer = { userId: user.id, profileId: user.profile.id, premium: user.paid_user };
      next();
    } catch (err) {
      next(err);
    }
  };
}
