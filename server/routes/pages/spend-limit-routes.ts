// "Daily spending limit" on /settings (issue 18.3): its two plain forms, set (or change) and
// remove, each redirecting back to the section with what happened; a refused number comes back
// as the settings page with the message beside the field and what was typed.
import type { Request, Response, Router } from 'express';
import { AppError } from '../../errors.js';
import type { Services } from '../../services/index.js';
import type { SpendLimitSectionProps } from '../../../views/components/spend-limit-section.js';
import { fieldErrorsOf } from '../form-errors.js';
import { formatCount } from '../../../views/format.js';
import { SPEND_LIMIT_MAX, type SpendLimitChange } from '../../../types/spend-limit.js';

const CHANGES: readonly SpendLimitChange[] = ['now', 'tomorrow', 'unchanged'];

/** What the section shows: the member's limit, and what the last change did (`?spend=now|tomorrow|unchanged`). */
export async function spendLimitOf(req: Request, services: Pick<Services, 'spendLimit'>): Promise<SpendLimitSectionProps> {
  const user = req.user!;
  const status = await services.spendLimit.status(user.id, user.profile.country);
  const raw = req.query.spend;
  const changed = CHANGES.find((c) => c === raw);
  return { status, changed };
}

type ShowSettings = (req: Request, res: Response, o: { errors: Record<string, string>; status: number; spendLimit: SpendLimitSectionProps }) => Promise<void>;

/** Adds the section's posts to the settings router (members only there); `show` renders /settings again. */
export function spendLimitRoutes(router: Router, services: Pick<Services, 'spendLimit'>, show: ShowSettings): void {
  router.post('/settings/spend-limit', async (req, res) => {
    const user = req.user!;
    const typed = (req.body as { daily_limit?: unknown } | undefined)?.daily_limit;
    try {
      const change = await services.spendLimit.setLimit(user.id, user.profile.country, typed);
      res.redirect(303, `/settings?spend=${change}#spend-limit`);
    } catch (err) {
      if (!(err instanceof AppError) || !err.details) throw err;
      const spendLimit = { ...(await spendLimitOf(req, services)), changed: undefined, typed: typeof typed === 'string' ? typed.slice(0, 20) : '' };
      const page = res.locals.page!;
      // The largest number written as the page's language writes it, as in the field's hint.
      const errors = fieldErrorsOf(err, page.t);
      if (errors.daily_limit) errors.daily_limit = page.t('errors:spendLimitInvalid', { max: formatCount(page.lng, SPEND_LIMIT_MAX) });
      await show(req, res, { errors, status: err.status, spendLimit });
    }
  });

  router.post('/settings/spend-limit/remove', async (req, res) => {
    const user = req.user!;
    const change = await services.spendLimit.removeLimit(user.id, user.profile.country);
    res.redirect(303, `/settings?spend=${change}#spend-limit`);
  });
}
