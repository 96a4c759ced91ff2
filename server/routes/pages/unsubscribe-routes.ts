// RFC 8058 one-click unsubscribe. The mail provider POSTs to the List-Unsubscribe URL from its own
// servers, with no cookie, Origin or CSRF token (csrf.ts and same-site.ts let /unsubscribe/ pass):
// the signed token is the whole authority. A GET (a person following the link) only shows a page
// with a button that makes the same POST; it changes nothing, since mail scanners open links.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { isLocale, LOCALE_COOKIE } from '../../middleware/locale.js';
import { cachedT } from '../../render/i18n.js';
import { buildPageContext } from '../../render/page-context.js';
import { renderPage } from '../../render/render-page.js';
import { ErrorPage } from '../../../views/pages/error-page.js';
import { UnsubscribePage } from '../../../views/pages/unsubscribe-page.js';
import type { UnsubscribeClaim } from '../../services/notifications/unsubscribe-links.js';
import type { RouteDeps } from '../route-deps.js';

export function unsubscribeRoutes({ services, csrfToken, pushPublicKey }: RouteDeps): Router {
  const router = Router();

  /** The token's claim, or a localized 400 page (malformed, altered or foreign tokens alike). */
  const claimOf = async (req: Request, res: Response): Promise<UnsubscribeClaim | undefined> => {
    const claim = await services.unsubscribeLinks.verify(String(req.params.token ?? ''));
    if (claim) return claim;
    const message = res.locals.page!.t('pages:unsubscribe.invalid');
    renderPage(res, createElement(ErrorPage, { status: 400, message }), { layout: 'error', routeName: 'unsubscribe', title: message, status: 400, noindex: true });
    return undefined;
  };

  /** A mail client opens the link without our cookie: the page speaks the member's language, as the mail did. */
  const inMemberLanguage = async (req: Request, res: Response, claim: UnsubscribeClaim) => {
    const page = res.locals.page!;
    if (req.cookies?.[LOCALE_COOKIE] !== undefined) return;
    const lng = await services.notificationSettings.languageOf(claim.userId);
    if (!isLocale(lng) || lng === page.lng) return;
    // The whole page context again (the site's translated texts too), as if the cookie had said so.
    Object.assign(req, { language: lng, lng, t: cachedT(page.i18n, lng) });
    res.setHeader('Content-Language', lng);
    res.locals.page = await buildPageContext(req, res, { services, i18n: page.i18n, csrfToken, pushPublicKey });
  };

  const show = async (req: Request, res: Response, claim: UnsubscribeClaim, done: boolean) => {
    res.set('Cache-Control', 'no-store');
    await inMemberLanguage(req, res, claim);
    const t = res.locals.page!.t;
    renderPage(res, createElement(UnsubscribePage, { type: claim.type, email: claim.email, done, action: req.originalUrl.split('?')[0]! }), {
      layout: 'lander', routeName: 'unsubscribe', title: t('pages:unsubscribe.title'), noindex: true,
    });
  };

  router.get('/unsubscribe/:token', async (req, res) => {
    const claim = await claimOf(req, res);
    if (claim) await show(req, res, claim, false);
  });

  router.post('/unsubscribe/:token', async (req, res) => {
    const claim = await claimOf(req, res);
    if (!claim) return;
    await services.notificationSettings.unsubscribeByLink(claim);
    await show(req, res, claim, true);
  });

  return router;
}
