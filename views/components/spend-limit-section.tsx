// "Daily spending limit" on /settings (issue 18.3): the limit, what was spent and is left today, a
// change waiting for the next day, a form to set or change the number and one to remove it. Plain
// forms; the rules (lower at once, higher or none from the next day) are said above them.
import { SPEND_LIMIT_MAX, type SpendLimitChange, type SpendLimitStatus } from '../../types/spend-limit.js';
import { FormErrors, TextField } from './form/index.js';
import { formatCount } from '../format.js';
import { usePage } from '../render-context.js';

export interface SpendLimitSectionProps {
  status: SpendLimitStatus;
  /** What the change just posted did, for the notice. */
  changed?: SpendLimitChange;
  /** What was typed, when the number came back refused. */
  typed?: string;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "29 November 2026" in the page's language: a calendar day, written as the member's own. */
function formatDay(lng: string, isoDay: string): string {
  let format = dayFormats.get(lng);
  if (!format) dayFormats.set(lng, (format = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' })));
  return format.format(new Date(`${isoDay}T00:00:00Z`));
}

export function SpendLimitSection({ status, changed, typed, errors }: SpendLimitSectionProps & { errors: Record<string, string> }) {
  const { t, lng, csrfToken } = usePage();
  const { limit, pending } = status;
  const date = pending ? formatDay(lng, pending.from) : '';
  const credits = (n: number) => t('pages:spendLimit.credits', { count: n });
  const notice = changed === 'tomorrow' && pending ? t('pages:spendLimit.changedTomorrow', { date })
    : changed === 'now' ? t('pages:spendLimit.changedNow')
    : changed === 'unchanged' ? t('pages:spendLimit.changedUnchanged') : undefined;
  return (
    <section className="auth__card settings__section spend-limit" id="spend-limit" data-testid="spend-limit">
      <h2>{t('pages:spendLimit.title')}</h2>
      {notice && <p className="notice notice--ok" role="status" data-testid="spend-limit-notice">{notice}</p>}
      <p className="settings__hint">{t('pages:spendLimit.intro')}</p>
      {limit === null ? (
        <p data-testid="spend-limit-none">{t('pages:spendLimit.none')}</p>
      ) : (
        <dl className="spend-limit__facts" data-testid="spend-limit-current" data-limit={limit} data-left={status.leftToday ?? ''}>
          <div>
            <dt>{t('pages:spendLimit.limitLabel')}</dt>
            <dd>{t('pages:spendLimit.limitValue', { count: limit })}</dd>
          </div>
          <div>
            <dt>{t('pages:spendLimit.spentLabel')}</dt>
            <dd>{credits(status.spentToday)}</dd>
          </div>
          <div>
            <dt>{t('pages:spendLimit.leftLabel')}</dt>
            <dd>{credits(status.leftToday ?? 0)}</dd>
          </div>
        </dl>
      )}
      {pending && (
        <p className="spend-limit__pending" data-testid="spend-limit-pending" data-from={pending.from}>
          {pending.limit === null ? t('pages:spendLimit.pendingRemove', { date }) : t('pages:spendLimit.pendingRaise', { date, count: pending.limit })}
        </p>
      )}
      <FormErrors errors={errors}>
        <form method="post" action="/settings/spend-limit" className="form" data-testid="spend-limit-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <TextField
            label={t('pages:spendLimit.amountLabel')} name="daily_limit" inputMode="numeric" maxLength={7}
            hint={t('pages:spendLimit.amountHint', { max: formatCount(lng, SPEND_LIMIT_MAX) })}
            defaultValue={typed ?? (limit === null ? '' : String(pending?.limit ?? limit))}
          />
          <button className="btn btn--primary" type="submit" data-testid="spend-limit-save">{t('pages:spendLimit.save')}</button>
        </form>
      </FormErrors>
      {limit !== null && !(pending && pending.limit === null) && (
        <form method="post" action="/settings/spend-limit/remove" className="form spend-limit__remove">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p className="settings__hint">{t('pages:spendLimit.removeHint')}</p>
          <button className="btn btn--light" type="submit" data-testid="spend-limit-remove">{t('pages:spendLimit.remove')}</button>
        </form>
      )}
    </section>
  );
}
