// Payments in the JSON API: GET /api/credits.php (balance, bundles and methods for the member's
// country), POST /api/payments.php (start a checkout, with a discount `code` if any; honours the Idempotency-Key header) and
// GET /api/payment.php?id= (one payment as SPEC.md §3 "Payment": payment_id, credits, refund_days).
import { Router, type Request } from 'express';
import { z } from 'zod';
import { DEFAULT_SETTINGS } from '../../services/sites/default-settings.js';
import { ValidationError } from '../../errors.js';
import { PAYMENT_METHODS } from '../../../types/payments.js';
import type { RouteDeps } from '../route-deps.js';
import { viewerOf } from '../session-helpers.js';
import { parseInput } from '../validate.js';

const buySchema = z.object({
  bundle: z.coerce.number().int().positive().max(2147483647),
  method: z.enum(PAYMENT_METHODS),
  /** A discount code as typed; checked (and its format refused clearly) by the discount service. */
  code: z.string().optional(),
});

const settingsOf = (req: Request) => ({ ...DEFAULT_SETTINGS, ...req.site.stored });
/** Members always have a country on their profile; the visitor's GeoIP country is only a fallback. */
const countryOf = (req: Request) => req.user!.profile.country ?? req.clientCountry ?? settingsOf(req).countries[0] ?? 'GB';

export function paymentsApi({ services }: RouteDeps): Router {
  const router = Router();
  const { payments } = services;

  router.get('/api/credits.php', async (req, res) => {
    const viewer = viewerOf(req);
    const settings = settingsOf(req);
    const country = countryOf(req);
    const bundles = await services.bundles.forCountry(req.site.id, country, settings.message_credits);
    const methods = bundles[0] ? await payments.methodsFor(country, bundles[0]) : [];
    res.set('Cache-Control', 'no-store').json({ credits: await services.credits.balanceOf(viewer.userId), bundles, methods });
  });

  router.post('/api/payments.php', async (req, res) => {
    viewerOf(req);
    const user = req.user!;
    const b = parseInput(buySchema, req.body);
    const key = req.get('idempotency-key');
    if (!key) throw new ValidationError({ idempotency_key: 'invalidInput' });
    const started = await payments.start({
      userId: user.id, siteId: req.site.id, email: user.email, bundleId: b.bundle, method: b.method, idempotencyKey: key,
      lng: user.language, country: countryOf(req), baseUrl: `${req.protocol}://${req.get('host')}`, discountCode: b.code, ip: req.ip,
    });
    const view = await payments.view(user.id, started.publicId, settingsOf(req).refund_days);
    res.status(started.replayed ? 200 : 201).json({ ...view, checkout_url: started.checkoutUrl });
  });

  router.get('/api/payment.php', async (req, res) => {
    const viewer = viewerOf(req);
    const { id } = parseInput(z.object({ id: z.string().max(64) }), req.query);
    res.set('Cache-Control', 'no-store').json(await payments.view(viewer.userId, id, settingsOf(req).refund_days));
  });

  return router;
}
