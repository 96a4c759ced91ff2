// GET /api/geocode.php?lat=&lon= (SPEC.md §7): the country, our region (with the country's region
// term) and the nearest city at a position, from offline data (services/geo); `false` at sea, in
// Antarctica or far from any town. Signup and /profile ask it when a member shares their location.
// Not rate-limited, like the other public catalogue calls: an answer costs well under a millisecond
// in memory, less than a limiter's counter would.
import { Router } from 'express';
import { z } from 'zod';
import { ValidationError } from '../../errors.js';
import { localeOf } from '../../middleware/locale.js';
import type { RouteDeps } from '../route-deps.js';

const DECIMAL = /^[-+]?(\d{1,3}(\.\d{1,12})?|\.\d{1,12})$/;

/** A decimal degree within ±`max`; anything else (missing, empty, "abc", "1e3", NaN) is refused. */
const degrees = (max: number) =>
  z.string().trim().regex(DECIMAL).transform(Number).pipe(z.number().min(-max).max(max));

const querySchema = z.object({ lat: degrees(90), lon: degrees(180) });

export function geoApi({ services }: RouteDeps): Router {
  const router = Router();

  router.get('/api/geocode.php', async (req, res) => {
    const parsed = querySchema.safeParse({ lat: req.query.lat, lon: req.query.lon });
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), 'geo.invalidCoordinates']));
      throw new ValidationError(fields, 'geo.invalidCoordinates');
    }
    const answer = await services.geo.geocode(parsed.data.lat, parsed.data.lon, localeOf(req));
    res.set('Cache-Control', 'private, max-age=3600').json(answer);
  });

  return router;
}
