// Health checks (health-routes.ts), photo files and chat photo files.
import { Router } from 'express';
import { NotFoundError } from '../errors.js';
import { CHAT_PHOTO_PATH } from '../services/media/photo-urls.js';
import type { RouteDeps } from './route-deps.js';

export { healthRoutes } from './health-routes.js';

export function mediaRoutes({ services }: RouteDeps): Router {
  const router = Router();
  // Chat photos: only the two members of the conversation get them; anyone else a 404, as for a file that never was.
  router.get(`${CHAT_PHOTO_PATH}/:file`, async (req, res) => {
    const path = await services.chat.photoFile(req.viewer, req.params.file);
    if (!path) throw new NotFoundError();
    res.sendFile(path, { headers: { 'Cache-Control': 'private, max-age=86400' }, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) res.status(404).end();
    });
  });
  router.get('/media/:file', async (req, res) => {
    const path = await services.media.resolveForViewer(req.params.file, req.viewer);
    if (!path) throw new NotFoundError();
    // Private: what a viewer may see depends on who they are.
    res.sendFile(path, { headers: { 'Cache-Control': 'private, max-age=86400' }, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) res.status(404).end();
    });
  });
  return router;
}
