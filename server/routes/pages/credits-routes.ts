// /credits, /credits/repeat-order, /credits/{id}/{method?}, /transactions/{id?}: members only.
// Buying is a POST with the form's idempotency key, so a double click or a resent form starts
// one checkout; the member then goes to the provider, and comes back to /transactions/{id}.
import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { AppError, NotFoundError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import type { PaymentsService } from '../../services/payments/payments-service.js';
import { choiceOf, isPaymentMethod, PAYMENT_METHODS, type PaymentMethod } from '../../../types/payments.js';
import { CheckoutRedirectPage, CreditsPage, PaymentMethodPage, PaymentStatusPage, RepeatOrderPage, TransactionsPage } from '../../../views/pages/credits-pages.js';
import type { RouteDeps } from '../route-deps.js';
import { membersOnly } from '../session-helpers.js';
import { parseId, parseInput } from '../validate.js';
import { CODE_ERRORS, codeField, codeMessage, codeStateOf, NO_CODE } from './discount-input.js';

const buyForm = z.object({ method: z.enum(PAYMENT_METHODS), idempotency_key: z.string().max(100), code: z.string().optional() });
const repeatForm = z.object({ idempotency_key: z.string().max(100), code: z.string().optional() });
const PUBLIC_ID = /^[0-9a-f]{24}$/;

/** Errors the method chooser shows above itself instead of an error page. */
const CHOOSER_ERRORS = new Set(['provider_unavailable', 'validation_failed']);

const newKey = () => randomBytes(16).toString('hex');

export const countryOf = (req: Request, res: Response): string => req.user?.profile.country ?? res.locals.page!.settings.geoip_selected_country;
export const baseUrlOf = (req: Request): string => `${req.protocol}://${req.get('host')}`;

/** Starts a checkout and sends the member to the provider, or to the status page when there is nothing to do there. */
export async function startCheckout(payments: PaymentsService, req: Request, res: Response, o: { bundleId: number; method: PaymentMethod; key: string; repeat?: boolean; code?: string }) {
  const user = req.user!;
  const started = await payments.start({
    userId: user.id, siteId: req.site.id, email: user.email, bundleId: o.bundleId, method: o.method, idempotencyKey: o.key,
    lng: res.locals.page?.lng ?? user.language, country: countryOf(req, res), baseUrl: baseUrlOf(req), repeat: o.repeat,
    discountCode: o.code, ip: req.ip,
  });
  if (!started.checkoutUrl) return res.redirect(303, `/transactions/${started.publicId}`);
  // Chrome applies the CSP form-action to every redirect of a form's navigation, and a provider's
  // checkout may redirect on to a bank or PayPal at once: an outside checkout is reached from a
  // page of ours instead, which starts a navigation of its own.
  const sameSite = started.checkoutUrl.startsWith(`${baseUrlOf(req)}/`);
  res.redirect(303, sameSite ? started.checkoutUrl : `/transactions/${started.publicId}/checkout`);
}

/** The direct-debit checkout of a bundle, with the member's discount code when one was entered. */
export function directDebitUrl(bundleId: number, code?: string): string {
  const typed = code?.trim().slice(0, 64);
  return `/directdebit?bundle=${bundleId}${typed ? `&code=${encodeURIComponent(typed)}` : ''}`;
}

export function creditsRoutes({ services }: RouteDeps): Router {
  const router = Router();
  const { payments } = services;
  router.use(['/credits', '/transactions'], membersOnly);

  router.get('/credits', async (req, res) => {
    const page = res.locals.page!;
    const user = req.user!;
    const country = countryOf(req, res);
    const bundles = await services.bundles.forCountry(req.site.id, country, page.settings.message_credits);
    const last = await payments.lastOrder(user.id);
    const repeatOffer = last && bundles.find((b) => b.id === last.bundleId);
    const repeat = repeatOffer && last ? { offer: repeatOffer, method: last.method } : null;
    // The balance as read for this request with the member (the header shows the same): nothing
    // on this page changes it, and a second read would be one more statement on every view.
    const balance = user.credits;
    // A message sent without JavaScript that the balance could not pay lands here with the reason.
    const insufficient = req.query.notice === 'insufficient_credits';
    const code = await codeStateOf(services, req, res, { raw: codeField(req.query.code), country, bundles });
    renderPage(res, createElement(CreditsPage, { bundles, balance, repeat, insufficient, code }), { layout: 'default', routeName: 'credits', title: page.t('payments:credits.title'), noindex: true });
  });

  // A repeat order buys the last bundle again at its list price: the discount of the last purchase
  // (a single-use code, the welcome offer) was that payment's. A code the member enters here
  // applies when it allows the last order's method, priced like any checkout (pricing.ts).
  const showRepeat = async (req: Request, res: Response, o: { rawCode: string; error?: AppError; status?: number }) => {
    const page = res.locals.page!;
    const last = await payments.lastOrder(req.user!.id);
    if (!last) return res.redirect(303, '/credits');
    const country = countryOf(req, res);
    const offer = await payments.offer(req.site.id, country, last.bundleId, page.settings.message_credits).catch(() => undefined);
    if (!offer) return res.redirect(303, '/credits');
    const code = o.error
      ? { ...NO_CODE, value: o.rawCode.slice(0, 64), error: codeMessage(res, o.error) }
      : await codeStateOf(services, req, res, { raw: o.rawCode, country, bundles: [offer], bundleId: offer.id, method: last.method });
    renderPage(res, createElement(RepeatOrderPage, { offer, method: last.method, idempotencyKey: newKey(), code }), {
      layout: 'default', routeName: 'credits-repeat-order', title: page.t('payments:repeat.title'), noindex: true, status: o.status,
    });
  };

  router.get('/credits/repeat-order', (req, res) => showRepeat(req, res, { rawCode: codeField(req.query.code) }));

  router.post('/credits/repeat-order', async (req, res) => {
    const { idempotency_key, code } = parseInput(repeatForm, req.body);
    const last = await payments.lastOrder(req.user!.id);
    if (!last) return res.redirect(303, '/credits');
    if (last.method === 'sdd') return res.redirect(303, directDebitUrl(last.bundleId, code));
    try {
      await startCheckout(payments, req, res, { bundleId: last.bundleId, method: last.method, key: idempotency_key, repeat: true, code });
    } catch (err) {
      if (!(err instanceof AppError) || !CODE_ERRORS.has(err.code)) throw err;
      await showRepeat(req, res, { rawCode: code ?? '', error: err, status: err.status });
    }
  });

  const showChooser = async (req: Request, res: Response, selected: PaymentMethod | null, error: string | null, status = 200, rawCode = codeField(req.query.code)) => {
    const page = res.locals.page!;
    const country = countryOf(req, res);
    const offer = await payments.offer(req.site.id, country, parseId(req.params.id), page.settings.message_credits);
    const methods = await payments.methodsFor(country, offer);
    // A code refused at the pay button: its message is the error above the chooser; the field keeps what was typed.
    const code = error ? { ...NO_CODE, value: rawCode.slice(0, 64) } : await codeStateOf(services, req, res, { raw: rawCode, country, bundles: [offer], bundleId: offer.id });
    // An old card-brand link (/credits/1/visa) selects the one card choice.
    renderPage(res, createElement(PaymentMethodPage, { offer, methods, selected: selected && choiceOf(selected), country, idempotencyKey: newKey(), error, code }), {
      layout: 'default', routeName: selected ? 'credits-id-paymentmethod' : 'credits-id', title: page.t('payments:checkout.title'), noindex: true, status,
    });
  };

  router.get('/credits/:id', (req, res) => showChooser(req, res, null, null));
  router.get('/credits/:id/:method', async (req, res) => {
    if (!isPaymentMethod(req.params.method)) throw new NotFoundError();
    if (req.params.method === 'sdd') return res.redirect(303, directDebitUrl(parseId(req.params.id), codeField(req.query.code)));
    await showChooser(req, res, req.params.method, null);
  });

  router.post(['/credits/:id', '/credits/:id/:method'], async (req, res) => {
    const bundleId = parseId(req.params.id);
    const form = parseInput(buyForm, req.body);
    if (form.method === 'sdd') return res.redirect(303, directDebitUrl(bundleId, form.code));
    try {
      await startCheckout(payments, req, res, { bundleId, method: form.method, key: form.idempotency_key, code: form.code });
    } catch (err) {
      if (!(err instanceof AppError) || !(CHOOSER_ERRORS.has(err.code) || CODE_ERRORS.has(err.code))) throw err;
      const page = res.locals.page!;
      // A method no longer offered says so; a tampered form (bad key) gets the general message; a code its reason.
      const key = err.code === 'validation_failed' ? (err.details?.method ?? err.details?.code ?? 'invalidInput') : err.messageKey;
      const message = CODE_ERRORS.has(err.code) ? codeMessage(res, err) : page.t(`errors:${key}`);
      await showChooser(req, res, form.method, message, err.status, form.code ?? '');
    }
  });

  router.get('/transactions', async (req, res) => {
    const page = res.locals.page!;
    const userId = req.user!.id;
    const [list, ledger, balance] = await Promise.all([
      payments.list(userId, page.settings.refund_days),
      services.credits.history(userId, 100),
      services.credits.balanceOf(userId),
    ]);
    renderPage(res, createElement(TransactionsPage, { payments: list, ledger, balance }), {
      layout: 'default', routeName: 'transactions', title: page.t('payments:transactions.title'), noindex: true,
    });
  });

  router.get('/transactions/:id/checkout', async (req, res) => {
    const page = res.locals.page!;
    if (!PUBLIC_ID.test(req.params.id)) throw new NotFoundError();
    const url = await payments.checkoutUrlOf(req.user!.id, req.params.id);
    if (!url) return res.redirect(303, `/transactions/${req.params.id}`);
    renderPage(res, createElement(CheckoutRedirectPage, { url }), { layout: 'empty', routeName: 'transactions-id', title: page.t('payments:checkout.redirecting'), noindex: true });
  });

  router.get('/transactions/:id', async (req, res) => {
    const page = res.locals.page!;
    if (!PUBLIC_ID.test(req.params.id)) throw new NotFoundError();
    const payment = await payments.view(req.user!.id, req.params.id, page.settings.refund_days);
    const country = countryOf(req, res);
    let retryMethods: PaymentMethod[] = [];
    if (payment.state === 'failed') {
      const offer = await payments.offer(req.site.id, country, payment.bundle_id, page.settings.message_credits).catch(() => undefined);
      retryMethods = offer ? (await payments.methodsFor(country, offer).catch(() => [])).filter((m) => m !== choiceOf(payment.method)) : [];
    }
    const balance = await services.credits.balanceOf(req.user!.id);
    renderPage(res, createElement(PaymentStatusPage, { payment, retryMethods, balance }), {
      layout: 'default', routeName: 'transactions-id', title: page.t(`payments:state.${payment.state}.title`), noindex: true,
    });
  });

  return router;
}
