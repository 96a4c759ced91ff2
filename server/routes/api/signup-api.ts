// POST /api/signup.php: creates the account, starts the member's session and sends the activation
// e-mail; answers `user` like POST /api/user.php. The tracking record comes with the body (the
// client passes the landing query on) or from the cookie set when the visitor landed.
import { Router } from 'express';
import type { RouteDeps } from '../route-deps.js';
import { startSession } from '../session-helpers.js';
import { signupContext } from '../signup-context.js';

export function signupApi({ services }: RouteDeps): Router {
  const router = Router();
  router.post('/api/signup.php', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const ctx = await signupContext(req, services, body.tracking);
    const ids = await services.signup.signup(body, ctx);
    await startSession(req, ids.userId);
    const user = await services.members.sessionUser(ids.userId, req.site.id, req.site.stored.cdn_prefix ?? '/media');
    res.status(201).json({ user });
  });
  return router;
}
