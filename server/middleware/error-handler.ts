// One place renders every error: JSON with a stable code for the API, a localized error page for
// pages. Unknown errors are logged with the request id and shown only as the generic message.
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { i18n as I18n } from 'i18next';
import type { Logger } from 'pino';
import { createElement } from 'react';
import { AppError, NotFoundError, fromHttpError } from '../errors.js';
import { ServiceUnavailableError } from '../lib/circuit.js';
import { renderPage } from '../render/render-page.js';
import { ErrorPage } from '../../views/pages/error-page.js';
import { localeOf } from './locale.js';

export function wantsJson(req: Request): boolean {
  if (req.path.startsWith('/api/') || req.path.startsWith('/webhooks/')) return true;
  const accept = req.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(new NotFoundError());

export function errorHandler(deps: {
  i18n: I18n;
  logger: Logger;
  preparePage: (req: Request, res: Response) => Promise<void>;
}): ErrorRequestHandler {
  return async (err, req, res, _next) => {
    const known = err instanceof AppError ? err : fromHttpError(err);
    const error = known ?? new AppError('internal_error', 500, 'generic');
    if (!known) (req.log ?? deps.logger).error({ err, reqId: req.id }, 'unhandled error');
    // A dependency is down: logged once per request as a warning (the circuit counts the failures).
    if (error instanceof ServiceUnavailableError) (req.log ?? deps.logger).warn({ service: error.service, reqId: req.id }, 'service unavailable');
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    const t = deps.i18n.getFixedT(localeOf(req), 'errors');
    const message = t(error.messageKey, error.params);
    if (error.status === 421 || error.status === 429 || error.status === 503) res.setHeader('Cache-Control', 'no-store');
    // "Try again later", and when: a browser, a client or a load balancer may retry after it.
    if (error.status === 503) res.setHeader('Retry-After', String(error instanceof ServiceUnavailableError ? error.retryAfterSeconds : 5));
    if (wantsJson(req)) {
      const fields = error.details
        ? Object.fromEntries(Object.entries(error.details).map(([k, v]) => [k, t(v, { defaultValue: v, ...error.detailParams[k] })]))
        : undefined;
      res.status(error.status).json({ error: { code: error.code, message, ...(fields ? { fields } : {}) } });
      return;
    }
    // The site is not known yet (unknown host, or the database failed while looking it up): no
    // layout can be built, so the bare page below answers without trying.
    if (!req.site && !res.locals.page) {
      sendBarePage(res, error.status, message, localeOf(req));
      return;
    }
    try {
      if (!res.locals.page) await deps.preparePage(req, res);
      renderPage(res, createElement(ErrorPage, { status: error.status, message }), {
        layout: 'error',
        routeName: 'error',
        title: message,
        status: error.status,
        noindex: true,
      });
    } catch (renderErr) {
      // No site or no page context (e.g. an unknown host): a bare page, still localized.
      if (!(renderErr instanceof AppError)) (req.log ?? deps.logger).error({ err: renderErr, reqId: req.id }, 'error page failed');
      sendBarePage(res, error.status, message, localeOf(req));
    }
  };
}

function sendBarePage(res: Response, status: number, message: string, lng: string): void {
  res
    .status(status)
    .type('html')
    .send(`<!doctype html><html lang="${lng}"><meta charset="utf-8"><title>${escape(message)}</title><h1>${escape(message)}</h1></html>`);
}

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
