// "Download my data" (issue 18.1): the request from /settings (queued, never built here) and the
// mailed link, which needs the member's session as well as its token and works once.
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { createElement } from 'react';
import { AppError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { DataExportLinkPage } from '../../../views/pages/data-export-pages.js';
import { fieldErrorsOf } from '../form-errors.js';
import type { RouteDeps } from '../route-deps.js';
import { membersOnly } from '../session-helpers.js';
import { renderSettings } from './settings-routes.js';

export function dataExportRoutes({ services }: RouteDeps): Router {
  const router = Router();

  router.post('/settings/export', async (req, res) => {
    if (!req.user) return res.redirect(303, '/login?next=/settings');
    try {
      const result = await services.dataExport.request(req.user.id, `${req.protocol}://${req.get('host')}`);
      res.redirect(303, `/settings?saved=${result === 'queued' ? 'export' : 'exportAlready'}#data`);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
      await renderSettings(services, req, res, { errors: { data_export: fieldErrorsOf(err, res.locals.page!.t)._form! }, status: err.status });
    }
  });

  // A visitor is sent to log in and comes back here (the token rides along in `next`). A HEAD
  // request (a link checker) or a browser's prefetch would use the single-use link up unseen.
  router.get('/settings/export/:token', membersOnly, async (req, res) => {
    if (req.method === 'HEAD' || /prefetch/i.test(`${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''}`)) {
      return void res.status(503).set('Cache-Control', 'no-store').end();
    }
    const download = await services.dataExport.download(req.user!.id, String(req.params.token));
    if (!download) {
      const t = res.locals.page!.t;
      return renderPage(res, createElement(DataExportLinkPage), { layout: 'default', routeName: 'data-export-link', title: t('pages:dataExport.linkTitle'), status: 410, noindex: true });
    }
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(download.size));
    res.setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    // A member who cancels the download has used the link all the same (single use); nothing to report.
    await pipeline(download.stream, res).catch(() => undefined);
  });

  return router;
}
