// /profile: the member's own profile. Photos (with their review status) and one form with the
// fields of SPEC.md §3 in groups; both work without JavaScript and come back with field errors.
import type { ReactNode } from 'react';
import { PROFILE_ATTRIBUTE_VALUES, type ProfileAttribute } from '../../types/profiles.js';
import { GENDERS, SEXUALITIES, type OwnProfile, type OwnProfileValues } from '../../types/own-profile.js';
import type { CountryRegions } from '../../types/signup.js';
import LocateMe from '../../islands/locate-me.island.js';
import { DateOfBirth, FormErrors, SelectField, TextField } from '../components/form/index.js';
import { Island } from '../components/island.js';
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

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="own-profile__card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** One select for every site country's regions, grouped by country, so it works without JavaScript. */
function RegionField({ values, regions }: { values: OwnProfileValues; regions: CountryRegions[] }) {
  const { t } = usePage();
  const groups = regions.filter((g) => g.regions.length > 0);
  if (!groups.length) return null;
  const own = groups.find((g) => g.country === values.country) ?? groups[0]!;
  return (
    <SelectField
      name="region" label={groups.length === 1 || own.country === values.country ? own.term : t('pages:ownProfile.region')}
      defaultValue={values.region} placeholder={t('pages:ownProfile.notSet')} options={[]} hint={t('pages:ownProfile.regionHint')}
    >
      {groups.map((g) => (
        <optgroup key={g.country} label={`${t(`countries.${g.country}`)} · ${g.term}`} data-country={g.country}>
          {g.regions.map((r) => <option key={r} value={r}>{r}</option>)}
        </optgroup>
      ))}
    </SelectField>
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
      {error && <span className="field__error" id="err-interests" role="alert">{error}</span>}
    </fieldset>
  );
}

function ProfileForm({ profile, values, errors, regions, interests }: OwnProfilePageProps) {
  const { t, lng, csrfToken, settings } = usePage();
  const attr = (key: string, list: readonly string[]): [string, string][] => list.map((v) => [v, t(`attributes.${key}.${v.replace(/ /g, '_')}`)]);
  const notSet = t('pages:ownProfile.notSet');
  const limits = profile.fieldLimits;
  return (
    <form method="post" action="/profile" className="form own-profile__form" id="details" noValidate>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <FormErrors errors={errors}>
        <Card title={t('pages:ownProfile.basics')} id="basics-title">
          <div className="form">
            <label className="field">
              <span>{t('pages:ownProfile.username')}</span>
              <input type="text" value={profile.name} readOnly aria-readonly="true" className="own-profile__readonly" />
              <small>{t('pages:ownProfile.usernameHint')}</small>
            </label>
            <DateOfBirth
              legend={t('pages:ownProfile.birth')} months={monthNames(lng)} values={values} years={93}
              labels={{ day: t('pages:ownProfile.day'), month: t('pages:ownProfile.month'), year: t('pages:ownProfile.year') }}
            />
            <div className="form__grid">
              <SelectField name="gender" label={t('attributes.gender.label')} defaultValue={values.gender} options={attr('gender', GENDERS)} />
              <SelectField name="sexuality" label={t('attributes.sexuality.label')} defaultValue={values.sexuality} options={attr('sexuality', SEXUALITIES)} />
              <SelectField
                name="country" label={t('pages:ownProfile.country')} defaultValue={values.country}
                options={settings.countries.map((c) => [c, t(`countries.${c}`)] as const)}
              />
              <RegionField values={values} regions={regions} />
              <TextField name="city" label={t('pages:ownProfile.city')} defaultValue={values.city} maxLength={limits.cityMax} autoComplete="address-level2" required={false} />
              <div className="own-profile__locate">
                <Island name="locate-me" section="locate" component={LocateMe} props={{ formId: 'details', countries: settings.countries }} hydrate="idle" />
              </div>
              <SelectField
                name="relationship_status" label={t('attributes.relationship_status.label')} defaultValue={values.relationship_status} placeholder={notSet}
                options={attr('relationship_status', PROFILE_ATTRIBUTE_VALUES.relationship_status)}
              />
            </div>
          </div>
        </Card>
        <Card title={t('pages:ownProfile.appearance')} id="appearance-title">
          <div className="form__grid">
            {APPEARANCE.map((key) => (
              <SelectField key={key} name={key} label={t(`attributes.${key}.label`)} defaultValue={values[key]} placeholder={notSet} options={attr(key, PROFILE_ATTRIBUTE_VALUES[key])} />
            ))}
            <SelectField name="tattoos" label={t('attributes.tattoos.label')} defaultValue={values.tattoos} placeholder={notSet} options={attr('tattoos', ['yes', 'no'])} />
          </div>
        </Card>
        <Card title={t('pages:ownProfile.aboutMe')} id="about-title">
          <TextField
            name="about" label={t('pages:ownProfile.about')} rows={6} maxLength={limits.aboutMax} defaultValue={values.about} required={false}
            placeholder={t('pages:ownProfile.aboutPlaceholder')} hint={t('pages:ownProfile.aboutHint', { max: limits.aboutMax })} className="own-profile__about-field"
          />
        </Card>
        <Card title={t('pages:ownProfile.interests')} id="interests-title">
          <Interests values={values} interests={interests} max={limits.maxInterests} error={errors.interests} />
        </Card>
      </FormErrors>
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
