// GET /api/discountcode.php (SPEC.md §7): the client passes its page's query through (`code=…`,
// plus `bundle` and `method` when a bundle or method is chosen); other parameters of that query
// are ignored. The answer is the code as SPEC.md §3 names its fields, and what each bundle costs
// with it. `welcome=true` asks for the member's welcome offer (WELCOME25 while they may use it,
// else 'Code not found', which the client ignores).
import { Router, type Request } from 'express';
import { z } from 'zod';
import { localeOf } from '../../middleware/locale.js';
import type { CheckedCode } from '../../services/promotions/discount-codes-service.js';
import { DEFAULT_SETTINGS } from '../../services/sites/default-settings.js';
import { PAYMENT_METHODS } from '../../../types/payments.js';
import type { RouteDeps } from '../route-deps.js';
import { viewerOf } from '../session-helpers.js';
import { parseInput } from '../validate.js';

const querySchema = z.object({
  code: z.unknown().optional(),
  welcome: z.string().optional(),
  bundle: z.coerce.number().int().positive().max(2147483647).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
});

const settingsOf = (req: Request) => ({ ...DEFAULT_SETTINGS, ...req.site.stored });
const countryOf = (req: Request) => req.user!.profile.country ?? req.clientCountry ?? settingsOf(req).countries[0] ?? 'GB';

export function discountCodeApi({ services }: RouteDeps): Router {
  const router = Router();

  router.get('/api/discountcode.php', async (req, res) => {
    const viewer = viewerOf(req);
    res.set('Cache-Control', 'no-store');
    const q = parseInput(querySchema, { code: req.query.code, welcome: req.query.welcome, bundle: req.query.bundle, method: req.query.method });
    const country = countryOf(req);
    const bundles = await services.bundles.forCountry(req.site.id, country, settingsOf(req).message_credits);
    const who = { siteId: req.site.id, userId: viewer.userId, country, lng: localeOf(req), bundles, bundleId: q.bundle, method: q.method };
    const checked = q.welcome === 'true'
      ? await services.discountCodes.welcomeOffer(who)
      : await services.discountCodes.check({ ...who, ip: req.ip ?? '', code: q.code as string });
    res.json(answerOf(checked));
  });

  return router;
}

function answerOf({ code, quotes, endsAt }: CheckedCode) {
  const now = Date.now();
  // The welcome offer ends for each member on their own day (signup + the site's welcome_days).
  const expiresAt = code.expiresAt ?? endsAt ?? null;
  return {
    discountcode: {
      code: code.code,
      value_percentage: code.percent,
      currency: code.currency,
      minimum_order_value: code.minimumOrderCents === null ? null : code.minimumOrderCents / 100,
      minimum_order_cents: code.minimumOrderCents,
      country: code.country,
      user_id: code.userId,
      expires: expiresAt === null ? null : new Date(expiresAt).toISOString(),
      status: code.status,
      // SPEC.md §3 names `validity` without saying more: the seconds left before the code expires (null: no expiry).
      validity: expiresAt === null ? null : Math.max(0, Math.floor((expiresAt - now) / 1000)),
      expired: false,
      paymentmethods: code.paymentMethods,
    },
    bundles: quotes.map(({ bundleId, quote }) => ({
      bundle_id: bundleId,
      eligible: quote !== null,
      ...(quote && { currency: quote.currency, price_cents: quote.listCents, discount_cents: quote.discountCents, amount_cents: quote.amountCents }),
    })),
  };
}
