// Running one of the chain's middleware outside the chain (the fast paths ahead of it).
import type { Request, RequestHandler, Response } from 'express';

/** Runs a middleware to its next(): resolves with the error it passed on, if any. */
export function runMiddleware(mw: RequestHandler, req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve) => {
    const done = (err?: unknown) => resolve(err);
    try {
      const returned = mw(req, res, done) as unknown;
      if (returned instanceof Promise) returned.catch(done);
    } catch (err) {
      resolve(err);
    }
  });
}
