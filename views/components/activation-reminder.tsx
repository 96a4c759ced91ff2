// The activation reminder (SPEC.md §2): for a member who has not confirmed the e-mail address yet,
// with a button for a new mail. Hidden on the signup steps, settings and notifications. On the first
// page after the signup (?api_signup_complete, from the complete step's links) a phone shows it as
// a modal instead: the activation-modal island, which CSS shows below 768 px while it hides the
// banner there (parts/activation-modal.css); wider screens keep the banner.
import ActivationModal from '../../islands/activation-modal.island.js';
import { usePage } from '../render-context.js';
import { Island } from './island.js';
import { currentAsk } from './member-asks.js';
import { SIGNUP_COMPLETE_QUERY } from '../../types/signup.js';

/** The page's own URL without the query that asks for the modal, or null when it does not ask. */
export function withoutSignupCompleteQuery(currentUrl: string): string | null {
  const url = new URL(currentUrl, 'http://page.invalid');
  if (!url.searchParams.has(SIGNUP_COMPLETE_QUERY)) return null;
  url.searchParams.delete(SIGNUP_COMPLETE_QUERY);
  return url.pathname + url.search;
}

export function ActivationReminder() {
  const page = usePage();
  const { t, user, csrfToken, currentUrl } = page;
  if (!user || currentAsk(page) !== 'activation') return null;
  const closeHref = withoutSignupCompleteQuery(currentUrl);
  return (
    <>
      <div className={`banner banner--warning${closeHref ? ' banner--phone-modal' : ''}`} role="status" data-testid="activation-reminder">
        <div className="container banner__inner">
          <span>{t('activationReminder.text', { email: user.email })}</span>
          <form method="post" action="/activation/resend">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button type="submit" className="btn btn--light btn--sm">{t('activationReminder.resend')}</button>
          </form>
        </div>
      </div>
      {closeHref !== null && <Island name="activation-modal" component={ActivationModal} props={{ email: user.email, closeHref }} />}
    </>
  );
}
