// Request ids and the access log: what pino-http does, with the request's child logger made only
// when something logs. pino-http makes it for every request, and a pino child serializes its
// bindings (the request, through the redaction) as it is made: about a tenth of a static page's
// CPU (issue 17), spent on the 2xx answers that log at debug, which production does not write.
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface RequestLoggingOptions {
  /** Requests whose completion is no news (health checks, event streams, built assets). */
  ignore: (req: Request) => boolean;
}

type Level = 'debug' | 'info' | 'error';

/** 5xx and failures are errors, 4xx worth a look, the rest debug: as the pino-http setup this replaced. */
function levelOf(res: Response, err: unknown): Level {
  return err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';
}

/** A request id from a trusted-looking X-Request-Id, else a new UUID; sent back in X-Request-Id. */
function requestIdOf(req: Request, res: Response): string {
  const id = requestIdFrom(req.headers['x-request-id']);
  res.setHeader('X-Request-Id', id);
  return id;
}

/** The id of a request with this X-Request-Id header (render/kept-answers.ts asks here too). */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function requestLogging(logger: Logger, opts: RequestLoggingOptions): RequestHandler {
  // pino-http's logger only for its serializers (req, res, err as pino-http logs them).
  const base = pinoHttp({
    logger,
    // A CSRF token in the URL (the page-hidden beacon, multipart forms) stays out of the logs.
    serializers: { req: (req: { url?: string }) => Object.assign(req, { url: req.url?.replace(/([?&]_csrf=)[^&]*/, '$1[redacted]') }) },
  }).logger;
  return (req, res, next) => {
    const started = Date.now();
    req.id = requestIdOf(req, res);
    let child: Logger | undefined;
    // req.log as pino-http sets it, made on first use (the error handler's).
    Object.defineProperty(req, 'log', { configurable: true, enumerable: false, get: () => (child ??= base.child({ req })) });
    if (!opts.ignore(req)) {
      const done = (err?: unknown) => {
        res.removeListener('close', done);
        res.removeListener('finish', done);
        res.removeListener('error', done);
        const level = levelOf(res, err);
        if (!base.isLevelEnabled(level)) return;
        const log = req.log as Logger;
        const responseTime = Date.now() - started;
        if (err || res.statusCode >= 500) {
          log[level]({ res, err: err ?? new Error(`failed with status code ${res.statusCode}`), responseTime }, 'request errored');
        } else {
          log[level]({ res, responseTime }, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');
        }
      };
      res.on('close', done);
      res.on('finish', done);
      res.on('error', done);
    }
    next();
  };
}
