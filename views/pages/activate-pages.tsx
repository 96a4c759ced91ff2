// /activate/done and /activate/error: the result of the link in the activation e-mail.
import { usePage } from '../render-context.js';

export function ActivateDonePage() {
  const { t } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card result">
        <div className="result__icon result__icon--ok" aria-hidden="true">✓</div>
        <h1 className="page-title">{t('pages:activate.doneTitle')}</h1>
        <p>{t('pages:activate.doneBody')}</p>
        <a className="btn btn--primary btn--block btn--lg" href="/members">{t('pages:activate.doneCta')}</a>
      </div>
    </div>
  );
}

export function ActivateErrorPage() {
  const { t, settings, user } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card result">
        <div className="result__icon result__icon--error" aria-hidden="true">!</div>
        <h1 className="page-title">{t('pages:activate.errorTitle')}</h1>
        <p>{t('pages:activate.errorBody', { supportEmail: settings.support_email })}</p>
        {!user && <a className="btn btn--primary btn--block" href="/login">{t('pages:activate.login')}</a>}
      </div>
    </div>
  );
}

export function ActivationSentPage({ email }: { email: string }) {
  const { t } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card result">
        <div className="result__icon result__icon--ok" aria-hidden="true">✉</div>
        <h1 className="page-title">{t('pages:activate.sentTitle')}</h1>
        <p>{t('pages:activate.sentBody', { email })}</p>
        <a className="btn btn--primary btn--block" href="/members">{t('pages:activate.doneCta')}</a>
      </div>
    </div>
  );
}
