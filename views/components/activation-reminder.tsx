// The activation reminder (SPEC.md §2): for a member who has not confirmed the e-mail address yet,
// with a button for a new mail. Hidden on the signup steps, settings and notifications.
import { hasDisabledNotifications } from '../../types/notification-state.js';
import { usePage } from '../render-context.js';

const HIDDEN_ON = new Set(['signup', 'complete-signup', 'signup-matches', 'member-signup', 'settings', 'notifications', 'activation-sent']);

export function ActivationReminder() {
  const { t, user, routeName, csrfToken } = usePage();
  if (!user || user.status !== 'not_confirmed' || user.profile.status !== 'disabled') return null;
  // The same state as the disabled-notifications alert: a member told that mail is off is not also nagged to open one.
  if (hasDisabledNotifications(user) || HIDDEN_ON.has(routeName)) return null;
  return (
    <div className="banner banner--warning" role="status" data-testid="activation-reminder">
      <div className="container banner__inner">
        <span>{t('activationReminder.text', { email: user.email })}</span>
        <form method="post" action="/activation/resend">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit" className="btn btn--light btn--sm">{t('activationReminder.resend')}</button>
        </form>
      </div>
    </div>
  );
}
