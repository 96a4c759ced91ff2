// createApp(): the Express application, fully wired but never listening (tests import it).
import { join } from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type Request, type RequestHandler, type Response } from 'express';
import session from 'express-session';
import type { Runtime } from './boot.js';
import helmet from 'helmet';
import { ROOT_DIR } from './config.js';
import { cookieNameFor, secureFor } from './lib/cookies.js';
import { compressSentBodies, precompressedFiles } from './middleware/compression.js';
import { requestLogging } from './middleware/request-logging.js';
import { routeTable } from './routes/route-table.js';
import { createCsrf } from './middleware/csrf.js';
import { currentUserMiddleware } from './middleware/current-user.js';
import { errorHandler, notFoundHandler } from './middleware/error-handler.js';
import { localeDetection, localeMiddleware } from './middleware/locale.js';
import { sameSiteRequests } from './middleware/same-site.js';
import { trafficMiddleware } from './middleware/traffic.js';
import { termsGate } from './middleware/terms-gate.js';
import { siteMiddleware } from './middleware/site.js';
import type { AssetResolver } from './render/assets.js';
import { BUILD_DIR } from './render/assets.js';
import { KeptAnswers, keptAnswerFailure } from './render/kept-answers.js';
import { buildPageContext, pageFactsOf } from './render/page-context.js';
import { siteApi } from './routes/api/site-api.js';
import { geoApi } from './routes/api/geo-api.js';
import { signupApi } from './routes/api/signup-api.js';
import { userApi } from './routes/api/user-api.js';
import { activationRoutes } from './routes/pages/activation-routes.js';
import { accountDeletionRoutes } from './routes/pages/account-deletion-routes.js';
import { dataExportRoutes } from './routes/pages/data-export-routes.js';
import { settingsRoutes } from './routes/pages/settings-routes.js';
import { notificationsRoutes } from './routes/pages/notifications-routes.js';
import { unsubscribeRoutes } from './routes/pages/unsubscribe-routes.js';
import { ownProfileRoutes } from './routes/pages/own-profile-routes.js';
import { signupRoutes } from './routes/pages/signup-routes.js';
import { landerRoutes } from './routes/pages/lander-routes.js';
import { loginRoutes } from './routes/pages/login-routes.js';
import { termsRoutes } from './routes/pages/terms-routes.js';
import { homeRoutes } from './routes/pages/home-routes.js';
import { infoRoutes } from './routes/pages/info-routes.js';
import { membersRoutes } from './routes/pages/members-routes.js';
import { blockRoutes } from './routes/pages/block-routes.js';
import { memberPagesFastPath } from './routes/pages/member-pages-fast.js';
import { likesApi } from './routes/api/likes-api.js';
import { chatApi } from './routes/api/chat-api.js';
import { SEND_PATH, jsonUnlessRead, sendFastPath } from './routes/api/chat-send-fast.js';
import { EventStreams } from './routes/api/events-api.js';
import { presenceApi } from './routes/api/presence-api.js';
import { likesRoutes } from './routes/pages/likes-routes.js';
import { chatRoutes } from './routes/pages/chat-routes.js';
import { discoverGamesRoutes } from './routes/pages/discover-games-routes.js';
import { dismissalRoutes } from './routes/pages/dismissal-routes.js';
import { passwordRoutes } from './routes/pages/password-routes.js';
import { pricingRoutes } from './routes/pages/pricing-routes.js';
import { directDebitRoutes } from './routes/pages/direct-debit-routes.js';
import { creditsRoutes } from './routes/pages/credits-routes.js';
import { testCheckoutRoutes } from './routes/pages/test-checkout-routes.js';
import { paymentsApi } from './routes/api/payments-api.js';
import { discountCodeApi } from './routes/api/discount-code-api.js';
import { webhookRoutes } from './routes/webhook-routes.js';
import type { RouteDeps } from './routes/route-deps.js';
import { healthRoutes, mediaRoutes } from './routes/system-routes.js';
import { serviceWorkerRoutes } from './routes/service-worker-routes.js';
import { webManifestRoutes } from './routes/web-manifest-routes.js';
import { MetricsService } from './services/metrics/metrics-service.js';
import { requestMetrics } from './middleware/request-metrics.js';
import { metricsRoutes } from './routes/metrics-routes.js';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, assertSessionStoreUp } from './sessions.js';


/** What createApp() needs: the booted runtime (see boot.ts) plus how to find client assets. */
export interface AppDeps extends Omit<Runtime, 'close' | 'redis'> {
  redis?: { ping(): Promise<string> };
  assets: AssetResolver;
  /** Development only: Vite's middleware (hot reload) placed before everything else. */
  devMiddleware?: RequestHandler[];
  /** Tests only: members' pages through the full chain, to compare with their fast path's answers. */
  memberPagesThroughChain?: boolean;
}

/** Load balancers poll these every few seconds: not worth a log line each. */
const HEALTH_PATHS = new Set(['/healthz', '/readyz', '/livez']);

/** GET links from e-mails that log the member in, so they need a session even without a cookie. */
const LOGS_IN_ON_GET = new Set(['/reactivate']);

export function createApp(deps: AppDeps): express.Express {
  const { config, services, i18n, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy === 'true' ? true : config.trustProxy === 'false' ? false : config.trustProxy);
  app.set('query parser', 'simple');
  // No ETag on what routes send(): a page carries its own CSRF token and API answers are the
  // member's own, so a hash of every body (a sha1 over tens of KB per page) would never be matched.
  // An ETag function that gives none (rather than 'etag' off) keeps them on files: sendFile (the
  // service worker) follows whether the setting is enabled; express.static has its own.
  app.set('etag', () => undefined);
  // Members' open event streams are answered ahead of Express's per-request setup (DESIGN.md §8);
  // everything else on that path, visitors' 403 included, reaches eventStreams.router() below.
  const eventStreams = new EventStreams({ services, sessionStore: deps.sessionStore, sessionSecret: deps.sessionSecret });
  eventStreams.install(app);
  const metrics = new MetricsService({ db: deps.db, logger, openStreams: () => eventStreams.size });
  app.use(requestMetrics(metrics));

  // An event stream lasts as long as the page: its end (usually the browser leaving) is no news.
  app.use(requestLogging(logger, { ignore: (req) => HEALTH_PATHS.has(req.url ?? '') || req.url === '/api/events' || req.url?.startsWith('/build/') === true }));
  const security = securityHeaders(config.dev, services.payments.provider.checkoutOrigins);
  app.use(security.middleware);
  for (const mw of deps.devMiddleware ?? []) app.use(mw);
  // Pages and JSON compressed as sent; the event stream (installed above) is never buffered.
  app.use(compressSentBodies());

  app.use('/build', precompressedFiles(BUILD_DIR), express.static(BUILD_DIR, { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  app.use(serviceWorkerRoutes());
  // Static files all have an extension; page routes never do, so they skip the file-system check,
  // and so does the JSON API, whose paths all end in .php (SPEC.md §7) while no public file does:
  // express.static would stat the disk for every API call.
  const publicFiles = express.static(join(ROOT_DIR, 'public'), { maxAge: '1d', index: false });
  app.use((req, res, next) => (/\.[a-z0-9]{1,12}$/i.test(req.path) && !req.path.endsWith('.php') ? publicFiles(req, res, next) : next()));
  app.use(healthRoutes(deps.db, deps.redis));
  app.use(metricsRoutes(metrics, config.metricsToken));

  // The middleware below, made once: the send's fast path runs the same instances.
  const cookies = cookieParser();
  const locale = localeMiddleware(i18n);
  const sameSite = sameSiteRequests(services.sites);
  const json = express.json({ limit: '100kb', strict: true });
  const csrf = createCsrf(deps.sessionSecret, config.secureCookies);
  // A member's JSON send, answered ahead of the rest of the chain when every check of it passes.
  app.post(SEND_PATH, sendFastPath({ config, services, sessionStore: deps.sessionStore, sessionSecret: deps.sessionSecret, cookies, locale, sameSite, json, csrfValid: csrf.valid }));
  const traffic = trafficMiddleware(config, services.landerVisits);
  // A member's GET of the busiest pages, likewise (the page context and routers are made below).
  // Tests count the answers given there.
  const memberPagesFast = { answered: 0 };
  app.locals.memberPagesFast = memberPagesFast;
  if (!deps.memberPagesThroughChain) {
    app.use(
      memberPagesFastPath({
        config, services, sessionStore: deps.sessionStore, sessionSecret: deps.sessionSecret, cookies, locale, traffic,
        preparePage: (req, res) => preparePage(req, res),
        pages: (req, res, next) => pageRoutes(req, res, next),
        answered: () => memberPagesFast.answered++,
      }),
    );
  }

  app.use(cookies);
  app.use(siteMiddleware(services.sites));
  app.use(webManifestRoutes());
  app.use((req, _res, next) => {
    req.clientCountry = services.geo.countryOf(req.ip);
    next();
  });
  const sessionsNamed = (name: string) =>
    session({
      name,
      secret: deps.sessionSecret,
      store: deps.sessionStore,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      cookie: { maxAge: SESSION_MAX_AGE_MS, httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
    });
  // Over HTTPS the cookie is `__Host-amora.sid` (lib/cookies.ts); plain HTTP keeps `amora.sid`.
  const sessions = { plain: sessionsNamed(SESSION_COOKIE), host: sessionsNamed(cookieNameFor(SESSION_COOKIE, true)) };
  // A visitor's page view (a GET without a session cookie) needs no session: skipping the store
  // keeps anonymous traffic cheap. Everything else, logins included, gets one.
  app.use((req, res, next) => {
    const secure = secureFor(req, config.secureCookies);
    const name = cookieNameFor(SESSION_COOKIE, secure);
    res.locals.sessionCookie = name;
    const hasCookie = req.cookies?.[name] !== undefined;
    const anonymousRead = (req.method === 'GET' || req.method === 'HEAD') && !hasCookie && !LOGS_IN_ON_GET.has(req.path);
    if (anonymousRead) return next();
    const withSession = secure ? sessions.host : sessions.plain;
    if (hasCookie) return withSession(req, res, next);
    // Without a cookie the store is not read: ask it first, so that a request which writes and then
    // starts a session (a signup) gets a clean 503 while the store is down, not half its work done.
    assertSessionStoreUp(deps.sessionStore).then(() => withSession(req, res, next), next);
  });
  app.use(locale);
  app.use(sameSite);
  app.use(jsonUnlessRead(json));
  app.use(express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 200 }));

  app.use(csrf.protect);
  app.use(currentUserMiddleware(services.members));
  app.use(traffic);
  app.use(keptAnswerFailure);

  // Visitors' kept pages answered ahead of Express (render/kept-answers.ts); development has
  // Vite's middleware in the chain and answers everything through it.
  const keptAnswers = config.dev
    ? undefined
    : new KeptAnswers({
        app,
        cookies,
        sessionCookie: (secure) => cookieNameFor(SESSION_COOKIE, secure),
        secureFor: (req) => secureFor(req, config.secureCookies),
        resolveSite: (host) => services.sites.resolveHost(host),
        countryOf: (ip) => services.geo.countryOf(ip),
        localeOf: localeDetection(i18n),
        pageFacts: (input) => pageFactsOf({ services, i18n, pushPublicKey: deps.pushPublicKey }, input),
        i18n,
        assets: deps.assets,
        visitorToken: csrf.visitorToken,
        securityHeaders: security.headers,
        countVisit: (visit) => services.landerVisits.record(visit),
        observe: (method, route, status, seconds) => metrics.observeRequest(method, route, status, seconds),
        logsAnswers: () => logger.isLevelEnabled('debug'),
      });
  const routeDeps: RouteDeps = { config, services, pushPublicKey: deps.pushPublicKey, csrfToken: csrf.tokenFor, keptAnswers };
  app.use(mediaRoutes(routeDeps));
  app.use(termsGate(services.terms));
  // Each router is entered only by the paths it has routes for (routes/route-table.ts).
  app.use(
    routeTable([
      siteApi(routeDeps),
      geoApi(routeDeps),
      userApi(routeDeps),
      signupApi(routeDeps),
      likesApi(routeDeps),
      chatApi(routeDeps),
      paymentsApi(routeDeps),
      discountCodeApi(routeDeps),
      presenceApi(routeDeps),
      webhookRoutes(routeDeps, logger),
      eventStreams.router(),
    ]),
  );
  app.use('/api', notFoundHandler);

  const preparePage = async (req: Request, res: Response) => {
    res.locals.assets = deps.assets;
    res.locals.page = await buildPageContext(req, res, { services, i18n, csrfToken: csrf.tokenFor, pushPublicKey: deps.pushPublicKey });
  };
  app.use(async (req, res, next) => {
    await preparePage(req, res);
    next();
  });
  const pageRoutes = routeTable([
    homeRoutes(routeDeps),
    membersRoutes(routeDeps),
    blockRoutes(routeDeps),
    likesRoutes(routeDeps),
    chatRoutes(routeDeps),
    discoverGamesRoutes(routeDeps),
    dismissalRoutes(routeDeps),
    infoRoutes(routeDeps),
    loginRoutes(routeDeps),
    termsRoutes(routeDeps),
    passwordRoutes(routeDeps),
    activationRoutes(routeDeps),
    signupRoutes(routeDeps),
    landerRoutes(routeDeps),
    dataExportRoutes(routeDeps),
    accountDeletionRoutes(routeDeps),
    settingsRoutes(routeDeps),
    notificationsRoutes(routeDeps),
    unsubscribeRoutes(routeDeps),
    ownProfileRoutes(routeDeps),
    pricingRoutes(routeDeps),
    directDebitRoutes(routeDeps),
    creditsRoutes(routeDeps),
    testCheckoutRoutes(routeDeps),
  ]);
  app.use(pageRoutes);

  app.use(notFoundHandler);
  app.use(errorHandler({ i18n, logger, preparePage }));
  keptAnswers?.install(app);
  // Tests count the answers given ahead of the router.
  app.locals.keptAnswers = keptAnswers;
  return app;
}

/**
 * helmet's headers, with a CSP that allows no inline script; development adds what Vite's client
 * needs. They are the same on every answer, so helmet runs once and each request only sets them
 * (helmet's own middleware is a chain of a dozen, one per header).
 */
function securityHeaders(dev: boolean, checkoutOrigins: readonly string[]): { headers: ReadonlyMap<string, string>; middleware: RequestHandler } {
  const headers = new Map<string, string>();
  const collect = { setHeader: (name: string, value: string) => headers.set(name, value), removeHeader: () => undefined } as unknown as Response;
  helmetFor(dev, checkoutOrigins)({} as Request, collect, () => undefined);
  return {
    headers,
    middleware: (_req, res, next) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    },
  };
}

function helmetFor(dev: boolean, checkoutOrigins: readonly string[]): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        // The buy form's answer is a redirect to the provider's checkout, which form-action also governs.
        'form-action': ["'self'", ...checkoutOrigins],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: dev ? false : undefined,
  });
}
