// /directdebit: pay a bundle by SEPA direct debit in two plain form steps (no JavaScript needed):
// the account and address form, then the SMS code. Each successful post redirects (a reload sends
// nothing twice); an error shows the step again with what was entered. A discount code entered on
// the payment page comes along (`code`), checked for the method sdd, and is shown in each step.
import { Router, type NextFunction, type Request, type Response } from 'express';
import { createElement } from 'react';
import { AppError, AuthRequiredError, NotFoundError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import type { BundleOffer } from '../../services/payments/bundles-service.js';
import { OtpRejectedError, type DirectDebitPayer } from '../../services/payments/direct-debit-service.js';
import { DIRECT_DEBIT_FIELDS, type DirectDebitFormValues } from '../../../types/direct-debit.js';
import { DirectDebitPage, type DirectDebitPageProps } from '../../../views/pages/direct-debit-page.js';
import { fieldErrorsOf } from '../form-errors.js';
import type { RouteDeps } from '../route-deps.js';
import type { CodeState } from '../../../views/components/discount-code.js';
import { CODE_ERRORS, codeField, codeMessage, codeStateOf, NO_CODE } from './discount-input.js';

type View = Omit<DirectDebitPageProps, 'offer' | 'creditor'>;

const UNAVAILABLE: Record<string, 'blocked' | 'limit'> = { direct_debit_blocked: 'blocked', direct_debit_limit: 'limit' };

const bundleIdOf = (v: unknown) => (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);
const textOf = (v: unknown, max = 100) => (typeof v === 'string' ? v.slice(0, max) : '');

function membersOnly(req: Request, res: Response, next: NextFunction) {
  if (req.user) return next();
  const bundle = bundleIdOf(req.method === 'GET' ? req.query.bundle : (req.body as Record<string, unknown> | undefined)?.bundle);
  res.redirect(303, `/login?next=${encodeURIComponent(bundle ? `/directdebit?bundle=${bundle}` : '/credits')}`);
}

function payerOf(req: Request, res: Response): DirectDebitPayer {
  if (!req.user) throw new AuthRequiredError();
  return { userId: req.user.id, siteId: req.site.id, siteName: req.site.name, lng: res.locals.page!.lng, country: req.user.profile.country };
}

/** What the member typed, to show it again (the IBAN too: it is their own, and only on this response). */
function valuesFrom(body: Record<string, unknown>): DirectDebitFormValues {
  return Object.fromEntries(DIRECT_DEBIT_FIELDS.map((f) => [f, textOf(body[f])])) as unknown as DirectDebitFormValues;
}

export function directDebitRoutes({ services }: RouteDeps): Router {
  const router = Router();
  const dd = services.directDebit;
  router.use('/directdebit', membersOnly);

  const offerFor = async (req: Request, res: Response, rawId: unknown): Promise<BundleOffer> => {
    const id = bundleIdOf(rawId);
    if (!id) throw new NotFoundError();
    return dd.offer(req.site.id, payerOf(req, res).country, id, res.locals.page!.settings.message_credits);
  };

  /** The member's discount code for this direct debit, checked for the bundle and the method sdd (its price from pricing.ts). */
  const discountFor = (req: Request, res: Response, offer: BundleOffer, raw: unknown) =>
    codeStateOf(services, req, res, { raw: codeField(raw), country: payerOf(req, res).country, bundles: [offer], bundleId: offer.id, method: 'sdd' });

  const show = (res: Response, offer: BundleOffer, view: View, status = 200) => {
    const page = res.locals.page!;
    const creditor = page.company.name || page.site.name;
    renderPage(res, createElement(DirectDebitPage, { offer, creditor, ...view }), {
      layout: 'default', routeName: 'directdebit', title: page.t('payments:directDebit.title'), status, noindex: true,
    });
  };

  const showCode = async (req: Request, res: Response, offer: BundleOffer, reference: string, extra: Partial<View> = {}, status = 200) => {
    const code = await dd.codeStep(payerOf(req, res).userId, reference);
    show(res, offer, { step: 'code', errors: {}, code, ...extra }, status);
  };

  /** The step's own URL, keeping an applied discount code through the redirects. */
  const stepUrl = (offer: BundleOffer, discount: CodeState, extra = '') =>
    `/directdebit?bundle=${offer.id}${extra}${discount.applied ? `&code=${encodeURIComponent(discount.applied.code)}` : ''}`;

  router.get('/directdebit', async (req, res) => {
    const offer = await offerFor(req, res, req.query.bundle);
    const { userId } = payerOf(req, res);
    const reference = textOf(req.query.mandate, 40);
    if (reference) {
      const code = await dd.codeStep(userId, reference);
      if (code.status === 'active' && code.paymentId) return res.redirect(303, `/transactions/${code.paymentId}`);
      const notice = req.query.resent === '1' ? res.locals.page!.t('payments:directDebit.code.resent') : undefined;
      if (code.status === 'pending') return show(res, offer, { step: 'code', errors: {}, code, notice, discount: await discountFor(req, res, offer, req.query.code) });
    }
    const availability = await dd.availability(userId, offer);
    if (availability !== 'available') return show(res, offer, { step: availability, errors: {} });
    show(res, offer, { step: 'form', errors: {}, values: await dd.prefill(userId), discount: await discountFor(req, res, offer, req.query.code) });
  });

  router.post('/directdebit', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const offer = await offerFor(req, res, body.bundle);
    const discount = await discountFor(req, res, offer, body.code);
    try {
      const reference = await dd.request(payerOf(req, res), offer, body);
      res.redirect(303, stepUrl(offer, discount, `&mandate=${reference}`));
    } catch (err) {
      if (!(err instanceof AppError) || (err.status >= 500 && err.code !== 'sms_failed')) throw err;
      const unavailable = UNAVAILABLE[err.code];
      if (unavailable) return show(res, offer, { step: unavailable, errors: {} }, err.status);
      const view = { step: 'form' as const, errors: fieldErrorsOf(err, res.locals.page!.t), values: valuesFrom(body), authorized: body.authorize === '1', discount };
      show(res, offer, view, err.status);
    }
  });

  router.post('/directdebit/confirm', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const offer = await offerFor(req, res, body.bundle);
    const reference = textOf(body.mandate, 40);
    const typed = codeField(body.code);
    try {
      const payer = { ...payerOf(req, res), baseUrl: `${req.protocol}://${req.get('host')}` };
      const { publicId } = await dd.confirm(payer, offer, reference, textOf(body.otp, 20), { code: typed || undefined, ip: req.ip });
      res.redirect(303, `/transactions/${publicId}`);
    } catch (err) {
      if (!(err instanceof AppError) || err instanceof NotFoundError) throw err;
      const unavailable = UNAVAILABLE[err.code];
      if (unavailable) return show(res, offer, { step: unavailable, errors: {} }, err.status);
      // A code taken meanwhile: the step again at the list price, saying why; the same SMS code still confirms.
      if (CODE_ERRORS.has(err.code)) {
        return showCode(req, res, offer, reference, { discount: { ...NO_CODE, value: typed.slice(0, 64), error: codeMessage(res, err) } }, err.status);
      }
      const triesLeft = err instanceof OtpRejectedError ? err.triesLeft : undefined;
      const expired = err.code === 'otp_expired' || triesLeft === 0;
      const discount = await discountFor(req, res, offer, typed);
      await showCode(req, res, offer, reference, { errors: fieldErrorsOf(err, res.locals.page!.t), triesLeft, expired, discount }, err.status);
    }
  });

  router.post('/directdebit/resend', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const offer = await offerFor(req, res, body.bundle);
    const reference = textOf(body.mandate, 40);
    const discount = await discountFor(req, res, offer, body.code);
    try {
      await dd.resend(payerOf(req, res), reference);
      res.redirect(303, stepUrl(offer, discount, `&mandate=${reference}&resent=1`));
    } catch (err) {
      if (!(err instanceof AppError) || err instanceof NotFoundError || (err.status >= 500 && err.code !== 'sms_failed')) throw err;
      const unavailable = UNAVAILABLE[err.code];
      if (unavailable) return show(res, offer, { step: unavailable, errors: {} }, err.status);
      await showCode(req, res, offer, reference, { errors: fieldErrorsOf(err, res.locals.page!.t), discount }, err.status);
    }
  });

  return router;
}
