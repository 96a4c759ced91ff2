// The discount code a member typed on /credits or /credits/{id} (a GET field, or the buy form's
// hidden field), checked by the discount service and turned into what the page shows: each price
// with the code, or the member's message why the code does not apply.
import type { Request, Response } from 'express';
import { AppError } from '../../errors.js';
import type { PricedBundle } from '../../services/payments/pricing.js';
import type { Services } from '../../services/index.js';
import type { PaymentMethod } from '../../../types/payments.js';
import type { CodeState } from '../../../views/components/discount-code.js';

export const NO_CODE: CodeState = { value: '', applied: null, error: null };

/** Errors of a code the pages show beside the field (or above the chooser) instead of an error page. */
export const CODE_ERRORS = new Set([
  'discount_code_not_found', 'discount_code_used', 'discount_code_reserved', 'discount_minimum_order', 'discount_country', 'discount_payment_method', 'rate_limited',
]);

/** The first value of the `code` field, whatever the query or form made of it. */
export function codeField(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

export function codeMessage(res: Response, err: AppError): string {
  const t = res.locals.page!.t;
  return err.details?.code ? t(`errors:${err.details.code}`) : t(`errors:${err.messageKey}`, err.params);
}

export async function codeStateOf(
  services: Services, req: Request, res: Response,
  o: { raw: string; country: string; bundles: PricedBundle[]; bundleId?: number; method?: PaymentMethod },
): Promise<CodeState> {
  if (!o.raw.trim()) return NO_CODE;
  try {
    const checked = await services.discountCodes.check({
      siteId: req.site.id, userId: req.user!.id, country: o.country, ip: req.ip ?? '', lng: res.locals.page!.lng, code: o.raw,
      bundles: o.bundles, bundleId: o.bundleId, method: o.method,
    });
    const quotes = Object.fromEntries(checked.quotes.map((q) => [q.bundleId, q.quote]));
    return { value: checked.code.code, applied: { code: checked.code.code, percent: checked.code.percent, quotes }, error: null };
  } catch (err) {
    if (!(err instanceof AppError) || !(CODE_ERRORS.has(err.code) || err.code === 'validation_failed')) throw err;
    return { value: o.raw.slice(0, 64), applied: null, error: codeMessage(res, err) };
  }
}
