// /settings: language, invisible mode and password, each a small form that works without JavaScript.
import { LANGUAGE_NAMES, LOCALES } from '../../types/settings.js';
import { usePage } from '../render-context.js';

export interface SettingsPageProps {
  notice?: string;
  errors: Record<string, string>;
}

export function SettingsPage({ notice, errors }: SettingsPageProps) {
  const { t, csrfToken, user } = usePage();
  if (!user) return null;
  const err = (field: string) => (errors[field] ? <span className="field__error" role="alert">{errors[field]}</span> : null);
  return (
    <div className="container section narrow settings">
      <h1 className="page-title">{t('pages:settings.title')}</h1>
      {notice && <p className="notice notice--ok" role="status">{notice}</p>}
      {errors._form && <p className="notice notice--error" role="alert">{errors._form}</p>}

      <section className="auth__card settings__section">
        <h2>{t('pages:settings.language')}</h2>
        <form method="post" action="/settings/language" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <label className="field">
            <span>{t('pages:settings.languageHint')}</span>
            <select name="language" defaultValue={user.language}>
              {LOCALES.map((l) => <option key={l} value={l} lang={l}>{LANGUAGE_NAMES[l]}</option>)}
            </select>
          </label>
          <button className="btn btn--light" type="submit">{t('pages:settings.saveLanguage')}</button>
        </form>
      </section>

      <section className="auth__card settings__section">
        <h2>{t('pages:settings.visibility')}</h2>
        <form method="post" action="/settings/invisible" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="invisible" value="0" />
          <label className="check">
            <input type="checkbox" name="invisible" value="1" defaultChecked={user.invisible} />
            <span>{t('pages:settings.invisible')}</span>
          </label>
          <small className="settings__hint">{t('pages:settings.invisibleHint')}</small>
          <button className="btn btn--light" type="submit">{t('pages:settings.saveVisibility')}</button>
        </form>
      </section>

      <section className="auth__card settings__section">
        <h2>{t('pages:settings.password')}</h2>
        <form method="post" action="/settings/password" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <label className="field">
            <span>{t('pages:settings.currentPassword')}</span>
            <input type="password" name="current_password" autoComplete="current-password" required maxLength={1024} />
            {err('current_password')}
          </label>
          <label className="field">
            <span>{t('pages:settings.newPassword')}</span>
            <input type="password" name="password" autoComplete="new-password" required minLength={8} maxLength={1024} />
            {err('password')}
          </label>
          <label className="field">
            <span>{t('pages:settings.confirmPassword')}</span>
            <input type="password" name="password_confirm" autoComplete="new-password" required minLength={8} maxLength={1024} />
            {err('password_confirm')}
          </label>
          <button className="btn btn--primary" type="submit">{t('pages:settings.savePassword')}</button>
        </form>
      </section>

      <section className="auth__card settings__section">
        <h2>{t('pages:settings.email')}</h2>
        <p>{t('pages:settings.emailCurrent', { email: user.email })}</p>
        <form method="post" action="/settings/email" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <label className="field">
            <span>{t('pages:settings.newEmail')}</span>
            <input type="email" name="new_email" autoComplete="email" required maxLength={191} />
            {err('new_email')}
          </label>
          <label className="field">
            <span>{t('pages:settings.currentPassword')}</span>
            <input type="password" name="email_password" autoComplete="current-password" required maxLength={1024} />
            {err('email_password')}
          </label>
          <button className="btn btn--light" type="submit">{t('pages:settings.changeEmail')}</button>
        </form>
      </section>
    </div>
  );
}
