// /accept-terms (issue 18.4): where middleware/terms-gate.ts sends a member who has not accepted
// the terms in force, and the form post that records the acceptance and goes back where they were.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { renderPage } from '../../render/render-page.js';
import { AcceptTermsPage } from '../../../views/pages/accept-terms-page.js';
import { acceptTermsUrl } from '../../middleware/terms-gate.js';
import type { RouteDeps } from '../route-deps.js';
import { membersOnly } from '../session-helpers.js';
import { safeReturnPath } from '../validate.js';

const field = (body: unknown, name: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined);

export function termsRoutes({ services }: Pick<RouteDeps, 'services'>): Router {
  const router = Router();
  router.use('/accept-terms', membersOnly);

  router.get('/accept-terms', async (req: Request, res: Response) => {
    const next = safeReturnPath(req.query.next, '/members');
    const userId = req.user!.id;
    const [version, accepted] = await Promise.all([services.terms.currentVersion(), services.terms.acceptedVersion(userId)]);
    if (accepted >= version) {
      req.session.termsAccepted = accepted;
      return res.redirect(303, next);
    }
    const page = res.locals.page!;
    const date = new Date(version);
    const dateLocale = page.settings.domain_language.startsWith(`${page.lng}-`) ? page.settings.domain_language : page.lng;
    res.set('Cache-Control', 'no-store');
    renderPage(res, createElement(AcceptTermsPage, {
      version, next, dateIso: date.toISOString(), date: new Intl.DateTimeFormat(dateLocale, { dateStyle: 'long', timeZone: 'UTC' }).format(date),
    }), { layout: 'default', routeName: 'accept-terms', title: page.t('pages:acceptTerms.title'), noindex: true });
  });

  router.post('/accept-terms', async (req: Request, res: Response) => {
    const next = safeReturnPath(field(req.body, 'next'), '/members');
    const shown = Number(field(req.body, 'version'));
    // A page opened before the terms changed again (or a made-up version) asks once more.
    if (!Number.isSafeInteger(shown) || !(await services.terms.accept(req.user!.id, shown))) return res.redirect(303, acceptTermsUrl(next));
    req.session.termsAccepted = shown;
    res.redirect(303, next);
  });

  return router;
}
