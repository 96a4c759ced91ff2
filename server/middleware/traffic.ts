// Traffic sources and lander visits (SPEC.md §3, issue 16.3), for every request:
// - `req.tracking`: this request's tracking record (its query's, else the `amora_track` cookie's),
//   which the signups and logged_out_search_trafficsource settings look at.
// - The `amora_track` cookie (30 days) remembers the source and the lander it arrived on, last
//   touch (services/traffic/tracking-record.ts), written only on an answer that is no error.
// - A GET that a lander answers with 200 counts one visit per visitor, lander and UTC day (the
//   `amora_lv` cookie), unless a robot or a prefetch asked or a member is logged in. The counter
//   only adds in memory (services/traffic/lander-visit-counter.ts): no database work per visit.
// Status and cookies are decided when the answer's headers go out, so a 404 (unknown lander,
// hidden profile) counts and remembers nothing. A lander route may set `res.locals.landerVariant`
// (the variant it showed, null for its default) so that unknown slugs count as the default.
import type { Request, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import type { Config } from '../config.js';
import { secureFor } from '../lib/cookies.js';
import { utcDay } from '../repos/quotas-repo.js';
import { landingOfPath } from '../services/traffic/lander-paths.js';
import type { LanderVisitCounter } from '../services/traffic/lander-visit-counter.js';
import {
  cleanTracking, cleanVariant, hasSource, nextAttribution, parseAttribution, serializeAttribution, type Attribution, type Landing,
} from '../services/traffic/tracking-record.js';
import { isPersonVisit } from '../services/traffic/visit-filter.js';

export const TRACKING_COOKIE = 'amora_track';
export const TRACKING_COOKIE_MAX_AGE_MS = 30 * 24 * 3600_000;
/** Landers already counted today for this visitor: `YYYY-MM-DD|name/variant|…`. */
export const VISITED_COOKIE = 'amora_lv';
const VISITED_MAX = 24;

/** The attribution cookie of this request, checked like a query (read at most once per request). */
export function attributionOf(req: Request): Attribution | null {
  return parseAttribution(req.cookies?.[TRACKING_COOKIE]);
}

function visitedToday(raw: unknown, day: string): string[] {
  if (typeof raw !== 'string' || !raw.startsWith(`${day}|`)) return [];
  return raw.split('|').slice(1, VISITED_MAX + 1);
}

function msToNextUtcDay(now: number): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return next.getTime() - now;
}

export function trafficMiddleware(config: Config, counter: LanderVisitCounter, now: () => number = Date.now): RequestHandler {
  return (req, res, next) => {
    const cookie = req.cookies?.[TRACKING_COOKIE] === undefined ? null : attributionOf(req);
    const isGet = req.method === 'GET';
    const fromQuery = isGet && (req.query.network !== undefined || req.query.ref !== undefined) ? cleanTracking(req.query) : {};
    req.tracking = hasSource(fromQuery) ? fromQuery : (cookie?.tracking ?? {});
    const asked = isGet ? landingOfPath(req.path) : null;
    if (asked || hasSource(fromQuery)) onHeaders(res, () => answered(req, res, { config, counter, now: now(), cookie, fromQuery, asked }));
    next();
  };
}

interface Visit {
  config: Config;
  counter: LanderVisitCounter;
  now: number;
  cookie: Attribution | null;
  fromQuery: ReturnType<typeof cleanTracking>;
  asked: Landing | null;
}

/** Runs as the headers go out: the status is known and cookies can still be set. */
function answered(req: Request, res: Response, v: Visit): void {
  if (res.statusCode >= 400) return;
  const landing = v.asked && res.statusCode === 200 && !req.user ? shownLanding(res, v.asked) : null;
  const secure = secureFor(req, v.config.secureCookies);
  const attribution = nextAttribution(v.cookie, v.fromQuery, landing);
  if (attribution) {
    res.cookie(TRACKING_COOKIE, serializeAttribution(attribution), { maxAge: TRACKING_COOKIE_MAX_AGE_MS, httpOnly: true, sameSite: 'lax', secure });
  }
  if (!landing || !isPersonVisit(req.headers)) return;
  const day = utcDay(v.now);
  const key = `${landing.name}/${landing.variant ?? ''}`;
  const seen = visitedToday(req.cookies?.[VISITED_COOKIE], day);
  if (seen.includes(key)) return;
  // Only a source this visit brought: a network compares these with the clicks it sent.
  v.counter.record({ siteId: req.site.id, day, lander: landing.name, variant: landing.variant ?? '', network: v.fromQuery.network ?? '' });
  const visited = [day, ...seen.slice(-(VISITED_MAX - 1)), key].join('|');
  res.cookie(VISITED_COOKIE, visited, { maxAge: msToNextUtcDay(v.now), httpOnly: true, sameSite: 'lax', secure });
}

/** The variant the route says it showed, else the one the path asked for. */
function shownLanding(res: Response, asked: Landing): Landing {
  const shown: unknown = res.locals.landerVariant;
  return shown === undefined ? asked : { name: asked.name, variant: shown === null ? null : cleanVariant(shown) };
}
