// POST /webhooks/{provider}: the payment provider says "payment <id> changed" (form field `id`).
// The body is never trusted: settle() fetches the payment from the provider and acts on its answer,
// so a forged call can at most make us ask. Unknown ids still get a 200 (as Mollie advises: it
// tells an outsider nothing); a provider that does not answer gets a 503, so the webhook is retried.
import { Router } from 'express';
import type { Logger } from 'pino';
import { AppError, NotFoundError, ValidationError } from '../errors.js';
import { ProviderError } from '../services/payments/payment-provider.js';
import type { RouteDeps } from './route-deps.js';

const PROVIDER_ID = /^[A-Za-z0-9_]{1,64}$/;

export function webhookRoutes({ services }: RouteDeps, logger: Logger): Router {
  const router = Router();
  router.post('/webhooks/:provider', async (req, res) => {
    // Errors go through the error handler like the API's: JSON with a stable code.
    if (req.params.provider !== services.payments.provider.name) throw new NotFoundError('unknown_provider');
    const id = (req.body as Record<string, unknown> | undefined)?.id;
    if (typeof id !== 'string' || !PROVIDER_ID.test(id)) throw new ValidationError({ id: 'invalidInput' });
    try {
      const outcome = await services.payments.settle(id);
      logger.info({ ref: id, outcome }, 'payment webhook');
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      logger.warn({ ref: id, err: err.message }, 'payment webhook: provider did not answer, asking for a retry');
      throw new AppError('provider_unavailable', 503, 'paymentProviderUnavailable');
    }
    res.status(200).type('text').send('OK');
  });
  return router;
}
