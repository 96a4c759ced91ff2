// The activation reminder (SPEC.md §2): for a member who has not confirmed the e-mail address yet,
// with a button for a new mail. Hidden on the signup steps, settings and notifications.
import { usePage } from '../render-context.js';
import { currentAsk } from './member-asks.js';


export function ActivationReminder() {
  const page = usePage();
  const { t, user, csrfToken } = page;
  if (!user || currentAsk(page) !== 'activation') return null;
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
