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
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler } from 'express';
import onHeaders from 'on-headers';
import type { Config } from '../config.js';
import { secureFor, type CookieToSet } from '../lib/cookies.js';
import { utcDay } from '../repos/quotas-repo.js';
import { landingOfPath } from '../services/traffic/lander-paths.js';
import type { LanderVisitCounter, VisitKey } from '../services/traffic/lander-visit-counter.js';
import {
  cleanTracking, cleanVariant, hasSource, nextAttribution, parseAttribution, serializeAttribution, type Attribution, type Landing, type TrackingRecord,
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
    if (asked || hasSource(fromQuery)) {
      onHeaders(res, () => {
        const { cookies, visit } = trafficOfAnswer({
          status: res.statusCode, member: Boolean(req.user), cookies: req.cookies, headers: req.headers, siteId: req.site.id,
          secure: secureFor(req, config.secureCookies), shownVariant: res.locals.landerVariant, now: now(), cookie, fromQuery, asked,
        });
        for (const c of cookies) res.cookie(c.name, c.value, c.options);
        if (visit) counter.record(visit);
      });
    }
    next();
  };
}

/** What an answer tells the traffic records, known when its headers go out. */
export interface AnswerFacts {
  status: number;
  member: boolean;
  cookies: Record<string, unknown> | undefined;
  headers: IncomingHttpHeaders;
  siteId: number;
  secure: boolean;
  /** `res.locals.landerVariant`: the variant the route says it showed. */
  shownVariant: unknown;
  now: number;
  /** The request's attribution cookie, parsed (attributionOf). */
  cookie: Attribution | null;
  fromQuery: ReturnType<typeof cleanTracking>;
  /** The landing a GET's path asks for (landingOfPath). */
  asked: Landing | null;
}

/**
 * The cookies an answer sets and the lander visit it counts: nothing for an error, a member's or a
 * robot's visit counts nothing. The middleware above and the kept pages answered ahead of the
 * router (render/kept-answers.ts) both decide here.
 */
export function trafficOfAnswer(a: AnswerFacts): { cookies: CookieToSet[]; visit: VisitKey | null } {
  const cookies: CookieToSet[] = [];
  if (a.status >= 400) return { cookies, visit: null };
  const landing = a.asked && a.status === 200 && !a.member ? shownLanding(a.shownVariant, a.asked) : null;
  const attribution = nextAttribution(a.cookie, a.fromQuery, landing);
  if (attribution) {
    cookies.push({ name: TRACKING_COOKIE, value: serializeAttribution(attribution), options: { maxAge: TRACKING_COOKIE_MAX_AGE_MS, httpOnly: true, sameSite: 'lax', secure: a.secure } });
  }
  if (!landing || !isPersonVisit(a.headers)) return { cookies, visit: null };
  const day = utcDay(a.now);
  const key = `${landing.name}/${landing.variant ?? ''}`;
  const seen = visitedToday(a.cookies?.[VISITED_COOKIE], day);
  if (seen.includes(key)) return { cookies, visit: null };
  // Only a source this visit brought: a network compares these with the clicks it sent.
  const visit = { siteId: a.siteId, day, lander: landing.name, variant: landing.variant ?? '', network: a.fromQuery.network ?? '' };
  const visited = [day, ...seen.slice(-(VISITED_MAX - 1)), key].join('|');
  cookies.push({ name: VISITED_COOKIE, value: visited, options: { maxAge: msToNextUtcDay(a.now), httpOnly: true, sameSite: 'lax', secure: a.secure } });
  return { cookies, visit };
}

/**
 * What the middleware above decides for a GET of `path` with no query, answered with `status` to a
 * visitor (no member): for the kept pages answered ahead of the router (render/kept-answers.ts).
 */
export function trafficOfPlainGet(a: Pick<AnswerFacts, 'status' | 'cookies' | 'headers' | 'siteId' | 'secure' | 'shownVariant' | 'now'> & { path: string }): { cookies: CookieToSet[]; visit: VisitKey | null } {
  const asked = landingOfPath(a.path);
  if (!asked) return { cookies: [], visit: null };
  const cookie = a.cookies?.[TRACKING_COOKIE] === undefined ? null : parseAttribution(a.cookies[TRACKING_COOKIE]);
  return trafficOfAnswer({ ...a, member: false, cookie, fromQuery: {}, asked });
}

/** req.tracking of a GET with no query: the attribution cookie's (render/kept-answers.ts). */
export function trackingOfPlainGet(cookies: Record<string, unknown> | undefined): TrackingRecord {
  return cookies?.[TRACKING_COOKIE] === undefined ? {} : (parseAttribution(cookies[TRACKING_COOKIE])?.tracking ?? {});
}

/** The variant the route says it showed, else the one the path asked for. */
function shownLanding(shown: unknown, asked: Landing): Landing {
  return shown === undefined ? asked : { name: asked.name, variant: shown === null ? null : cleanVariant(shown) };
}
