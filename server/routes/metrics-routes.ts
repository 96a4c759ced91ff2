// GET /metrics (Prometheus text format) for this machine or a scraper holding METRICS_TOKEN.
// Anyone else gets the site's ordinary 404, so the endpoint cannot be told from a missing page.
//
// "This machine" is a loopback peer that no proxy speaks for: a reverse proxy on the same host
// connects from loopback too, but it adds X-Forwarded-For (or Forwarded), and then the request
// is a visitor's, whatever `trust proxy` says.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import type { MetricsService } from '../services/metrics/metrics-service.js';
import { isLocalHost } from '../lib/local-host.js';

export const METRICS_PATH = '/metrics';

const digest = (s: string) => createHash('sha256').update(s).digest();

function fromThisMachine(req: Request): boolean {
  const peer = req.socket.remoteAddress;
  return !!peer && isLocalHost(peer) && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
}

/** Compares digests, which have the same length whatever was sent, in constant time. */
function holdsToken(req: Request, token: string | undefined): boolean {
  const header = req.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

export function metricsRoutes(metrics: MetricsService, token: string | undefined): Router {
  const router = Router();
  router.get(METRICS_PATH, async (req, res, next) => {
    if (!fromThisMachine(req) && !holdsToken(req, token)) return next();
    const body = await metrics.text();
    res.status(200).set('Content-Type', metrics.contentType).set('Cache-Control', 'no-store').send(body);
  });
  return router;
}
