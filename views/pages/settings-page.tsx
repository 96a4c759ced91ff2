// /settings: language, invisible mode, password, e-mail and account deletion, each a small form
// that works without JavaScript.
import { DELETE_REASONS } from '../../types/accounts.js';
import { LANGUAGE_NAMES, LOCALES } from '../../types/settings.js';
import { TextField } from '../components/text-field.js';
import { usePage } from '../render-context.js';

export interface SettingsPageProps {
  notice?: string;
  errors: Record<string, string>;
  /** What the deletion form held when it came back with an error. */
  deletion?: { reason: string; remarks: string };
}

export function SettingsPage({ notice, errors, deletion }: SettingsPageProps) {
  const { t, csrfToken, user } = usePage();
  if (!user) return null;
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
          <TextField label={t('pages:settings.currentPassword')} name="current_password" type="password" autoComplete="current-password" maxLength={1024} error={errors.current_password} />
          <TextField label={t('pages:settings.newPassword')} name="password" type="password" autoComplete="new-password" minLength={8} maxLength={1024} error={errors.password} />
          <TextField label={t('pages:settings.confirmPassword')} name="password_confirm" type="password" autoComplete="new-password" minLength={8} maxLength={1024} error={errors.password_confirm} />
          <button className="btn btn--primary" type="submit">{t('pages:settings.savePassword')}</button>
        </form>
      </section>

      <section className="auth__card settings__section">
        <h2>{t('pages:settings.email')}</h2>
        <p>{t('pages:settings.emailCurrent', { email: user.email })}</p>
        <form method="post" action="/settings/email" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <TextField label={t('pages:settings.newEmail')} name="new_email" type="email" autoComplete="email" maxLength={191} error={errors.new_email} />
          <TextField label={t('pages:settings.currentPassword')} name="email_password" type="password" autoComplete="current-password" maxLength={1024} error={errors.email_password} />
          <button className="btn btn--light" type="submit">{t('pages:settings.changeEmail')}</button>
        </form>
      </section>

      <section className="auth__card settings__section settings__section--danger" id="delete">
        <h2>{t('pages:settings.deleteTitle')}</h2>
        <p>{t('pages:settings.deleteIntro', { days: 14 })}</p>
        <form method="post" action="/settings/delete" className="form" data-testid="delete-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <fieldset className="field field--group" aria-describedby={errors.reason ? 'err-reason' : undefined}>
            <legend>{t('pages:settings.deleteReason')}</legend>
            {DELETE_REASONS.map((r) => (
              <label key={r} className="check">
                <input type="radio" name="reason" value={r} defaultChecked={deletion?.reason === r} required />
                <span>{t(`pages:settings.deleteReasons.${r}`)}</span>
              </label>
            ))}
            {errors.reason && <span className="field__error" id="err-reason" role="alert">{errors.reason}</span>}
          </fieldset>
          <label className="field">
            <span>{t('pages:settings.deleteRemarks')}</span>
            <textarea name="remarks" rows={3} maxLength={1000} defaultValue={deletion?.remarks} aria-invalid={errors.remarks ? true : undefined} />
            {errors.remarks && <span className="field__error" role="alert">{errors.remarks}</span>}
          </label>
          <TextField label={t('pages:settings.currentPassword')} name="delete_password" type="password" autoComplete="current-password" maxLength={1024} error={errors.delete_password} />
          <button className="btn btn--danger" type="submit">{t('pages:settings.deleteSubmit')}</button>
        </form>
      </section>
    </div>
  );
}
