// Routers entered by the first segment of the path: the page routers as one middleware.
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** A router's layers as Express 5's router keeps them (router/lib/layer.js): what they match. */
interface RouterLayer {
  rawPath?: unknown;
  route?: { path?: unknown };
  handle?: { stack?: RouterLayer[] };
}

/** Every path: the router (or one of its layers) cannot be told apart by a first segment. */
const ANY = null;

/**
 * The first segments a path pattern can start with, lower case (Express matches paths without
 * regard to case): '/chats/:id' is 'chats'; '/' is ''; a pattern that starts with a parameter, a
 * wildcard or a regular expression could be any (ANY).
 */
function segmentsOfPattern(pattern: unknown): string[] | typeof ANY {
  const patterns = Array.isArray(pattern) ? pattern.flat(Infinity) : [pattern];
  const segments: string[] = [];
  for (const p of patterns) {
    if (typeof p !== 'string' || !p.startsWith('/')) return ANY;
    const first = p.slice(1).split('/')[0]!;
    if (/[:*?(){}\\]/.test(first)) return ANY;
    segments.push(first.toLowerCase());
  }
  return segments;
}

/** The first segments a router answers under, or ANY when one of its layers takes every path. */
function segmentsOfRouter(stack: readonly RouterLayer[]): Set<string> | typeof ANY {
  const all = new Set<string>();
  for (const layer of stack) {
    let segments = segmentsOfPattern(layer.route ? layer.route.path : layer.rawPath);
    // router.use(otherRouter) without a path: the nested router's own routes say where it answers.
    if (!layer.route && layer.rawPath === '/' && layer.handle?.stack) {
      const nested = segmentsOfRouter(layer.handle.stack);
      segments = nested === ANY ? ANY : [...nested];
    } else if (!layer.route && layer.rawPath === '/') {
      segments = ANY;
    }
    if (segments === ANY) return ANY;
    for (const s of segments) all.add(s);
  }
  return all;
}

/** '/members/12' is 'members', '/' and '' are '' (as the patterns are read). */
function firstSegmentOf(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/**
 * The routers as one middleware that enters, in their order, only those with a route or a
 * middleware under the request's first path segment (and any whose patterns could match every
 * path). Mounted one after another at '/', Express tries every route of every router in turn: a
 * page near the end of the list (/credits) walked about 130 layers before its own, each a
 * regular expression, a tenth of a member page's CPU. The routers must be complete when this is
 * called (all of ours add their routes as they are made).
 */
export function routeTable(routers: readonly Router[]): RequestHandler {
  const entries = routers.map((router) => ({ router, segments: segmentsOfRouter((router as unknown as { stack: RouterLayer[] }).stack) }));
  const chains = new Map<string, Router[]>();
  // Paths under none of the known segments (404s, probes) see only the routers that take any path.
  const unknown = entries.filter((e) => e.segments === ANY).map((e) => e.router);
  for (const { segments } of entries) {
    for (const segment of segments ?? []) {
      if (!chains.has(segment)) chains.set(segment, entries.filter((e) => e.segments === ANY || e.segments.has(segment)).map((e) => e.router));
    }
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const chain = chains.get(firstSegmentOf(req.path)) ?? unknown;
    let i = 0;
    // A router that ends without answering calls this: the next one in the chain, else the app's
    // next middleware. An error leaves the table (none of ours handles errors itself).
    const step = (err?: unknown) => {
      if (err !== undefined && err !== null && err !== 'router' && err !== 'route') return next(err);
      const router = chain[i++];
      if (!router) return next();
      router(req, res, step);
    };
    step();
  };
}
