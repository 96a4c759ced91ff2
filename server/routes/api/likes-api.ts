// Likes, blocks, the swipe game and automatic likes as JSON (SPEC.md §7 leaves the paths of like
// and block to us: POST/DELETE /api/like.php and /api/block.php with body `profile`).
import { Router, type Request } from 'express';
import { z } from 'zod';
import { ForbiddenError } from '../../errors.js';
import { DEFAULT_SETTINGS } from '../../services/sites/default-settings.js';
import type { RouteDeps } from '../route-deps.js';
import { viewerOf } from '../session-helpers.js';
import { parseInput } from '../validate.js';
import { cardContextOf } from '../card-context.js';

const target = z.object({ profile: z.coerce.number().int().positive().max(2147483647) });
const skipList = z.array(z.coerce.number().int().positive()).max(200);

/**
 * Automatic likes write on a GET, so only this site's own pages may ask: browsers send
 * Sec-Fetch-Site, and the client header cannot be set cross-site without a CORS preflight we
 * never grant.
 */
function refuseCrossSite(req: Request): void {
  const fetchSite = req.get('Sec-Fetch-Site');
  const origin = req.get('Origin');
  const sameOrigin = !origin || origin === `${req.protocol}://${req.get('host')}`;
  if ((fetchSite && fetchSite !== 'same-origin') || !sameOrigin || req.get('X-Request-Type') !== 'client') {
    throw new ForbiddenError('cross_site_request', 'crossSiteRequest');
  }
}

export function likesApi({ services }: RouteDeps): Router {
  const router = Router();
  const cdn = (req: Request) => req.site.stored.cdn_prefix ?? DEFAULT_SETTINGS.cdn_prefix;
  const siteCtx = (req: Request) => ({ siteCountries: req.site.countries, ...cardContextOf(req) });

  router.get('/api/likes.php', async (req, response) => {
    const answer = await services.likes.apiState(viewerOf(req), cardContextOf(req));
    response.set('Cache-Control', 'no-store').json(answer);
  });

  router.post('/api/like.php', async (req, response) => {
    const viewer = viewerOf(req);
    const { profile } = parseInput(target, req.body);
    response.json(await services.likes.like(viewer, profile, cdn(req)));
  });

  router.delete('/api/like.php', async (req, response) => {
    const viewer = viewerOf(req);
    const { profile } = parseInput(target, req.body);
    response.json(await services.likes.unlike(viewer, profile, cdn(req)));
  });

  router.post('/api/block.php', async (req, response) => {
    const viewer = viewerOf(req);
    const { profile } = parseInput(target, req.body);
    await services.blocks.block(viewer, profile);
    response.json({ blocked: true });
  });

  router.delete('/api/block.php', async (req, response) => {
    const viewer = viewerOf(req);
    const { profile } = parseInput(target, req.body);
    await services.blocks.unblock(viewer, profile);
    response.json({ blocked: false });
  });

  router.get('/api/auto-like.php', async (req, response) => {
    const viewer = viewerOf(req);
    refuseCrossSite(req);
    const liker = await services.autoLike.next(viewer, siteCtx(req));
    response.set('Cache-Control', 'no-store');
    if (!liker) return void response.status(204).end();
    response.json(liker);
  });

  router.get('/api/swipe.php', async (req, response) => {
    const viewer = viewerOf(req);
    const skipRaw = typeof req.query.skip === 'string' && req.query.skip ? req.query.skip.split(',') : [];
    const skip = parseInput(skipList, skipRaw);
    const [status, profiles] = await Promise.all([services.swipeGame.status(viewer), services.swipeGame.candidates(viewer, siteCtx(req), skip)]);
    response.set('Cache-Control', 'no-store').json({ status, profiles });
  });

  router.post('/api/swipe.php', async (req, response) => {
    const viewer = viewerOf(req);
    const { profile } = parseInput(target, req.body);
    response.json(await services.swipeGame.like(viewer, profile, cdn(req)));
  });

  return router;
}
