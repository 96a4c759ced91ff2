// /settings: language, invisible mode, blocked members, your data, password, e-mail and account
// deletion (in 14 days or at once), each a small form that works without JavaScript. A refused post
// comes back with what was typed (never a password) and each message beside its field, the first
// one focused.
import { DELETE_REASONS } from '../../types/accounts.js';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../types/settings.js';
import { Checkbox, ChoiceList, FormErrors, SelectField, TextField } from '../components/form/index.js';
import { DataExportSection } from '../components/data-export-section.js';
import { DeleteNowForm } from '../components/delete-now-form.js';
import { RetentionOfferBox } from '../components/retention-offer.js';
import { BlockedMembers, type BlockedMembersProps } from '../components/blocked-members.js';
import { SpendLimitSection, type SpendLimitSectionProps } from '../components/spend-limit-section.js';
import { usePage } from '../render-context.js';
import type { DataExportState } from '../../types/data-export.js';
import type { RetentionOffer } from '../../types/promotions.js';

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

export interface SettingsPageProps {
  notice?: string;
  errors: Record<string, string>;
  /** What the deletion form held when it came back with an error. */
  deletion?: { reason: string; remarks: string };
  /** What the e-mail change form held when it came back with an error. */
  values?: { new_email: string };
  /** The retention offer shown before the deletion form (issue 14), or null/absent for none. */
  retention?: RetentionOffer | null;
  /** "Blocked members" (issue 18.5). */
  blocked?: BlockedMembersProps;
  /** Where the member's newest data export stands (issue 18). */
  dataExport?: DataExportState;
  /** "Delete now" comes back open when the server refused it. */
  deleteNowOpen?: boolean;
  /** "Daily spending limit" (issue 18.3). */
  spendLimit?: SpendLimitSectionProps;
}

export function SettingsPage({ notice, errors, deletion, values, retention, blocked, spendLimit, dataExport = null, deleteNowOpen = false }: SettingsPageProps) {
  const { t, csrfToken, user, lng } = usePage();
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
          {/* The language the page is shown in is the member's choice (SPEC.md §9: the cookie, or the
              site's language without one); the account's follows it when saved, as the language
              menu does. Until then their e-mails keep the stored one, which is said below. */}
          <SelectField
            label={t('pages:settings.languageHint')} name="language" defaultValue={lng}
            options={LOCALES.map((l) => [l, LANGUAGE_NAMES[l]] as const)} lang={(l) => l}
          />
          {isLocale(user.language) && user.language !== lng && (
            <p className="settings__hint" data-testid="mail-language">
              {`${t('pages:settings.mailLanguage')} `}<span lang={user.language}>{LANGUAGE_NAMES[user.language]}</span>
            </p>
          )}
          <button className="btn btn--light" type="submit">{t('pages:settings.saveLanguage')}</button>
        </form>
      </section>

      <section className="auth__card settings__section">
        <h2>{t('pages:settings.visibility')}</h2>
        <form method="post" action="/settings/invisible" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="invisible" value="0" />
          <Checkbox name="invisible" defaultChecked={user.invisible}>{t('pages:settings.invisible')}</Checkbox>
          <small className="settings__hint">{t('pages:settings.invisibleHint')}</small>
          <button className="btn btn--light" type="submit">{t('pages:settings.saveVisibility')}</button>
        </form>
      </section>

      <section className="auth__card settings__section" id="notifications">
        <h2>{t('pages:notifications.title')}</h2>
        <p className="settings__hint">{t('pages:notifications.settingsHint')}</p>
        <a className="btn btn--light btn--block" href="/notifications" data-testid="settings-notifications-link">{t('pages:notifications.manage')}</a>
      </section>

      {spendLimit && <SpendLimitSection {...spendLimit} errors={errors} />}

      {blocked && <BlockedMembers {...blocked} />}

      <DataExportSection state={dataExport} error={errors.data_export} />

      <FormErrors errors={errors}>
        <section className="auth__card settings__section">
          <h2>{t('pages:settings.password')}</h2>
          <form method="post" action="/settings/password" className="form">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <TextField label={t('pages:settings.currentPassword')} name="current_password" type="password" autoComplete="current-password" maxLength={1024} />
            <TextField label={t('pages:settings.newPassword')} name="password" type="password" autoComplete="new-password" minLength={8} maxLength={1024} />
            <TextField label={t('pages:settings.confirmPassword')} name="password_confirm" type="password" autoComplete="new-password" minLength={8} maxLength={1024} />
            <button className="btn btn--primary" type="submit">{t('pages:settings.savePassword')}</button>
          </form>
        </section>

        <section className="auth__card settings__section" id="email">
          <h2>{t('pages:settings.email')}</h2>
          <p>{t('pages:settings.emailCurrent', { email: user.email })}</p>
          <form method="post" action="/settings/email" className="form">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <TextField label={t('pages:settings.newEmail')} name="new_email" type="email" autoComplete="email" maxLength={191} defaultValue={values?.new_email} />
            <TextField label={t('pages:settings.currentPassword')} name="email_password" type="password" autoComplete="current-password" maxLength={1024} />
            <button className="btn btn--light" type="submit">{t('pages:settings.changeEmail')}</button>
          </form>
        </section>

        <section className="auth__card settings__section settings__section--danger" id="delete">
          <h2>{t('pages:settings.deleteTitle')}</h2>
          {retention && <RetentionOfferBox offer={retention} />}
          <p>{t('pages:settings.deleteIntro', { days: 14 })}</p>
          <form method="post" action="/settings/delete" className="form" data-testid="delete-form">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <ChoiceList
              legend={t('pages:settings.deleteReason')} name="reason" required checked={deletion ? [deletion.reason] : []}
              options={DELETE_REASONS.map((r) => [r, t(`pages:settings.deleteReasons.${r}`)] as const)}
            />
            <TextField label={t('pages:settings.deleteRemarks')} name="remarks" rows={3} maxLength={1000} defaultValue={deletion?.remarks} required={false} />
            <TextField label={t('pages:settings.currentPassword')} name="delete_password" type="password" autoComplete="current-password" maxLength={1024} />
            <button className="btn btn--danger" type="submit">{t('pages:settings.deleteSubmit')}</button>
          </form>
          <DeleteNowForm open={deleteNowOpen} days={14} />
        </section>
      </FormErrors>
    </div>
  );
}
