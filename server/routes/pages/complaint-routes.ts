// /complaints (issue 16.7): the complaints procedure with the form below it. `?profile=<id>` (the
// "Report" link of a profile) and `?payment=<ref>` (a row of /transactions) preselect the subject
// and show what the complaint is about: a profile only when the viewer may see it, a payment only
// when it is the member's own. A sent complaint comes back as `?sent=<reference>` (a thank-you).
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import type { ComplaintAbout } from '../../../types/complaints.js';
import { COMPLAINT_MAX_LENGTH } from '../../../types/complaints.js';
import { ComplaintsPage, type ComplaintFormValues, type ComplaintsPageProps } from '../../../views/pages/complaints-page.js';
import { AppError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { typedValues } from '../form-errors.js';
import type { RouteDeps } from '../route-deps.js';
import { cardContextOf } from '../card-context.js';

const PROFILE_ID = /^[1-9][0-9]{0,9}$/;
const REFERENCE = /^[A-Z2-9]{4}-[A-Z2-9]{4}$/;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const baseUrl = (req: Request) => `${req.protocol}://${req.get('host')}`;

export function complaintRoutes({ services }: Pick<RouteDeps, 'services'>, legalHtml: (res: Response) => Promise<string>): Router {
  const router = Router();

  /** What `profile`/`payment` (query or hidden field) point at, if the viewer may see it. */
  async function aboutOf(req: Request, res: Response, source: Record<string, unknown>): Promise<ComplaintAbout | undefined> {
    const profile = text(source.profile);
    if (PROFILE_ID.test(profile)) {
      const shown = await services.profiles
        .view(Number(profile), { viewer: req.viewer, ...cardContextOf(req), visibleFields: [] })
        .catch((err: unknown) => {
          if (err instanceof AppError) return undefined; // not found, blocked: nothing preselected
          throw err;
        });
      if (shown) return { kind: 'profile', profileId: shown.id, label: `${shown.name}, ${shown.age}` };
    }
    const payment = text(source.payment);
    if (payment && req.user) return services.complaints.paymentAbout(req.user.id, payment);
    return undefined;
  }

  async function show(res: Response, props: Omit<ComplaintsPageProps, 'html'>, status = 200) {
    const page = res.locals.page!;
    renderPage(res, createElement(ComplaintsPage, { html: await legalHtml(res), ...props }), {
      layout: 'default', routeName: 'complaints', title: page.t('legal:complaints.title', { siteName: page.site.name }), status, noindex: status !== 200,
    });
  }

  router.get('/complaints', async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const sent = text(query.sent);
    if (REFERENCE.test(sent)) return show(res, { values: { subject: '', message: '', email: '' }, sentReference: sent });
    const about = await aboutOf(req, res, query);
    await show(res, { values: { subject: about?.kind ?? '', message: '', email: '' }, about });
  });

  router.post('/complaints', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const values: ComplaintFormValues = { ...typedValues(body, ['subject', 'email'] as const, 191), message: typedValues(body, ['message'] as const, COMPLAINT_MAX_LENGTH + 100).message };
    const about = await aboutOf(req, res, body);
    const page = res.locals.page!;
    try {
      const { reference } = await services.complaints.submit({
        siteId: req.site.id, siteName: req.site.name, supportEmail: page.settings.support_email, baseUrl: baseUrl(req),
        userId: req.user?.id ?? null, language: page.lng, ip: req.ip ?? '',
        subject: values.subject, message: text(body.message), email: values.email,
        aboutProfileId: about?.kind === 'profile' ? about.profileId : null,
        aboutPayment: about?.kind === 'payment' ? about.paymentRef : null,
      });
      res.redirect(303, `/complaints?sent=${reference}#complaint-form`);
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== 'validation_failed' && err.code !== 'rate_limited')) throw err;
      // Messages of this form live in pages:complaintForm.errors (one place for its seven languages).
      const say = (key: string, vars?: Record<string, unknown>) => page.t(`pages:complaintForm.errors.${key}`, vars);
      const errors =
        err.code === 'rate_limited'
          ? { _form: say('rateLimited') }
          : Object.fromEntries(Object.entries(err.details ?? {}).map(([field, key]) => [field, say(key, err.detailParams[field])]));
      await show(res, { values, about, errors }, err.status);
    }
  });

  return router;
}
