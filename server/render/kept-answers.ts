// Visitors' kept pages (render/page-cache.ts: the legal pages, the landers) answered ahead of
// Express. Such a page costs little to fill in, but Express's walk through some fifty layers, each
// matched against the path, and the request and response objects it grows on the way cost more
// than the page (DESIGN.md §8 budgets a static page at 1.2× a bare React page; issue 17).
//
// Only a plain GET qualifies: no body, no conditional headers, a path of a registered route in its
// plain form, no query but one of the keys the route names (the search's filters), no session
// cookie, a known host, and a page already kept for the visitor's facts (the route's own answer
// keeps it), or one the route renders here (a profile: each is asked for too rarely to be found
// kept, and Express's layers around its render cost a third of its CPU: bench profile-any, 0.64
// -> 0.41 ms on SQLite). Anything else goes to Express untouched: deciding has no side effects
// but that rendered page, kept.
//
// The answer is the one the app would give, made by the same functions: the page facts
// (render/page-context.ts), the route's own lookup of its kept page, the CSRF token, the traffic
// cookies and lander visit (middleware/traffic.ts), the request id, the security headers, the
// compression (middleware/compression.ts) and Express's own cookie serializer; the request's
// address, scheme and cookies are read by Express's request getters and cookie-parser.
// test/integration/kept-answers.test.ts compares the two answers header by header and byte by byte.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler } from 'express';
import type { i18n as I18n } from 'i18next';
import { AppError } from '../errors.js';
import { ServiceUnavailableError } from '../lib/circuit.js';
import { setCookieHeader, type CookieToSet } from '../lib/cookies.js';
import { encodedPage } from '../middleware/compression.js';
import { requestIdFrom } from '../middleware/request-logging.js';
import { trafficOfPlainGet } from '../middleware/traffic.js';
import type { VisitKey } from '../services/traffic/lander-visit-counter.js';
import type { Site } from '../services/sites/sites-service.js';
import type { Locale } from '../../types/settings.js';
import type { AssetResolver } from './assets.js';
import { keptBytes, keptGzip, keptKey, requestMarks, type Kept, type KeptRender, type PageCache } from './page-cache.js';
import { ENTRY_COOKIE, pageContextOf, type PageFacts, type PageFactsInput } from './page-context.js';

/** What a route needs to find a visitor's kept page. */
export interface KeptVisitor {
  site: Site;
  lng: Locale;
  clientCountry: string | null;
  /** The request's cookies as cookie-parser reads them. */
  cookies: Record<string, unknown>;
  /** The cookies' Secure flag for this request (lib/cookies.ts secureFor). */
  secure: boolean;
  facts: PageFacts;
}

/** The kept page a route answers a visitor with, as its own handler looks it up. */
export interface KeptPage {
  cache: PageCache;
  key: string;
  sources?: object[];
  /** The route's marks with this request's (escaped) values. */
  marks?: Record<string, string>;
  /** res.locals.landerVariant as the route sets it (middleware/traffic.ts). */
  landerVariant?: string | null;
  /** The cookies the route's own answer sets (res.cookie()), in its order. */
  cookies?: CookieToSet[];
  /**
   * The route's render of the page, as its own answer renders it for a visitor: given, a page not
   * kept is rendered and kept here. An AppError it throws (a 404) leaves the request to the
   * router, whose answer that is.
   */
  render?: () => Promise<KeptRender>;
}

export interface KeptRoute {
  /** The route's pattern as Express names it (the request metrics' label). */
  pattern: string;
  /** The route's parameters for a path in its plain form, else undefined (Express answers). */
  match: (path: string) => Record<string, string | undefined> | undefined;
  /** The query keys the route's kept answers take; none when not given (a query goes to Express). */
  queryKeys?: readonly string[];
  /** The kept page the route would answer with; undefined where it answers otherwise (404, a redirect). */
  keptFor: (visitor: KeptVisitor, params: Record<string, string | undefined>, query: Request['query']) => Promise<KeptPage | undefined>;
}

export interface KeptAnswersDeps {
  /** The app whose request getters (ip, secure) read the request as Express does. */
  app: Express;
  /** The app's cookie-parser. */
  cookies: RequestHandler;
  sessionCookie: (secure: boolean) => string;
  secureFor: (req: Request) => boolean;
  resolveSite: (host: string | undefined) => Promise<Site>;
  countryOf: (ip: string | undefined) => string | null;
  localeOf: (req: { cookies?: Record<string, unknown>; site?: { language?: string } }) => Locale;
  pageFacts: (input: PageFactsInput) => Promise<PageFacts>;
  /** For the pages rendered here (KeptPage.render): the app's translations and client assets. */
  i18n: I18n;
  assets: AssetResolver;
  visitorToken: (cookies: Record<string, unknown>, secure: boolean) => { token: string; cookie?: CookieToSet };
  /** The headers every answer carries (helmet's), in order. */
  securityHeaders: ReadonlyMap<string, string>;
  countVisit: (visit: VisitKey) => void;
  observe: (method: string, route: string, status: number, seconds: number) => void;
  /** While the access log writes 2xx answers (debug), Express answers: it writes them. */
  logsAnswers: () => boolean;
}

type Params = Record<string, string | undefined>;
type QueryParser = (search: string) => Request['query'];

export class KeptAnswers {
  private readonly routes: KeptRoute[] = [];
  /** Answers given here (tests tell which way a request went). */
  answered = 0;

  constructor(private readonly deps: KeptAnswersDeps) {}

  /** Routes call this for the pages they keep. */
  register(route: KeptRoute): void {
    this.routes.push(route);
  }

  /** Puts the answers ahead of the app's own handling (as events-api.ts does for event streams). */
  install(app: Express): void {
    const inner = app as unknown as { handle(req: IncomingMessage, res: ServerResponse, next?: unknown): void };
    const expressHandle = inner.handle.bind(app);
    inner.handle = (req, res, next) => {
      const found = this.candidate(req);
      if (!found) return expressHandle(req, res, next);
      const started = performance.now();
      void this.answer(found, req, res, started).then(
        (answered) => answered || expressHandle(req, res, next),
        // Nothing is written before the last check: Express answers (and reports) what failed. A
        // service that did not answer in time is not asked again by the route (a second deadline):
        // Express answers its 503 at once (keptAnswerFailure).
        (err: unknown) => {
          if (res.headersSent) return res.destroy();
          if (err instanceof ServiceUnavailableError) (req as FailedRequest)[FAILED] = err;
          expressHandle(req, res, next);
        },
      );
    };
  }

  /** A plain GET of a registered route's path, with its parameters and query (Express's parser's). */
  private candidate(req: IncomingMessage): { route: KeptRoute; params: Params; path: string; query: Request['query'] } | undefined {
    const h = req.headers;
    if (req.method !== 'GET' || !req.url) return undefined;
    // A body would be parsed (or refused) by the body parsers; a conditional GET may be a 304.
    if (h['transfer-encoding'] !== undefined || (h['content-length'] ?? '0') !== '0') return undefined;
    if (h['if-none-match'] !== undefined || h['if-modified-since'] !== undefined || this.deps.logsAnswers()) return undefined;
    const mark = req.url.indexOf('?');
    const path = mark < 0 ? req.url : req.url.slice(0, mark);
    for (const route of this.routes) {
      const params = route.match(path);
      if (!params) continue;
      if (mark < 0) return { route, params, path, query: {} };
      if (!route.queryKeys) return undefined;
      const query = (this.deps.app.get('query parser fn') as QueryParser)(req.url.slice(mark + 1));
      return Object.keys(query).every((k) => route.queryKeys!.includes(k)) ? { route, params, path, query } : undefined;
    }
    return undefined;
  }

  private async answer(found: NonNullable<ReturnType<KeptAnswers['candidate']>>, req: IncomingMessage, res: ServerResponse, started: number): Promise<boolean> {
    const { route, params, path, query } = found;
    const { deps } = this;
    // The request as Express reads it: its getters (ip, secure) and cookie-parser, on a stand-in.
    const view = Object.create(deps.app.request, { headers: { value: req.headers }, socket: { value: req.socket } }) as Request;
    deps.cookies(view, res as never, () => undefined);
    const cookies = view.cookies as Record<string, unknown>;
    const secure = deps.secureFor(view);
    // A session cookie may be a member's: their pages are theirs.
    if (cookies[deps.sessionCookie(secure)] !== undefined) return false;
    const site = await deps.resolveSite(req.headers.host).catch(() => undefined);
    if (!site) return false;
    const clientCountry = deps.countryOf(view.ip);
    const lng = deps.localeOf({ cookies, site });
    const facts = await deps.pageFacts({ site, lng, clientCountry, entryCookie: cookies[ENTRY_COOKIE], user: null });
    const page = await route.keptFor({ site, lng, clientCountry, cookies, secure, facts }, params, query);
    if (!page) return false;
    const sources = [...facts.sources, ...(page.sources ?? [])];
    const fullKey = keptKey(page.key, { lng, ...facts });
    const kept = page.render ? await this.rendered(page, sources, fullKey, { site, lng, facts }) : await page.cache.peek(sources, fullKey);
    if (!kept) return false;

    // Decided: the answer, as the app's middleware and the route would make it, in their order.
    const { token, cookie } = deps.visitorToken(cookies, secure);
    const values = { ...page.marks, ...requestMarks(token, req.url!) };
    // No traffic source can be in the query (the routes' keys are no source's): the path decides.
    const traffic = trafficOfPlainGet({ path, status: kept.status, cookies, headers: req.headers, siteId: site.id, secure, shownVariant: page.landerVariant, now: Date.now() });
    // As PageCache.send() answers: gzip from the parts compressed once, else as compressSentBodies() would.
    const gzip = keptGzip(kept, values, req.headers['accept-encoding']);
    const { body, encoding, vary } = gzip ? { body: gzip, encoding: 'gzip', vary: true } : encodedPage(req.headers['accept-encoding'], keptBytes(kept, values));
    const headers: string[] = ['X-Request-Id', requestIdFrom(req.headers['x-request-id'])];
    for (const [name, value] of deps.securityHeaders) headers.push(name, value);
    headers.push('Content-Language', lng);
    if (cookie) headers.push('Set-Cookie', setCookieHeader(cookie));
    for (const c of page.cookies ?? []) headers.push('Set-Cookie', setCookieHeader(c));
    for (const c of traffic.cookies) headers.push('Set-Cookie', setCookieHeader(c));
    headers.push('Content-Type', 'text/html; charset=utf-8');
    if (vary) headers.push('Vary', 'Accept-Encoding');
    if (encoding) headers.push('Content-Encoding', encoding);
    headers.push('Content-Length', String(body.length));
    if (traffic.visit) deps.countVisit(traffic.visit);
    res.once('finish', () => deps.observe('GET', route.pattern, kept.status, (performance.now() - started) / 1000));
    res.writeHead(kept.status, headers);
    res.end(body);
    this.answered++;
    return true;
  }

  /** The route's kept page, rendered and kept now if need be; undefined where the route answers otherwise (a 404). */
  private async rendered(page: KeptPage, sources: object[], fullKey: string, visitor: Pick<KeptVisitor, 'site' | 'lng' | 'facts'>): Promise<Kept | undefined> {
    // The token and address are the kept page's marks (PageCache.keep): each answer fills in its own.
    const context = pageContextOf(this.deps.i18n, { ...visitor, user: null, csrfToken: '', currentUrl: '' });
    const marks = Object.keys({ ...page.marks, ...requestMarks('', '') });
    try {
      return await page.cache.obtain(sources, fullKey, context, this.deps.assets, page.render!, marks);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return undefined;
      throw err;
    }
  }
}

const FAILED = Symbol('kept answer failed');
type FailedRequest = IncomingMessage & { [FAILED]?: ServiceUnavailableError };

/** Placed before the routes: a request whose kept answer met an unavailable service gets its 503 without asking it again. */
export const keptAnswerFailure: RequestHandler = (req, _res, next) => next((req as FailedRequest)[FAILED]);
