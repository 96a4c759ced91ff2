// Loads the session's member on every request; a session whose account is gone is logged out.
import type { RequestHandler } from 'express';
import type { MembersService } from '../services/accounts/members-service.js';
import { DEFAULT_SETTINGS } from '../services/sites/default-settings.js';

/**
 * JSON calls that need only who is asking (req.viewer; req.user stays null): the chat's busiest,
 * a message sent being the site's most frequent write. They skip the whole member's badge counts,
 * alerts and notification settings, three to five statements each time.
 */
const VIEWER_ONLY = new Set(['POST /api/messages.php', 'GET /api/messages.php', 'POST /api/chat-read.php']);

export function currentUserMiddleware(members: MembersService): RequestHandler {
  return async (req, _res, next) => {
    req.user = null;
    req.viewer = null;
    const userId = req.session?.userId;
    if (!userId) return next();
    try {
      if (VIEWER_ONLY.has(`${req.method} ${req.path}`)) {
        const viewer = await members.sessionViewer(userId, req.site.id, req.session.authAt ?? 0);
        if (viewer) req.viewer = viewer;
        else delete req.session.userId;
        return next();
      }
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
