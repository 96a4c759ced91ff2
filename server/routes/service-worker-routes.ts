// GET /sw-push.js (SPEC.md §7: registered as /sw-push.js?v=2): the push service worker. Browsers
// check a worker for updates themselves, so it is never cached as immutable: `no-cache` lets them
// revalidate with the ETag each time. Its scope is the whole site (it lives at the root; the
// Service-Worker-Allowed header says so explicitly for registrations that ask for '/').
import { join } from 'node:path';
import { Router } from 'express';
import { ROOT_DIR } from '../config.js';

export const SERVICE_WORKER_FILE = join(ROOT_DIR, 'public', 'sw-push.js');

export function serviceWorkerRoutes(): Router {
  const router = Router();
  router.get('/sw-push.js', (_req, res, next) => {
    res.sendFile(
      SERVICE_WORKER_FILE,
      {
        cacheControl: false,
        headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' },
      },
      (err) => err && next(err),
    );
  });
  return router;
}
