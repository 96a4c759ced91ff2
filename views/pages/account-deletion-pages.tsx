// After deleting an account, and the result of the reactivation link.
import { usePage } from '../render-context.js';

/** After the 14-day deletion, or with `erased` after "Delete now" (nothing left to reactivate). */
export function AccountDeletedPage({ erased = false }: { erased?: boolean }) {
  const { t, settings } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card result" data-testid={erased ? 'account-erased' : 'account-deleted'}>
        <div className="result__icon result__icon--ok" aria-hidden="true">✓</div>
        <h1 className="page-title">{t(erased ? 'pages:deleteNow.erasedTitle' : 'pages:accountDeleted.title')}</h1>
        <p>{erased ? t('pages:deleteNow.erasedBody') : t('pages:accountDeleted.body', { days: 14 })}</p>
        {!erased && <p className="entry-warning__small">{t('pages:accountDeleted.support', { supportEmail: settings.support_email })}</p>}
        <a className="btn btn--light btn--block" href="/">{t('pages:accountDeleted.home')}</a>
      </div>
    </div>
  );
}

export function ReactivatedPage() {
  const { t } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card result">
        <div className="result__icon result__icon--ok" aria-hidden="true">♥</div>
        <h1 className="page-title">{t('pages:reactivate.doneTitle')}</h1>
        <p>{t('pages:reactivate.doneBody')}</p>
        <a className="btn btn--primary btn--block btn--lg" href="/members">{t('pages:reactivate.doneCta')}</a>
      </div>
    </div>
  );
}

export function ReactivationErrorPage() {
  const { t, settings } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card result">
        <div className="result__icon result__icon--error" aria-hidden="true">!</div>
        <h1 className="page-title">{t('pages:reactivate.errorTitle')}</h1>
        <p>{t('pages:reactivate.errorBody', { supportEmail: settings.support_email })}</p>
        <a className="btn btn--primary btn--block" href="/">{t('pages:accountDeleted.home')}</a>
      </div>
    </div>
  );
}
