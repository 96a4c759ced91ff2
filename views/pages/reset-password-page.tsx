// /reset-password (ask for the link) and /reset-password/do (choose the new password).
import { TextField } from '../components/text-field.js';
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
          <TextField label={t('pages:resetPassword.email')} name="email" type="email" autoComplete="email" maxLength={191} defaultValue={email} />
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
              <TextField label={t('pages:resetPassword.newPassword')} name="password" type="password" autoComplete="new-password" minLength={8} maxLength={1024} />
              <TextField label={t('pages:resetPassword.confirmPassword')} name="password_confirm" type="password" autoComplete="new-password" minLength={8} maxLength={1024} />
              <button type="submit" className="btn btn--primary btn--block btn--lg">{t('pages:resetPassword.save')}</button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
