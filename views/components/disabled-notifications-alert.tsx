// The disabled-notifications alert (SPEC.md §2): shown while anything is disabled (a switch off, or
// the address suppressed; the member's notifications_disabled list), except on settings and
// notifications; dismissible for good like the other alerts (POST /dismiss/disabled_notifications).
import { usePage } from '../render-context.js';
import { currentAsk } from './member-asks.js';


export function DisabledNotificationsAlert() {
  const page = usePage();
  const { t, user, csrfToken, currentUrl } = page;
  if (!user || currentAsk(page) !== 'disabled_notifications') return null;
  const disabled = user.notifications_disabled;
  const key = disabled.includes('bounce') ? 'bounce' : disabled.includes('fbl') ? 'fbl' : 'some';
  return (
    <div className="banner banner--warning" role="status" data-testid="disabled-notifications">
      <div className="container banner__inner">
        <span>{t(`pages:notificationsAlert.${key}`, { email: user.email })}</span>
        <span className="banner__actions">
          <a className="btn btn--light btn--sm" href="/notifications">{t('pages:notificationsAlert.action')}</a>
          <form method="post" action="/dismiss/disabled_notifications">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <input type="hidden" name="return" value={currentUrl} />
            <button type="submit" className="btn btn--link btn--sm" title={t('pages:notificationsAlert.dismissLabel')}>{t('pages:notificationsAlert.dismiss')}</button>
          </form>
        </span>
      </div>
    </div>
  );
}
