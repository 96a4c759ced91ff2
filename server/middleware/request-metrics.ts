// Times every request for /metrics, labelled with the Express route pattern that answered it
// (`/members/:id`, never `/members/123`), so the number of series stays bounded whatever the URLs.
import type { Request, RequestHandler } from 'express';
import type { MetricsService } from '../services/metrics/metrics-service.js';

/** Answers no route handled: static files (and the like) when they succeeded, else one bucket for every unknown URL. */
const STATIC = '(static)';
const UNMATCHED = '(unmatched)';

function routeOf(req: Request, statusCode: number): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}`;
  if (path !== undefined) return `${req.baseUrl}${String(path)}`;
  return statusCode < 400 ? STATIC : UNMATCHED;
}

export function requestMetrics(metrics: MetricsService): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => metrics.observeRequest(req.method, routeOf(req, res.statusCode), res.statusCode, (performance.now() - started) / 1000));
    next();
  };
}
