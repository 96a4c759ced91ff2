// /profile: the member's own profile. Photos (with their review status) and one form with the
// fields of SPEC.md §3 in groups; both work without JavaScript and come back with field errors.
import { useId, type ReactNode } from 'react';
import { PROFILE_ATTRIBUTE_VALUES, type ProfileAttribute } from '../../types/profiles.js';
import { GENDERS, SEXUALITIES, type OwnProfile, type OwnProfileValues } from '../../types/own-profile.js';
import type { CountryRegions } from '../../types/signup.js';
import { OwnPhotos } from '../components/own-photos.js';
import { monthNames } from '../components/signup-islands.js';
import { usePage } from '../render-context.js';

export interface OwnProfilePageProps {
  profile: OwnProfile;
  /** The stored values, or what the member entered when the form came back with errors. */
  values: OwnProfileValues;
  errors: Record<string, string>;
  notice?: string;
  regions: CountryRegions[];
  interests: { slug: string; label: string }[];
}

const APPEARANCE: ProfileAttribute[] = ['hair_color', 'eye_color', 'body_type'];

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? <span className="field__error" id={id} role="alert">{error}</span> : null;
}

/** A labelled select with "not specified" first; `options` are [value, label] pairs. */
function SelectField({ name, label, value, options, error, optional = true }: {
  name: string; label: string; value: string; options: [string, string][]; error?: string; optional?: boolean;
}) {
  const { t } = usePage();
  const id = useId();
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined}>
        {optional && <option value="">{t('pages:ownProfile.notSet')}</option>}
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
      <FieldError id={`${id}-err`} error={error} />
    </label>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="own-profile__card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function BirthDate({ values, error }: { values: OwnProfileValues; error?: string }) {
  const { t, lng } = usePage();
  const year = new Date().getUTCFullYear();
  return (
    <fieldset className="field field--group" aria-describedby={error ? 'err-birth' : undefined}>
      <legend>{t('pages:ownProfile.birth')}</legend>
      <div className="form__row form__row--3">
        <select name="birth_day" defaultValue={values.birth_day} aria-label={t('pages:ownProfile.day')} aria-invalid={error ? true : undefined}>
          <option value="">{t('pages:ownProfile.day')}</option>
          {Array.from({ length: 31 }, (_, i) => <option key={i} value={i + 1}>{i + 1}</option>)}
        </select>
        <select name="birth_month" defaultValue={values.birth_month} aria-label={t('pages:ownProfile.month')} aria-invalid={error ? true : undefined}>
          <option value="">{t('pages:ownProfile.month')}</option>
          {monthNames(lng).map((m, i) => <option key={m} value={i + 1}>{m}</option>)}
        </select>
        <select name="birth_year" defaultValue={values.birth_year} aria-label={t('pages:ownProfile.year')} aria-invalid={error ? true : undefined}>
          <option value="">{t('pages:ownProfile.year')}</option>
          {Array.from({ length: 93 }, (_, i) => year - 18 - i).map((y) => <option key={y} value={y}>{y}</option>)}
        </select>
      </div>
      <FieldError id="err-birth" error={error} />
    </fieldset>
  );
}

/** One select for every site country's regions, grouped by country, so it works without JavaScript. */
function RegionField({ values, regions, error }: { values: OwnProfileValues; regions: CountryRegions[]; error?: string }) {
  const { t } = usePage();
  const groups = regions.filter((g) => g.regions.length > 0);
  if (!groups.length) return null;
  const own = groups.find((g) => g.country === values.country) ?? groups[0]!;
  return (
    <label className="field">
      <span>{groups.length === 1 || own.country === values.country ? own.term : t('pages:ownProfile.region')}</span>
      <select name="region" defaultValue={values.region} aria-invalid={error ? true : undefined}>
        <option value="">{t('pages:ownProfile.notSet')}</option>
        {groups.map((g) => (
          <optgroup key={g.country} label={`${t(`countries.${g.country}`)} · ${g.term}`}>
            {g.regions.map((r) => <option key={r} value={r}>{r}</option>)}
          </optgroup>
        ))}
      </select>
      <small>{t('pages:ownProfile.regionHint')}</small>
      <FieldError id="err-region" error={error} />
    </label>
  );
}

function Interests({ values, interests, max, error }: { values: OwnProfileValues; interests: OwnProfilePageProps['interests']; max: number; error?: string }) {
  const { t } = usePage();
  return (
    <fieldset className="field field--group" aria-describedby={error ? 'err-interests' : 'interests-hint'}>
      <legend>{t('pages:ownProfile.interestsLegend')}</legend>
      <small id="interests-hint" className="own-profile__hint">{t('pages:ownProfile.interestsHint', { max })}</small>
      <div className="chips own-profile__chips">
        {interests.map((i) => (
          // The checked state shows through CSS (:has), so unticking works without JavaScript too.
          <label key={i.slug} className="chip">
            <input type="checkbox" name="interests" value={i.slug} defaultChecked={values.interests.includes(i.slug)} />
            {i.label}
          </label>
        ))}
      </div>
      <FieldError id="err-interests" error={error} />
    </fieldset>
  );
}

function ProfileForm({ profile, values, errors, regions, interests }: OwnProfilePageProps) {
  const { t, csrfToken, settings } = usePage();
  const attr = (key: string, list: readonly string[]): [string, string][] => list.map((v) => [v, t(`attributes.${key}.${v.replace(/ /g, '_')}`)]);
  const limits = profile.fieldLimits;
  return (
    <form method="post" action="/profile" className="form own-profile__form" id="details" noValidate>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <Card title={t('pages:ownProfile.basics')} id="basics-title">
        <div className="form">
          <label className="field">
            <span>{t('pages:ownProfile.username')}</span>
            <input type="text" value={profile.name} readOnly aria-readonly="true" className="own-profile__readonly" />
            <small>{t('pages:ownProfile.usernameHint')}</small>
          </label>
          <BirthDate values={values} error={errors.birth} />
          <div className="form__grid">
            <SelectField name="gender" label={t('attributes.gender.label')} value={values.gender} options={attr('gender', GENDERS)} error={errors.gender} optional={false} />
            <SelectField name="sexuality" label={t('attributes.sexuality.label')} value={values.sexuality} options={attr('sexuality', SEXUALITIES)} error={errors.sexuality} optional={false} />
            <SelectField
              name="country"
              label={t('pages:ownProfile.country')}
              value={values.country}
              options={settings.countries.map((c) => [c, t(`countries.${c}`)])}
              error={errors.country}
              optional={false}
            />
            <RegionField values={values} regions={regions} error={errors.region} />
            <label className="field">
              <span>{t('pages:ownProfile.city')}</span>
              <input type="text" name="city" defaultValue={values.city} maxLength={limits.cityMax} autoComplete="address-level2" aria-invalid={errors.city ? true : undefined} />
              <FieldError id="err-city" error={errors.city} />
            </label>
            <SelectField
              name="relationship_status"
              label={t('attributes.relationship_status.label')}
              value={values.relationship_status}
              options={attr('relationship_status', PROFILE_ATTRIBUTE_VALUES.relationship_status)}
              error={errors.relationship_status}
            />
          </div>
        </div>
      </Card>
      <Card title={t('pages:ownProfile.appearance')} id="appearance-title">
        <div className="form__grid">
          {APPEARANCE.map((key) => (
            <SelectField key={key} name={key} label={t(`attributes.${key}.label`)} value={values[key]} options={attr(key, PROFILE_ATTRIBUTE_VALUES[key])} error={errors[key]} />
          ))}
          <SelectField name="tattoos" label={t('attributes.tattoos.label')} value={values.tattoos} options={attr('tattoos', ['yes', 'no'])} error={errors.tattoos} />
        </div>
      </Card>
      <Card title={t('pages:ownProfile.aboutMe')} id="about-title">
        <label className="field">
          <span>{t('pages:ownProfile.about')}</span>
          <textarea
            name="about"
            rows={6}
            maxLength={limits.aboutMax}
            defaultValue={values.about}
            placeholder={t('pages:ownProfile.aboutPlaceholder')}
            aria-invalid={errors.about ? true : undefined}
            className="own-profile__about"
          />
          <small>{t('pages:ownProfile.aboutHint', { max: limits.aboutMax })}</small>
          <FieldError id="err-about" error={errors.about} />
        </label>
      </Card>
      <Card title={t('pages:ownProfile.interests')} id="interests-title">
        <Interests values={values} interests={interests} max={limits.maxInterests} error={errors.interests} />
      </Card>
      <div className="own-profile__save">
        <button type="submit" className="btn btn--primary btn--lg" data-testid="profile-save">{t('pages:ownProfile.save')}</button>
      </div>
    </form>
  );
}

export function OwnProfilePage(props: OwnProfilePageProps) {
  const { t } = usePage();
  const { profile, errors, notice } = props;
  const main = profile.photos.find((p) => p.isMain);
  const fieldErrors = Object.keys(errors).filter((k) => k !== 'photo' && k !== '_form').length > 0;
  return (
    <div className="container section own-profile">
      <header className="own-profile__head">
        <div className="own-profile__avatar" aria-hidden="true">
          {main ? <img src={main.thumbUrl} alt="" width={96} height={128} /> : <span>{profile.name.slice(0, 1)}</span>}
        </div>
        <div className="own-profile__who">
          <h1 className="page-title">{t('pages:ownProfile.title')}</h1>
          <p className="own-profile__name">{profile.name}</p>
          <a className="btn btn--light btn--sm" href={`/members/${profile.id}`}>{t('pages:ownProfile.viewPublic')}</a>
        </div>
      </header>
      {notice && <p className="notice notice--ok" role="status">{notice}</p>}
      {errors._form && <p className="notice notice--error" role="alert">{errors._form}</p>}
      {fieldErrors && <p className="notice notice--error" role="alert">{t('pages:ownProfile.fixErrors')}</p>}
      <div className="own-profile__layout">
        <OwnPhotos profile={profile} error={errors.photo} />
        <ProfileForm {...props} />
      </div>
    </div>
  );
}
