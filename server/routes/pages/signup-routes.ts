// /signup (the account form, without JavaScript too) and /complete-signup (confirm your e-mail).
import { Router, type Response } from 'express';
import { createElement } from 'react';
import { AppError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { CompleteSignupPage, SignupPage, type SignupValues } from '../../../views/pages/signup-page.js';
import type { RouteDeps } from '../route-deps.js';
import { startSession } from '../session-helpers.js';
import { signupContext } from '../signup-context.js';

const FIELDS: (keyof SignupValues)[] = ['name', 'email', 'birth_day', 'birth_month', 'birth_year', 'gender', 'seeking', 'country', 'region'];

/** The form asks "I am" and "looking for"; the profile stores the orientation. */
export function sexualityOf(gender: string, seeking: string): string {
  if (seeking === 'both') return 'bi';
  if (gender === seeking) return gender === 'female' ? 'lesbian' : 'gay';
  return 'hetero';
}

export function signupRoutes({ services }: RouteDeps): Router {
  const router = Router();

  const show = async (res: Response, values: SignupValues, errors: Record<string, string>, status = 200) => {
    const page = res.locals.page!;
    const regions = await services.catalog.regionsOf(page.settings.countries);
    renderPage(res, createElement(SignupPage, { values, errors, regions }), {
      layout: 'default', routeName: 'signup', title: page.t('pages:signup.title'), status,
    });
  };

  router.get('/signup', async (req, res) => {
    if (req.user) return res.redirect(303, '/members');
    await show(res, Object.fromEntries(FIELDS.map((f) => [f, ''])) as unknown as SignupValues, {});
  });

  router.post('/signup', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const values = Object.fromEntries(FIELDS.map((f) => [f, typeof body[f] === 'string' ? (body[f] as string).slice(0, 200) : ''])) as unknown as SignupValues;
    const t = res.locals.page!.t;
    try {
      const ctx = await signupContext(req, services, undefined);
      const ids = await services.signup.signup(
        { ...body, sexuality: sexualityOf(values.gender, values.seeking), email_checked: body.email_checked },
        ctx,
      );
      await startSession(req, ids.userId);
      res.redirect(303, '/complete-signup');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const errors: Record<string, string> = {};
      if (err.code === 'email_exists') errors.email_exists = t(`errors:${err.messageKey}`);
      else if (err.details) {
        for (const [field, key] of Object.entries(err.details)) errors[field] = t(`errors:${key}`, err.detailParams[field] ?? {});
        if (err.details.email === 'emailSuggestion') errors.email_suggestion = '1';
      } else errors._form = t(`errors:${err.messageKey}`, err.params);
      await show(res, values, errors, err.status);
    }
  });

  router.get('/complete-signup', (req, res) => {
    if (!req.user) return res.redirect(303, '/signup');
    renderPage(res, createElement(CompleteSignupPage, { email: req.user.email }), {
      layout: 'default', routeName: 'complete-signup', title: res.locals.page!.t('pages:completeSignup.title'), noindex: true,
    });
  });

  return router;
}
