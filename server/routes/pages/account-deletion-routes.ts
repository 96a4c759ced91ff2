// Deleting an account from the settings page (with the retention offer before it), or erasing it at
// once ("Delete now"), the page after it, and the reactivation link.
import { Router } from 'express';
import { createElement } from 'react';
import { AppError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { AccountDeletedPage, ReactivatedPage, ReactivationErrorPage } from '../../../views/pages/account-deletion-pages.js';
import { fieldErrorsOf, typedValues } from '../form-errors.js';
import type { RouteDeps } from '../route-deps.js';
import { endSession, startSession } from '../session-helpers.js';
import { renderSettings } from './settings-routes.js';

export function accountDeletionRoutes({ services }: RouteDeps): Router {
  const router = Router();

  router.post('/settings/delete', async (req, res) => {
    if (!req.user) return res.redirect(303, '/login?next=/settings');
    const page = res.locals.page!;
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      await services.accountDeletion.requestDeletion(
        req.user.id,
        { reason: body.reason, remarks: body.remarks, password: body.delete_password },
        { siteName: req.site.name, supportEmail: page.settings.support_email, baseUrl: `${req.protocol}://${req.get('host')}` },
      );
    } catch (err) {
      if (!(err instanceof AppError) || !err.details) throw err;
      // The reason and remarks come back; the password does not.
      const deletion = { ...typedValues(body, ['reason'] as const, 40), ...typedValues(body, ['remarks'] as const, 1000) };
      return renderSettings(services, req, res, { errors: fieldErrorsOf(err, page.t), deletion, status: err.status });
    }
    await endSession(req, res);
    res.redirect(303, '/account-deleted');
  });

  // "Delete now" (issue 18.2): erased at once by the purge's code, then logged out.
  router.post('/settings/delete-now', async (req, res) => {
    if (!req.user) return res.redirect(303, '/login?next=/settings');
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      await services.accountDeletion.deleteNow(req.user.id, { password: body.delete_now_password, confirmed: body.delete_now_confirm });
    } catch (err) {
      if (!(err instanceof AppError) || !err.details) throw err;
      return renderSettings(services, req, res, { errors: fieldErrorsOf(err, res.locals.page!.t), deleteNowOpen: true, status: err.status });
    }
    await endSession(req, res);
    res.redirect(303, '/account-deleted?erased=1');
  });

  // The retention offer's button: the member's code (made on the first claim, the same one after)
  // applied on the credits page. No offer for this member: 404, as for any page that is not theirs.
  router.post('/settings/retention-offer', async (req, res) => {
    if (!req.user) return res.redirect(303, '/login?next=/settings');
    const code = await services.retentionOffer.claim({ userId: req.user.id, siteId: req.site.id });
    res.redirect(303, `/credits?code=${encodeURIComponent(code)}`);
  });

  router.get('/account-deleted', (req, res) => {
    const erased = req.query.erased === '1';
    const title = res.locals.page!.t(erased ? 'pages:deleteNow.erasedTitle' : 'pages:accountDeleted.title');
    renderPage(res, createElement(AccountDeletedPage, { erased }), { layout: 'default', routeName: 'account-deleted', title, noindex: true });
  });

  router.get('/reactivate', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const userId = await services.accountDeletion.reactivate(token);
    const t = res.locals.page!.t;
    if (!userId) {
      return renderPage(res, createElement(ReactivationErrorPage), { layout: 'default', routeName: 'reactivate', title: t('pages:reactivate.errorTitle'), status: 400, noindex: true });
    }
    await startSession(req, userId);
    await services.auth.linkLogin(userId, req.ip ?? '', 'reactivation_link');
    res.redirect(303, '/reactivate/done');
  });

  router.get('/reactivate/done', (_req, res) => {
    renderPage(res, createElement(ReactivatedPage), { layout: 'default', routeName: 'reactivate-done', title: res.locals.page!.t('pages:reactivate.doneTitle'), noindex: true });
  });

  return router;
}
