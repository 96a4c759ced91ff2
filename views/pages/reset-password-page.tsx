// /reset-password (ask for the link) and /reset-password/do (choose the new password).
import { usePage } from '../render-context.js';

function Notice({ error, info }: { error?: string; info?: string }) {
  if (error) return <p className="notice notice--error" role="alert">{error}</p>;
  if (info) return <p className="notice notice--ok" role="status">{info}</p>;
  return null;
}

export function RequestResetPage({ email, error, sent }: { email: string; error?: string; sent: boolean }) {
  const { t, csrfToken } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card">
        <h1 className="page-title">{t('pages:resetPassword.title')}</h1>
        <Notice error={error} info={sent ? t('pages:resetPassword.sent') : undefined} />
        {!sent && <p>{t('pages:resetPassword.intro')}</p>}
        <form method="post" action="/reset-password" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <label className="field">
            <span>{t('pages:resetPassword.email')}</span>
            <input type="email" name="email" autoComplete="email" required maxLength={191} defaultValue={email} />
          </label>
          <button type="submit" className="btn btn--primary btn--block btn--lg">{t('pages:resetPassword.submit')}</button>
        </form>
        <p className="auth__alt">
          <a href="/login">{t('pages:resetPassword.backToLogin')}</a>
        </p>
      </div>
    </div>
  );
}

export function ChooseNewPasswordPage({ token, valid, error }: { token: string; valid: boolean; error?: string }) {
  const { t, csrfToken } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card">
        <h1 className="page-title">{t('pages:resetPassword.newTitle')}</h1>
        {!valid ? (
          <>
            <Notice error={t('errors:resetLinkInvalid')} />
            <a className="btn btn--primary btn--block" href="/reset-password">{t('pages:resetPassword.requestNew')}</a>
          </>
        ) : (
          <>
            <Notice error={error} />
            <form method="post" action="/reset-password/do" className="form">
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="token" value={token} />
              <label className="field">
                <span>{t('pages:resetPassword.newPassword')}</span>
                <input type="password" name="password" autoComplete="new-password" required minLength={8} maxLength={1024} />
              </label>
              <label className="field">
                <span>{t('pages:resetPassword.confirmPassword')}</span>
                <input type="password" name="password_confirm" autoComplete="new-password" required minLength={8} maxLength={1024} />
              </label>
              <button type="submit" className="btn btn--primary btn--block btn--lg">{t('pages:resetPassword.save')}</button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
