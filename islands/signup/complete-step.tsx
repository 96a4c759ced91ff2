// The complete step: confirm the e-mail address; the matches are one click away meanwhile. Leaving
// for the site marks the first page after the signup (?api_signup_complete): a phone shows the
// activation reminder there as a modal (SPEC.md §2).
import { afterSignupHref } from '../../types/signup.js';
import { currentCsrfToken } from '../lib/api-client.js';
import { useIsland } from '../runtime.js';

export function CompleteStep({ email, returnTo, supportEmail }: { email: string | null; returnTo: string; supportEmail: string }) {
  const { t, csrfToken } = useIsland();
  return (
    <div className="result signup-complete" data-testid="signup-complete">
      <div className="result__icon result__icon--ok" aria-hidden="true">✉</div>
      <p>{t('complete.body', { email: email ?? '' })}</p>
      <p className="entry-warning__small">{t('complete.spam')} {t('complete.help', { supportEmail })}</p>
      <div className="signup-step__actions signup-step__actions--stack">
        <a className="btn btn--primary btn--block" href="/signup-matches">{t('complete.matches')}</a>
        <a className="btn btn--light btn--block" href={afterSignupHref(returnTo)} data-testid="signup-complete-browse">{t('complete.browse')}</a>
      </div>
      <form method="post" action="/activation/resend" className="signup-complete__resend">
        <input type="hidden" name="_csrf" value={currentCsrfToken(csrfToken)} />
        <button type="submit" className="btn btn--link">{t('complete.resend')}</button>
      </form>
    </div>
  );
}
