// Login form; posts without JavaScript and shows SPEC.md's messages (login failed, lockout). A failed
// login keeps the address and puts the focus in the (empty) password field, which names the message
// (aria-describedby): a screen reader reads it there, where the member continues.
import { TextField } from '../components/form/index.js';
import { usePage } from '../render-context.js';

export function LoginPage({ email, next, error }: { email: string; next: string; error?: string }) {
  const { t, csrfToken } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card">
        <h1 className="page-title">{t('pages:login.title')}</h1>
        {error && (
          <p className="notice notice--error" role="alert" id="login-error">
            {error}
          </p>
        )}
        <form method="post" action="/login" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="next" value={next} />
          <TextField label={t('pages:login.email')} name="email" type="email" autoComplete="email" defaultValue={email} maxLength={191} autoFocus={Boolean(error && !email)} describedBy={error && !email ? 'login-error' : undefined} />
          <TextField label={t('pages:login.password')} name="password" type="password" autoComplete="current-password" maxLength={1024} autoFocus={Boolean(error && email)} describedBy={error && email ? 'login-error' : undefined} />
          <button type="submit" className="btn btn--primary btn--block btn--lg">{t('pages:login.submit')}</button>
        </form>
        <p className="auth__alt">
          {t('pages:login.noAccount')} <a href="/signup">{t('pages:login.signup')}</a>
        </p>
        <p className="auth__alt">
          <a href="/reset-password">{t('pages:login.forgot')}</a>
        </p>
      </div>
    </div>
  );
}
