// /settings and its form posts. Members only; visitors are sent to the login page and back.
import { Router, type NextFunction, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { secureFor } from '../../lib/cookies.js';
import { setLocaleCookie } from '../../middleware/locale.js';
import { renderPage } from '../../render/render-page.js';
import { ErrorPage } from '../../../views/pages/error-page.js';
import { SettingsPage, type SettingsPageProps } from '../../../views/pages/settings-page.js';
import { LOCALES } from '../../../types/settings.js';
import { fieldErrorsOf } from '../form-errors.js';
import type { RouteDeps } from '../route-deps.js';
import { parseInput } from '../validate.js';
import { blockedMembersOf } from './block-routes.js';
import { spendLimitOf, spendLimitRoutes } from './spend-limit-routes.js';

const NOTICES = {
  saved: 'pages:settings.saved', password: 'pages:settings.passwordChanged', email: 'pages:settings.emailChanged',
  export: 'pages:dataExport.requested', exportAlready: 'pages:dataExport.already',
} as const;

type ShowProps = Omit<SettingsPageProps, 'errors' | 'retention' | 'dataExport' | 'blocked'> & { errors?: Record<string, string>; status?: number };

/** /settings with what the page shows beside its forms (the retention offer, the data export's state, the blocked members, the spending limit). */
export async function renderSettings(services: RouteDeps['services'], req: Request, res: Response, o: ShowProps = {}): Promise<void> {
  const t = res.locals.page!.t;
  const { status = 200, errors = {}, ...props } = o;
  const [retention, dataExport, blocked, spendLimit] = await Promise.all([
    services.retentionOffer.offerFor({ userId: req.user!.id, siteId: req.site.id }),
    services.dataExport.stateOf(req.user!.id),
    blockedMembersOf(req, services),
    props.spendLimit ?? spendLimitOf(req, services),
  ]);
  renderPage(res, createElement(SettingsPage, { errors, retention, dataExport, blocked, ...props, spendLimit }), { layout: 'default', routeName: 'settings', title: t('pages:settings.title'), status, noindex: true });
}

function membersOnly(req: Request, res: Response, next: NextFunction) {
  if (!req.user) return res.redirect(303, `/login?next=${encodeURIComponent('/settings')}`);
  next();
}

export function settingsRoutes({ services, config }: RouteDeps): Router {
  const router = Router();
  router.use('/settings', membersOnly);

  const show = (req: Request, res: Response, o: ShowProps = {}) => renderSettings(services, req, res, o);

  router.get('/settings', async (req, res) => {
    const key = NOTICES[req.query.saved as keyof typeof NOTICES];
    await show(req, res, { notice: key ? res.locals.page!.t(key) : undefined });
  });

  spendLimitRoutes(router, services, show);

  router.post('/settings/language', async (req, res) => {
    const { language } = parseInput(z.object({ language: z.enum(LOCALES) }), req.body);
    await services.members.setLanguage(req.user!.id, language);
    setLocaleCookie(res, language, secureFor(req, config.secureCookies));
    res.redirect(303, '/settings?saved=saved');
  });

  router.post('/settings/invisible', async (req, res) => {
    // The hidden "0" comes first; a ticked box adds "1" after it.
    const raw = (req.body as { invisible?: string | string[] }).invisible;
    const invisible = Array.isArray(raw) ? raw.includes('1') : raw === '1';
    await services.accountSettings.setInvisible(req.user!.id, invisible);
    res.redirect(303, '/settings?saved=saved');
  });

  router.post('/settings/password', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    try {
      const changedAt = await services.accountSettings.changePassword(req.user!.id, {
        current: text(body.current_password), password: text(body.password), confirm: text(body.password_confirm),
      });
      // This session stays; every other session of the member ends (MembersService checks authAt).
      req.session.authAt = changedAt;
      res.redirect(303, '/settings?saved=password');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await show(req, res, { errors: fieldErrorsOf(err, res.locals.page!.t), status: err.status });
    }
  });

  router.post('/settings/email', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const page = res.locals.page!;
    try {
      const email = await services.accountSettings.requestEmailChange(req.user!.id, {
        email: text(body.new_email), password: text(body.email_password), siteName: req.site.name,
        supportEmail: page.settings.support_email, baseUrl: `${req.protocol}://${req.get('host')}`,
      });
      await show(req, res, { notice: page.t('pages:settings.emailSent', { email }) });
    } catch (err) {
      if (!(err instanceof AppError) || !err.details) throw err;
      await show(req, res, { errors: fieldErrorsOf(err, page.t), values: { new_email: text(body.new_email).slice(0, 191) }, status: err.status });
    }
  });

  // The link from the confirmation mail; it works whether or not the member is logged in here.
  router.get('/mail-change/do', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const userId = await services.accountSettings.confirmEmailChange(token);
    if (userId) return res.redirect(303, '/settings?saved=email');
    const message = res.locals.page!.t('errors:resetLinkInvalid');
    renderPage(res, createElement(ErrorPage, { status: 400, message }), { layout: 'error', routeName: 'mail-change-do', title: message, status: 400, noindex: true });
  });

  return router;
}
