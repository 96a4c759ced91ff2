// /api/user.php and /api/logout.php (SPEC.md §7): log in, read the member, set the language, log out.
import { Router } from 'express';
import { z } from 'zod';
import { AuthRequiredError } from '../../errors.js';
import { secureFor } from '../../lib/cookies.js';
import { setLocaleCookie } from '../../middleware/locale.js';
import { LOCALES } from '../../../types/settings.js';
import type { RouteDeps } from '../route-deps.js';
import { endSession, startSession } from '../session-helpers.js';
import { parseInput } from '../validate.js';

const loginSchema = z.object({
  email: z.string().trim().min(3).max(191),
  password: z.string().min(1).max(1024),
});

export function userApi({ services, config }: RouteDeps): Router {
  const router = Router();

  router.post('/api/user.php', async (req, res) => {
    if (req.query.push !== undefined) {
      if (!req.user) throw new AuthRequiredError();
      const body = (req.body ?? {}) as { subscription?: unknown };
      await services.push.subscribe(req.user.id, body.subscription ?? body);
      return void res.status(201).json({ success: true });
    }
    const { email, password } = parseInput(loginSchema, req.body);
    const userId = await services.auth.login(req.site.id, email, password, req.ip ?? '');
    await startSession(req, userId);
    const user = await services.members.sessionUser(userId, req.site.id, req.site.stored.cdn_prefix ?? '/media');
    res.json({ user });
  });

  router.get('/api/user.php', (req, res) => {
    if (!req.user) throw new AuthRequiredError();
    res.set('Cache-Control', 'no-store').json({ user: req.user });
  });

  router.put('/api/user.php', async (req, res) => {
    if (!req.user) throw new AuthRequiredError();
    const { language } = parseInput(z.object({ language: z.enum(LOCALES) }), req.body);
    await services.members.setLanguage(req.user.id, language);
    setLocaleCookie(res, language, secureFor(req, config.secureCookies));
    res.json({ user: { ...req.user, language } });
  });

  // A GET by the contract; the client header keeps other sites from logging members out.
  router.get('/api/logout.php', async (req, res) => {
    if (req.get('X-Request-Type') !== 'client') throw new AuthRequiredError();
    await endSession(req, res);
    res.set('Cache-Control', 'no-store').json({ success: true });
  });

  return router;
}
