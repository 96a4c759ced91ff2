// /profile: the member's own profile, its fields form and photo management. Every action is a plain
// form post that redirects back with a notice; an error shows the page again with what was entered.
import { Router, type NextFunction, type Request, type Response } from 'express';
import { createElement } from 'react';
import { AppError, AuthRequiredError, ValidationError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import type { Services } from '../../services/index.js';
import { rawInterests } from '../../services/profiles/profile-fields.js';
import type { Viewer } from '../../services/viewer.js';
import { OwnProfilePage } from '../../../views/pages/own-profile-page.js';
import type { OwnProfileValues } from '../../../types/own-profile.js';
import { fieldErrorsOf } from '../form-errors.js';
import type { RouteDeps } from '../route-deps.js';
import { photoUpload } from '../uploads.js';
import { parseId } from '../validate.js';

const NOTICES = {
  saved: 'pages:ownProfile.saved',
  photo: 'pages:ownProfile.photoUploaded',
  main: 'pages:ownProfile.mainChanged',
  deleted: 'pages:ownProfile.photoDeleted',
} as const;

const TEXT_FIELDS = [
  'birth_year', 'birth_month', 'birth_day', 'gender', 'sexuality', 'country', 'region', 'city', 'about',
  'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos',
] as const;

function membersOnly(req: Request, res: Response, next: NextFunction) {
  if (!req.user || !req.viewer) return res.redirect(303, `/login?next=${encodeURIComponent('/profile')}`);
  next();
}

function viewerOf(req: Request): Viewer {
  if (!req.viewer) throw new AuthRequiredError();
  return req.viewer;
}

/** What the form held, to show it again after an error (never longer than the fields allow). */
function valuesFrom(body: Record<string, unknown>): OwnProfileValues {
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(body[f], f === 'about' ? 4000 : 200)])) as Omit<OwnProfileValues, 'interests'>;
  return { ...values, interests: rawInterests(body.interests).slice(0, 100) };
}

/** multer as a promise, so that a refused file is shown on the page like any other error. */
function parseUpload(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => photoUpload(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
}

async function show(req: Request, res: Response, services: Services, o: { values?: OwnProfileValues; errors?: Record<string, string>; notice?: string; status?: number } = {}) {
  const page = res.locals.page!;
  const t = page.t;
  const [profile, regionGroups, slugs] = await Promise.all([
    services.ownProfile.load(viewerOf(req), { cdnPrefix: page.settings.cdn_prefix }),
    services.catalog.regionsOf(page.settings.countries),
    services.catalog.interestSlugs(),
  ]);
  renderPage(
    res,
    createElement(OwnProfilePage, {
      profile,
      values: o.values ?? profile.values,
      errors: o.errors ?? {},
      notice: o.notice,
      regions: regionGroups.map((g) => ({ country: g.country, term: t(`regionTerm.${g.term}`), regions: g.regions.map((r) => r.name) })),
      interests: slugs.map((slug) => ({ slug, label: t(`interests:${slug}`) })),
    }),
    { layout: 'default', routeName: 'profile', title: t('pages:ownProfile.title'), status: o.status, noindex: true },
  );
}

export function ownProfileRoutes({ services }: RouteDeps): Router {
  const router = Router();
  router.use('/profile', membersOnly);

  router.get('/profile', async (req, res) => {
    const key = NOTICES[req.query.saved as keyof typeof NOTICES];
    await show(req, res, services, { notice: key ? res.locals.page!.t(key) : undefined });
  });

  router.post('/profile', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      await services.ownProfile.update(viewerOf(req), body, { countries: res.locals.page!.settings.countries });
      res.redirect(303, '/profile?saved=saved');
    } catch (err) {
      if (!(err instanceof AppError) || !err.details) throw err;
      await show(req, res, services, { values: valuesFrom(body), errors: fieldErrorsOf(err, res.locals.page!.t), status: err.status });
    }
  });

  router.post('/profile/photos', async (req, res) => {
    try {
      await parseUpload(req, res);
      if (!req.file?.buffer.length) throw new ValidationError({ photo: 'photoMissing' }, 'photoMissing');
      await services.photos.upload(viewerOf(req), req.file.buffer);
      res.redirect(303, '/profile?saved=photo#photos');
    } catch (err) {
      if (!(err instanceof AppError) || !err.details) throw err;
      await show(req, res, services, { errors: fieldErrorsOf(err, res.locals.page!.t), status: err.status });
    }
  });

  // Another member's photo id is simply not found (404), whether or not it exists.
  router.post('/profile/photos/:id/main', async (req, res) => {
    const id = parseId(req.params.id);
    try {
      await services.photos.setMain(viewerOf(req), id);
      res.redirect(303, '/profile?saved=main#photos');
    } catch (err) {
      if (!(err instanceof AppError) || !err.details) throw err;
      await show(req, res, services, { errors: fieldErrorsOf(err, res.locals.page!.t), status: err.status });
    }
  });

  router.post('/profile/photos/:id/delete', async (req, res) => {
    await services.photos.remove(viewerOf(req), parseId(req.params.id));
    res.redirect(303, '/profile?saved=deleted#photos');
  });

  return router;
}
