// /reset-password (ask for the link) and /reset-password/do (choose the new password). A refused
// post comes back with the address as typed (never a password) and each message beside its field.
import { FormErrors, TextField } from '../components/form/index.js';
import { usePage } from '../render-context.js';

function Notice({ error, info }: { error?: string; info?: string }) {
  if (error) return <p className="notice notice--error" role="alert">{error}</p>;
  if (info) return <p className="notice notice--ok" role="status">{info}</p>;
  return null;
}

export function RequestResetPage({ email, errors = {}, sent }: { email: string; errors?: Record<string, string>; sent: boolean }) {
  const { t, csrfToken } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card">
        <h1 className="page-title">{t('pages:resetPassword.title')}</h1>
        <Notice error={errors._form} info={sent ? t('pages:resetPassword.sent') : undefined} />
        {!sent && <p>{t('pages:resetPassword.intro')}</p>}
        <form method="post" action="/reset-password" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <FormErrors errors={errors}>
            <TextField label={t('pages:resetPassword.email')} name="email" type="email" autoComplete="email" maxLength={191} defaultValue={email} />
          </FormErrors>
          <button type="submit" className="btn btn--primary btn--block btn--lg">{t('pages:resetPassword.submit')}</button>
        </form>
        <p className="auth__alt">
          <a href="/login">{t('pages:resetPassword.backToLogin')}</a>
        </p>
      </div>
    </div>
  );
}

export function ChooseNewPasswordPage({ token, valid, errors = {} }: { token: string; valid: boolean; errors?: Record<string, string> }) {
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
            <Notice error={errors._form} />
            <form method="post" action="/reset-password/do" className="form">
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="token" value={token} />
              <FormErrors errors={errors}>
                <TextField label={t('pages:resetPassword.newPassword')} name="password" type="password" autoComplete="new-password" minLength={8} maxLength={1024} />
                <TextField label={t('pages:resetPassword.confirmPassword')} name="password_confirm" type="password" autoComplete="new-password" minLength={8} maxLength={1024} />
              </FormErrors>
              <button type="submit" className="btn btn--primary btn--block btn--lg">{t('pages:resetPassword.save')}</button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
