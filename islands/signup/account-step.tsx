// Step 0: the account. A plain form posting to /signup without JavaScript; hydrated, it posts to
// /api/signup.php and shows the four progress stages of SPEC.md §4 while the account is created.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DateOfBirth, FormErrors, SelectField, TextField, useFocusFirstInvalid } from '../../views/components/form/index.js';
import { sexualityOf, type AccountValues, type SignupOptions } from '../../types/signup.js';
import { ApiError, api, adoptCsrfToken } from '../lib/api-client.js';
import { useIsland } from '../runtime.js';
import { FormAlert } from './fields.js';
import { SignupProgress, PROGRESS_STAGES } from './progress.js';
import { LocateButton } from '../geo/locate-button.js';
import { useRegions } from './use-catalog.js';

const STAGE_MS = 650;
const DRAFT_KEY = 'amora.signup.draft';

interface Props {
  options: SignupOptions;
  /** On a landing variant, the profile's gender sets what the member looks for. */
  targetGender?: 'male' | 'female';
  values: AccountValues | null;
  errors: Record<string, string>;
  tracking: Record<string, string>;
  onBusy: (busy: boolean) => void;
  onCreated: (email: string, city: string) => void;
}

function forgetDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    /* storage disabled */
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function AccountStep({ options, targetGender, values, errors: serverErrors, tracking, onBusy, onCreated }: Props) {
  const { t, csrfToken } = useIsland();
  const [errors, setErrors] = useState(serverErrors);
  const [stage, setStage] = useState<number | null>(null);
  const [draft, setDraft] = useState<AccountValues | null>(values);
  const [country, setCountry] = useState(values?.country || options.defaultCountry);
  const [region, setRegion] = useState(values?.region ?? '');
  // The city shows as a field once "Use my location" found one (later steps ask for it otherwise).
  const [city, setCity] = useState<string | null>(values?.city || null);
  const [gender, setGender] = useState(values?.gender || (targetGender === 'male' ? 'female' : 'male'));
  const checkedEmail = useRef<string | null>(serverErrors.email_suggestion ? (values?.email ?? null) : null);
  const regions = useRegions(options.regions);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);

  // A reload keeps what was typed (never the password): the draft lives in this tab only.
  useEffect(() => {
    if (values) return;
    try {
      const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as AccountValues | null;
      if (saved) {
        // Browser-only storage can be read only after hydration, so this runs in an effect.
        // eslint-disable-next-line react-hooks/set-state-in-effect
        setDraft(saved);
        setCountry(saved.country || options.defaultCountry);
        setRegion(saved.region ?? '');
        setCity(saved.city || null);
        setGender(saved.gender || 'male');
      }
    } catch {
      /* private mode: nothing to restore */
    }
  }, [values, options.defaultCountry]);

  const readForm = (): Record<string, string> => Object.fromEntries([...new FormData(formRef.current!).entries()].map(([k, v]) => [k, String(v)]));

  const remember = () => {
    const { password: _password, _csrf: _token, ...rest } = readForm();
    void _password;
    void _token;
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(rest));
    } catch {
      /* storage full or disabled */
    }
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = readForm();
    onBusy(true);
    setErrors({});
    setStage(0);
    const started = Date.now();
    const request = api<{ csrfToken: string }>('/api/signup.php', {
      method: 'POST',
      csrfToken,
      retries: 0,
      body: { ...form, sexuality: sexualityOf(form.gender ?? '', form.seeking ?? ''), email_checked: checkedEmail.current === form.email, tracking },
    });
    // The first two stages run while the server checks and creates the account.
    const ticker = setInterval(() => setStage((s) => (s === null ? s : Math.min(s + 1, 1))), STAGE_MS);
    try {
      const result = await request;
      clearInterval(ticker);
      adoptCsrfToken(result.csrfToken);
      await sleep(Math.max(0, STAGE_MS * 2 - (Date.now() - started)));
      for (let s = 2; s < PROGRESS_STAGES.length; s++) {
        setStage(s);
        await sleep(STAGE_MS);
      }
      forgetDraft();
      onCreated(form.email ?? '', form.city ?? '');
    } catch (err) {
      clearInterval(ticker);
      setStage(null);
      onBusy(false);
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'email_exists') setErrors({ email_exists: err.message });
      else if (Object.keys(err.fields).length) {
        setErrors(err.fields);
        // A "did you mean" on a valid address is asked once: the same address again is kept.
        if (err.fields.email) checkedEmail.current = form.email ?? null;
      } else setErrors({ _form: err.message || t('error') });
    }
  }

  const group = regions?.find((r) => r.country === country);
  const v = draft;
  // The form stays mounted (hidden) while the progress shows, so a refusal brings back all that was typed.
  return (
    <>
      {stage !== null && <SignupProgress stage={stage} />}
      <form
        ref={formRef} method="post" action="/signup" className="form" noValidate onSubmit={submit} onChange={remember}
        key={v ? 'draft' : 'empty'} hidden={stage !== null}
      >
        <input type="hidden" name="_csrf" value={csrfToken} />
        {Object.entries(tracking).map(([k, val]) => <input key={k} type="hidden" name={k} value={val} />)}
        <FormAlert message={errors._form} />
        <FormAlert message={errors.email_exists}>
          <a href="/login">{t('login')}</a>
        </FormAlert>
        <FormErrors errors={errors}>
          <div className="form__row">
            <SelectField label={t('iAm')} name="gender" value={gender} onChange={setGender} options={[['male', t('man')], ['female', t('woman')]]} />
            <SelectField
              label={t('seeking')} name="seeking" defaultValue={v?.seeking || targetGender || (gender === 'female' ? 'male' : 'female')}
              options={[['female', t('women')], ['male', t('men')], ['both', t('both')]]}
            />
          </div>
          <TextField label={t('name')} name="name" autoComplete="nickname" maxLength={32} defaultValue={v?.name} hint={t('nameHint')} />
          <TextField label={t('email')} name="email" type="email" autoComplete="email" maxLength={191} defaultValue={v?.email} />
          {errors.email_suggestion && <input type="hidden" name="email_checked" value="true" />}
          <TextField label={t('password')} name="password" type="password" autoComplete="new-password" minLength={8} maxLength={1024} hint={t('passwordHint')} />
          <DateOfBirth legend={t('birth')} labels={{ day: t('day'), month: t('month'), year: t('year') }} months={options.months} values={v} />
          <div className="form__row form__row--wrap">
            <SelectField
              label={t('country')} name="country" value={country}
              onChange={(c) => {
                setCountry(c);
                setRegion('');
              }}
              options={options.countries.map((c) => [c.code, c.name] as const)}
            />
            {group && group.regions.length > 0 && (
              <SelectField label={group.term} name="region" value={region} onChange={setRegion} placeholder="–" options={group.regions.map((r) => [r, r] as const)} />
            )}
          </div>
          {city !== null && <TextField key={city} label={t('personal.city')} name="city" maxLength={100} autoComplete="address-level2" defaultValue={city} required={false} />}
          {options.locate && (
            <LocateButton
              texts={options.locate} countries={options.countries.map((c) => c.code)}
              onFound={(place) => {
                setCountry(place.country);
                setRegion(place.region ?? '');
                setCity(place.city);
              }}
            />
          )}
        </FormErrors>
        <button type="submit" className="btn btn--primary btn--block btn--lg" data-testid="signup-submit">{t('submit')}</button>
        {/* Signing up accepts the terms in force (recorded with their version date): they are one click away, in a new tab so the form keeps what was typed. */}
        <small className="form__legal">
          {t('legal')}{' '}
          <a href="/pages/terms" target="_blank" rel="noopener">{t('termsLink')}</a>
          {' · '}
          <a href="/pages/privacy" target="_blank" rel="noopener">{t('privacyLink')}</a>
        </small>
      </form>
    </>
  );
}
