// /accept-terms (issue 18.4): the terms changed since the member accepted them. The new version's
// date, links to read the terms and the privacy policy, and the accept button; for a member who
// does not accept, the ways out (log out, delete the account on /settings). A plain form.
import { usePage } from '../render-context.js';

export interface AcceptTermsPageProps {
  /** The version shown, epoch ms: accepting it records exactly this one. */
  version: number;
  /** The version's date as the page's language writes it, and as ISO for <time>. */
  date: string;
  dateIso: string;
  /** Where the member goes after accepting (a path on the site). */
  next: string;
}

export function AcceptTermsPage({ version, date, dateIso, next }: AcceptTermsPageProps) {
  const { t, csrfToken, site } = usePage();
  return (
    <div className="container section narrow accept-terms">
      <div className="auth__card" data-testid="accept-terms">
        <h1 className="page-title">{t('pages:acceptTerms.title')}</h1>
        <p data-version={dateIso}>{t('pages:acceptTerms.intro', { siteName: site.name, date })}</p>
        <p>{t('pages:acceptTerms.ask')}</p>
        <ul className="accept-terms__links">
          <li>
            <a href="/pages/terms" data-testid="accept-terms-read">{t('pages:acceptTerms.readTerms')}</a>
          </li>
          <li>
            <a href="/pages/privacy">{t('pages:acceptTerms.readPrivacy')}</a>
          </li>
        </ul>
        <form method="post" action="/accept-terms" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="next" value={next} />
          <button type="submit" className="btn btn--primary btn--block btn--lg" data-testid="accept-terms-submit">{t('pages:acceptTerms.accept')}</button>
        </form>
        <p className="auth__alt accept-terms__alt">{t('pages:acceptTerms.decline')}</p>
        <div className="accept-terms__ways">
          <form method="post" action="/logout">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button type="submit" className="btn btn--light btn--sm">{t('pages:acceptTerms.logout')}</button>
          </form>
          <a className="btn btn--light btn--sm" href="/settings#delete">{t('pages:acceptTerms.deleteAccount')}</a>
        </div>
      </div>
    </div>
  );
}
