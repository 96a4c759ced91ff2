// /pricing and /premium: bundles and what premium gives, in the visitor's currency.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { renderPage } from '../../render/render-page.js';
import { PricingPage } from '../../../views/pages/pricing-page.js';
import type { RouteDeps } from '../route-deps.js';

export function pricingRoutes({ services }: RouteDeps): Router {
  const router = Router();
  const show = (routeName: string) => async (req: Request, res: Response) => {
    const page = res.locals.page!;
    const country = req.user?.profile.country ?? page.settings.geoip_selected_country;
    const bundles = await services.bundles.forCountry(req.site.id, country, page.settings.message_credits);
    renderPage(res, createElement(PricingPage, { bundles }), { layout: 'default', routeName, title: page.t('pages:pricing.title') });
  };
  router.get('/pricing', show('pricing'));
  router.get('/premium', show('premium'));
  return router;
}
