// POST /api/signup.php: creates the account, starts the member's session and sends the activation
// e-mail; answers `user` like POST /api/user.php, plus the next step and a CSRF token for the new
// session. POST /api/signup-step.php saves or skips one later step (the photo as multipart).
// The tracking record comes with the body (the client passes the landing query on) or from the
// cookie set when the visitor landed.
import { Router } from 'express';
import type { RouteDeps } from '../route-deps.js';
import { startSession, stepOwnerOf } from '../session-helpers.js';
import { signupContext } from '../signup-context.js';
import { photoUpload } from '../uploads.js';

export function signupApi({ services, csrfToken }: RouteDeps): Router {
  const router = Router();
  router.post('/api/signup.php', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const ctx = await signupContext(req, services, body.tracking);
    const ids = await services.signup.signup(body, ctx);
    await startSession(req, ids.userId);
    const user = await services.members.sessionUser(ids.userId, req.site.id, req.site.stored.cdn_prefix ?? '/media');
    res.status(201).json({ user, step: 'photo', csrfToken: csrfToken(req, res) });
  });

  router.post('/api/signup-step.php', photoUpload, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const step = await services.signupSteps.submit(stepOwnerOf(req), body.step, body, req.file?.buffer);
    res.set('Cache-Control', 'no-store').json({ step });
  });
  return router;
}
