// /signup: the account step as a plain form (it works without JavaScript), with each field's
// message next to it and the values kept; /complete-signup asks to confirm the e-mail.
import type { RegionsOfCountry } from '../../server/services/catalog/catalog-service.js';
import { TextField } from '../components/text-field.js';
import { usePage } from '../render-context.js';

export interface SignupValues {
  name: string;
  email: string;
  birth_day: string;
  birth_month: string;
  birth_year: string;
  gender: string;
  seeking: string;
  country: string;
  region: string;
}

function FieldError({ error, id }: { error?: string; id: string }) {
  return error ? <span className="field__error" id={id} role="alert">{error}</span> : null;
}

export function SignupPage({ values, errors, regions }: { values: SignupValues; errors: Record<string, string>; regions: RegionsOfCountry[] }) {
  const { t, lng, csrfToken, settings } = usePage();
  const year = new Date().getUTCFullYear();
  const months = Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(lng, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, i, 1))));
  const country = values.country || settings.geoip_selected_country;
  const regionGroup = regions.find((r) => r.country === country);
  const described = (field: string) => (errors[field] ? `err-${field}` : undefined);
  return (
    <div className="container section narrow auth">
      <div className="auth__card">
        <h1 className="page-title">{t('pages:signup.title')}</h1>
        <p>{t('pages:signup.intro', { siteName: settings.name })}</p>
        {errors._form && <p className="notice notice--error" role="alert">{errors._form}</p>}
        {errors.email_exists && (
          <p className="notice notice--error" role="alert">
            {errors.email_exists} <a href={`/login?next=/members`}>{t('pages:signup.login')}</a>
          </p>
        )}
        <form method="post" action="/signup" className="form" noValidate>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <div className="form__row">
            <label className="field">
              <span>{t('pages:signup.iAm')}</span>
              <select name="gender" defaultValue={values.gender || 'male'}>
                <option value="male">{t('pages:signup.man')}</option>
                <option value="female">{t('pages:signup.woman')}</option>
              </select>
            </label>
            <label className="field">
              <span>{t('pages:signup.seeking')}</span>
              <select name="seeking" defaultValue={values.seeking || (values.gender === 'female' ? 'male' : 'female')}>
                <option value="female">{t('pages:signup.women')}</option>
                <option value="male">{t('pages:signup.men')}</option>
                <option value="both">{t('pages:signup.both')}</option>
              </select>
            </label>
          </div>
          <TextField label={t('pages:signup.name')} name="name" autoComplete="nickname" maxLength={32} defaultValue={values.name} hint={t('pages:signup.nameHint')} error={errors.name} />
          <TextField label={t('pages:signup.email')} name="email" type="email" autoComplete="email" maxLength={191} defaultValue={values.email} error={errors.email} />
          {errors.email_suggestion && <input type="hidden" name="email_checked" value="true" />}
          <TextField label={t('pages:signup.password')} name="password" type="password" autoComplete="new-password" minLength={8} maxLength={1024} hint={t('pages:signup.passwordHint')} error={errors.password} />
          <fieldset className="field field--group" aria-describedby={described('birth')}>
            <legend>{t('pages:signup.birth')}</legend>
            <div className="form__row form__row--3">
              <select name="birth_day" defaultValue={values.birth_day} aria-label={t('pages:signup.day')}>
                <option value="">{t('pages:signup.day')}</option>
                {Array.from({ length: 31 }, (_, i) => <option key={i} value={i + 1}>{i + 1}</option>)}
              </select>
              <select name="birth_month" defaultValue={values.birth_month} aria-label={t('pages:signup.month')}>
                <option value="">{t('pages:signup.month')}</option>
                {months.map((m, i) => <option key={m} value={i + 1}>{m}</option>)}
              </select>
              <select name="birth_year" defaultValue={values.birth_year} aria-label={t('pages:signup.year')}>
                <option value="">{t('pages:signup.year')}</option>
                {Array.from({ length: 83 }, (_, i) => year - 18 - i).map((y) => <option key={y} value={y}>{y}</option>)}
              </select>
            </div>
            <FieldError error={errors.birth} id="err-birth" />
          </fieldset>
          <div className="form__row">
            <label className="field">
              <span>{t('pages:members.country')}</span>
              <select name="country" defaultValue={country}>
                {settings.countries.map((c) => <option key={c} value={c}>{t(`countries.${c}`)}</option>)}
              </select>
              <FieldError error={errors.country} id="err-country" />
            </label>
            {regionGroup && (
              <label className="field">
                <span>{t(`regionTerm.${regionGroup.term}`)}</span>
                <select name="region" defaultValue={values.region}>
                  <option value="">–</option>
                  {regions.map((g) => (
                    <optgroup key={g.country} label={t(`countries.${g.country}`)}>
                      {g.regions.map((r) => <option key={`${g.country}-${r.code}`} value={r.name}>{r.name}</option>)}
                    </optgroup>
                  ))}
                </select>
                <FieldError error={errors.region} id="err-region" />
              </label>
            )}
          </div>
          <button type="submit" className="btn btn--primary btn--block btn--lg">{t('pages:signup.submit')}</button>
          <small className="form__legal">{t('pages:signup.legal')}</small>
        </form>
        <p className="auth__alt">
          {t('pages:signup.haveAccount')} <a href="/login">{t('pages:signup.login')}</a>
        </p>
      </div>
    </div>
  );
}

export function CompleteSignupPage({ email }: { email: string }) {
  const { t } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card result">
        <div className="result__icon result__icon--ok" aria-hidden="true">✉</div>
        <h1 className="page-title">{t('pages:completeSignup.title')}</h1>
        <p>{t('pages:completeSignup.body', { email })}</p>
        <p className="entry-warning__small">{t('pages:completeSignup.spam')}</p>
        <a className="btn btn--primary btn--block" href="/members">{t('pages:completeSignup.browse')}</a>
      </div>
    </div>
  );
}
