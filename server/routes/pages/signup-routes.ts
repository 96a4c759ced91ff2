// The signup steps as pages (SPEC.md §2, §4): /signup (the account step for visitors, then the
// member's current step), form posts that work without JavaScript (/signup, /signup/<step>),
// /complete-signup, /signup-matches and the landing variant /members/{id}/signup.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { AppError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import type { Services } from '../../services/index.js';
import { TRACKING_KEYS, cleanTracking } from '../../services/traffic/tracking-record.js';
import { SignupMatchesPage, SignupStepsPage } from '../../../views/pages/signup-page.js';
import { sexualityOf, type AccountValues, type CountryRegions, type SignupWizardProps, type WizardStep } from '../../../types/signup.js';
import { fieldErrorsOf, typedValues } from '../form-errors.js';
import type { RouteDeps } from '../route-deps.js';
import { startSession, stepOwnerOf } from '../session-helpers.js';
import { signupContext } from '../signup-context.js';
import { photoUpload } from '../uploads.js';
import { parseId } from '../validate.js';
import { cardContextOf } from '../card-context.js';

const FIELDS: (keyof AccountValues)[] = ['name', 'email', 'birth_day', 'birth_month', 'birth_year', 'gender', 'seeking', 'country', 'region', 'city'];

interface ShowOptions {
  step: WizardStep;
  values?: AccountValues | null;
  errors?: Record<string, string>;
  status?: number;
  target?: SignupWizardProps['target'];
  returnTo?: string;
  routeName?: string;
}

/** Field messages of a failed step, translated; `_form` holds a message that is not about one field. */
function errorsOf(err: AppError, t: (key: string, vars?: Record<string, unknown>) => string): Record<string, string> {
  if (err.code === 'email_exists') return { email_exists: t(`errors:${err.messageKey}`) };
  const errors = fieldErrorsOf(err, t);
  if (err.details?.email === 'emailSuggestion') errors.email_suggestion = '1';
  return errors;
}

/** The site's regions and the interests, labelled in the page's language, for the signup steps. */
export async function signupCatalog(res: Response, services: Services): Promise<{ regions: CountryRegions[]; interests: { slug: string; label: string }[] }> {
  const page = res.locals.page!;
  const t = page.t;
  const [regionGroups, slugs] = await Promise.all([services.catalog.regionsOf(page.settings.countries), services.catalog.interestSlugs()]);
  return {
    regions: regionGroups.map((g) => ({ country: g.country, term: t(`regionTerm.${g.term}`), regions: g.regions.map((r) => r.name) })),
    interests: slugs.map((slug) => ({ slug, label: t(`interests:${slug}`) })),
  };
}

async function show(req: Request, res: Response, services: Services, o: ShowOptions): Promise<void> {
  const t = res.locals.page!.t;
  const catalog = await signupCatalog(res, services);
  // The record this page's own query brought (req.tracking would also hold the cookie's, which
  // the signup reads itself), passed on by the form and the island.
  const tracking = cleanTracking(req.query) as Record<string, string>;
  renderPage(
    res,
    createElement(SignupStepsPage, {
      step: o.step,
      ...catalog,
      values: o.values ?? null,
      errors: o.errors ?? {},
      tracking,
      returnTo: o.returnTo ?? '/members',
      target: o.target ?? null,
    }),
    {
      layout: o.target ? 'lander' : 'default',
      routeName: o.routeName ?? 'signup',
      title: o.target ? t('pages:signup.titleTarget', { name: o.target.name }) : t('pages:signup.title'),
      status: o.status,
      noindex: Boolean(req.user),
    },
  );
}

export function signupRoutes({ services }: RouteDeps): Router {
  const router = Router();

  /** Where a member who is signed up already belongs: their step, the complete step, or the site. */
  const memberStep = async (req: Request, res: Response, returnTo: string): Promise<WizardStep | null> => {
    const step = await services.signupSteps.current(req.user!.id);
    if (!step) res.redirect(303, returnTo);
    else if (step === 'complete') res.redirect(303, '/complete-signup');
    return step && step !== 'complete' ? step : null;
  };

  router.get('/signup', async (req, res) => {
    if (!req.user) return show(req, res, services, { step: 'account' });
    const step = await memberStep(req, res, '/members');
    if (step) await show(req, res, services, { step });
  });

  router.post('/signup', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    // What the member typed comes back with the errors; the password never does.
    const values: AccountValues = typedValues(body, FIELDS);
    try {
      const tracking = Object.fromEntries(TRACKING_KEYS.map((k) => [k, body[k]]));
      const ctx = await signupContext(req, services, tracking);
      const ids = await services.signup.signup({ ...body, sexuality: sexualityOf(values.gender, values.seeking) }, ctx);
      await startSession(req, ids.userId);
      res.redirect(303, '/signup');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await show(req, res, services, { step: 'account', values, errors: errorsOf(err, res.locals.page!.t), status: err.status });
    }
  });

  router.post('/signup/:step', photoUpload, async (req, res) => {
    const owner = stepOwnerOf(req);
    try {
      await services.signupSteps.submit(owner, req.params.step, (req.body ?? {}) as Record<string, unknown>, req.file?.buffer);
      res.redirect(303, '/signup');
    } catch (err) {
      if (!(err instanceof AppError) || err.code === 'signup_step') return res.redirect(303, '/signup');
      const step = await services.signupSteps.current(owner.userId);
      await show(req, res, services, { step: step ?? 'complete', errors: errorsOf(err, res.locals.page!.t), status: err.status });
    }
  });

  router.get('/complete-signup', async (req, res) => {
    if (!req.user) return res.redirect(303, '/signup');
    // Confirmed already: nothing left to complete.
    if (req.user.status === 'active') return res.redirect(303, '/members');
    const step = await services.signupSteps.current(req.user.id);
    if (step && step !== 'complete') return res.redirect(303, '/signup');
    await show(req, res, services, { step: 'complete', routeName: 'complete-signup' });
  });

  router.get('/signup-matches', async (req, res) => {
    if (!req.user || !req.viewer) return res.redirect(303, '/login?next=/signup-matches');
    const page = res.locals.page!;
    const profiles = await services.search.matchesFor(req.viewer, { siteCountries: page.settings.countries, ...cardContextOf(req) });
    renderPage(res, createElement(SignupMatchesPage, { profiles }), {
      layout: 'default', routeName: 'signup-matches', title: page.t('pages:signupMatches.title'), noindex: true,
    });
  });

  router.get('/members/:id/signup', async (req, res) => {
    const id = parseId(req.params.id);
    const page = res.locals.page!;
    const profile = await services.profiles.view(id, { viewer: req.viewer, ...cardContextOf(req), visibleFields: page.settings.visible_profile_fields });
    if (req.user) return res.redirect(303, `/members/${profile.id}`);
    await show(req, res, services, {
      step: 'account',
      routeName: 'member-signup',
      returnTo: `/members/${profile.id}`,
      target: { id: profile.id, name: profile.name, gender: profile.gender, photo: profile.photo?.thumbUrl ?? null },
    });
  });

  return router;
}
