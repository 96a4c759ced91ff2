// Login form; posts without JavaScript and shows SPEC.md's messages (login failed, lockout).
import { usePage } from '../render-context.js';

export function LoginPage({ email, next, error }: { email: string; next: string; error?: string }) {
  const { t, csrfToken } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card">
        <h1 className="page-title">{t('pages:login.title')}</h1>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <form method="post" action="/login" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="next" value={next} />
          <label className="field">
            <span>{t('pages:login.email')}</span>
            <input type="email" name="email" autoComplete="email" required defaultValue={email} maxLength={191} />
          </label>
          <label className="field">
            <span>{t('pages:login.password')}</span>
            <input type="password" name="password" autoComplete="current-password" required maxLength={1024} />
          </label>
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
