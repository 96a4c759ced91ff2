// Password reset pages; they post as forms without JavaScript and answer JSON to fetch calls.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { ChooseNewPasswordPage, RequestResetPage } from '../../../views/pages/reset-password-page.js';
import { fieldErrorsOf, typedValues } from '../form-errors.js';
import type { RouteDeps } from '../route-deps.js';
import { startSession } from '../session-helpers.js';

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';
const baseUrl = (req: Request) => `${req.protocol}://${req.get('host')}`;
const tokenOf = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : '');

export function passwordRoutes({ services }: RouteDeps): Router {
  const router = Router();
  const title = (res: Response) => res.locals.page!.t('pages:resetPassword.title');

  router.get('/reset-password', (req, res) => {
    renderPage(res, createElement(RequestResetPage, { email: '', sent: req.query.sent === '1' }), {
      layout: 'default', routeName: 'reset-password', title: title(res), noindex: true,
    });
  });

  router.post('/reset-password', async (req, res) => {
    const parsed = z.object({ email: z.string().trim().min(3).max(191) }).safeParse(req.body);
    const email = parsed.success ? parsed.data.email : '';
    try {
      if (!parsed.success) throw new AppError('email_not_found', 404, 'emailNotFound');
      const page = res.locals.page!;
      await services.passwordReset.request({
        siteId: req.site.id, siteName: req.site.name, supportEmail: page.settings.support_email, email, ip: req.ip ?? '', baseUrl: baseUrl(req),
      });
      if (wantsJson(req)) return res.json({ sent: true });
      res.redirect(303, '/reset-password?sent=1');
    } catch (err) {
      if (!(err instanceof AppError) || wantsJson(req)) throw err;
      // An unknown address is the field's error (the address comes back as typed); a lockout is the form's.
      const message = res.locals.page!.t(`errors:${err.messageKey}`, err.params);
      const errors: Record<string, string> = err.code === 'email_not_found' ? { email: message } : { _form: message };
      renderPage(res, createElement(RequestResetPage, { email: typedValues(req.body, ['email'] as const, 191).email, sent: false, errors }), {
        layout: 'default', routeName: 'reset-password', title: title(res), status: err.status, noindex: true,
      });
    }
  });

  router.get('/reset-password/do', async (req, res) => {
    const token = tokenOf(req.query.token);
    const valid = await services.passwordReset.isValid(token);
    renderPage(res, createElement(ChooseNewPasswordPage, { token, valid }), {
      layout: 'default', routeName: 'reset-password-do', title: res.locals.page!.t('pages:resetPassword.newTitle'), status: valid ? 200 : 400, noindex: true,
    });
  });

  router.post('/reset-password/do', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = tokenOf(body.token);
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    try {
      const userId = await services.passwordReset.reset({ token, password: text(body.password), confirm: text(body.password_confirm) });
      await startSession(req, userId);
      await services.auth.linkLogin(userId, req.ip ?? '', 'reset_link');
      if (wantsJson(req)) return res.json({ reset: true });
      res.redirect(303, '/members');
    } catch (err) {
      if (!(err instanceof AppError) || wantsJson(req)) throw err;
      const valid = err.code !== 'reset_link_invalid';
      renderPage(res, createElement(ChooseNewPasswordPage, { token, valid, errors: fieldErrorsOf(err, res.locals.page!.t) }), {
        layout: 'default', routeName: 'reset-password-do', title: res.locals.page!.t('pages:resetPassword.newTitle'), status: err.status, noindex: true,
      });
    }
  });

  return router;
}
