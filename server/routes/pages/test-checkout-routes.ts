// /test-checkout/{ref}: the built-in test provider's hosted page, mounted only when it is the
// configured provider. The payer's choice goes to the provider, which calls our webhook and sends
// the payer back to our status page, as an outside provider would.
import { Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { TEST_CHECKOUT_ACTIONS, TestProvider, type TestCheckoutAction } from '../../services/payments/test-provider.js';
import { TestCheckoutPage } from '../../../views/pages/test-checkout-page.js';
import type { RouteDeps } from '../route-deps.js';
import { parseInput } from '../validate.js';

const REF = /^tp_[0-9a-f]{20}$/;
const actionForm = z.object({ action: z.enum(Object.keys(TEST_CHECKOUT_ACTIONS) as [TestCheckoutAction, ...TestCheckoutAction[]]) });

export function testCheckoutRoutes({ services }: RouteDeps): Router {
  const router = Router();
  const provider = services.payments.provider;
  if (!(provider instanceof TestProvider)) return router;

  // The demo's default test provider serves only this machine's hosts (config.testPaymentsLocalOnly).
  router.use('/test-checkout', (req, _res, next) => {
    next(provider.servesHost(req.hostname) ? undefined : new ForbiddenError('test_payments_local_only', 'testPaymentsLocalOnly'));
  });

  const refOf = (value: unknown): string => {
    if (typeof value !== 'string' || !REF.test(value)) throw new NotFoundError();
    return value;
  };

  router.get('/test-checkout/:ref', async (req, res) => {
    const row = await provider.checkout(refOf(req.params.ref));
    if (!row) throw new NotFoundError();
    const page = res.locals.page!;
    renderPage(res, createElement(TestCheckoutPage, { paymentRef: row.ref, description: row.description, amountCents: row.amountCents, currency: row.currency, method: row.method, status: row.status }), { layout: 'empty', routeName: 'test-checkout', title: page.t('payments:testCheckout.title'), noindex: true });
  });

  router.post('/test-checkout/:ref', async (req, res) => {
    const ref = refOf(req.params.ref);
    const { action } = parseInput(actionForm, req.body);
    const row = await provider.decide(ref, action);
    if (!row) throw new NotFoundError();
    res.redirect(303, row.redirectUrl);
  });
  return router;
}
