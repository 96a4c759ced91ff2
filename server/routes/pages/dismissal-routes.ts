// POST /dismiss/{alert}: hides a dismissible alert for good and goes back to the page it was on.
import { Router } from 'express';
import { NotFoundError } from '../../errors.js';
import { DISMISSIBLE_ALERTS, type DismissibleAlert } from '../../services/alerts/dismissals-service.js';
import type { RouteDeps } from '../route-deps.js';
import { viewerOf } from '../session-helpers.js';
import { safeReturnPath } from '../validate.js';

export function dismissalRoutes({ services }: RouteDeps): Router {
  const router = Router();
  router.post('/dismiss/:alert', async (req, res) => {
    const alert = req.params.alert as DismissibleAlert;
    if (!DISMISSIBLE_ALERTS.includes(alert)) throw new NotFoundError();
    await services.dismissals.dismiss(viewerOf(req).userId, alert);
    if (req.accepts(['html', 'json']) === 'json') return void res.json({ dismissed: alert });
    res.redirect(303, safeReturnPath((req.body as { return?: unknown } | undefined)?.return, '/members'));
  });
  return router;
}
