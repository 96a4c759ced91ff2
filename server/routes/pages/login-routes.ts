// The login page and the form posts for logging in and out without JavaScript.
import { Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { LoginFailedError } from '../../services/accounts/auth-service.js';
import { renderPage } from '../../render/render-page.js';
import { LoginPage } from '../../../views/pages/login-page.js';
import type { RouteDeps } from '../route-deps.js';
import { endSession, startSession } from '../session-helpers.js';
import { safeReturnPath } from '../validate.js';

const form = z.object({ email: z.string().trim().max(191).default(''), password: z.string().max(1024).default(''), next: z.string().optional() });

export function loginRoutes({ services }: RouteDeps): Router {
  const router = Router();

  router.get('/login', (req, res) => {
    const next = safeReturnPath(req.query.next, '/members');
    if (req.user) return res.redirect(303, next);
    renderPage(res, createElement(LoginPage, { email: '', next }), {
      layout: 'default',
      routeName: 'login',
      title: res.locals.page!.t('pages:login.title'),
    });
  });

  router.post('/login', async (req, res) => {
    const input = form.safeParse(req.body);
    const email = input.success ? input.data.email : '';
    const next = safeReturnPath(input.success ? input.data.next : undefined, '/members');
    try {
      if (!input.success || !email || !input.data.password) throw new LoginFailedError();
      const userId = await services.auth.login(req.site.id, email, input.data.password, req.ip ?? '');
      await startSession(req, userId);
      res.redirect(303, next);
    } catch (err) {
      // Wrong credentials, the lockout, or an account waiting to be deleted: said on the form.
      if (!(err instanceof AppError) || !['login_failed', 'rate_limited', 'account_pending_deletion'].includes(err.code)) throw err;
      const message = res.locals.page!.t(`errors:${err.messageKey}`, err.params);
      renderPage(res, createElement(LoginPage, { email, next, error: message }), {
        layout: 'default',
        routeName: 'login',
        title: res.locals.page!.t('pages:login.title'),
        status: err.status,
      });
    }
  });

  router.post('/logout', async (req, res) => {
    await endSession(req, res);
    res.redirect(303, '/');
  });

  return router;
}
