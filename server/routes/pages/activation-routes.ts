// The activation link and its two result pages.
import { Router } from 'express';
import { createElement } from 'react';
import { renderPage } from '../../render/render-page.js';
import { ActivateDonePage, ActivateErrorPage, ActivationSentPage } from '../../../views/pages/activate-pages.js';
import type { RouteDeps } from '../route-deps.js';

export function activationRoutes({ services }: RouteDeps): Router {
  const router = Router();

  router.get('/activate', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const userId = await services.activation.activate(token);
    res.redirect(303, userId ? '/activate/done' : '/activate/error');
  });

  router.get('/activate/done', (_req, res) => {
    renderPage(res, createElement(ActivateDonePage), { layout: 'default', routeName: 'activate-done', title: res.locals.page!.t('pages:activate.doneTitle'), noindex: true });
  });

  router.get('/activate/error', (_req, res) => {
    renderPage(res, createElement(ActivateErrorPage), { layout: 'default', routeName: 'activate-error', title: res.locals.page!.t('pages:activate.errorTitle'), noindex: true });
  });

  router.post('/activation/resend', async (req, res) => {
    if (!req.user) return res.redirect(303, '/login');
    const page = res.locals.page!;
    const email = await services.activation.resend(req.user.id, {
      siteName: req.site.name, supportEmail: page.settings.support_email, baseUrl: `${req.protocol}://${req.get('host')}`,
    });
    renderPage(res, createElement(ActivationSentPage, { email }), { layout: 'default', routeName: 'activation-sent', title: page.t('pages:activate.sentTitle'), noindex: true });
  });

  return router;
}
