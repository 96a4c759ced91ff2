// Personal info: the profile attributes of SPEC.md §3 and the city; every field is optional.
import { PROFILE_ATTRIBUTE_VALUES, type ProfileAttribute } from '../../types/profiles.js';
import type { SignupStep } from '../../types/signup.js';
import { SelectField, TextField } from '../../views/components/form/index.js';
import { useIsland } from '../runtime.js';
import { StepForm } from './step-form.js';

/** `city`: the one "Use my location" found on the account step, if any. */
export function PersonalStep({ onNext, city = '' }: { onNext: (step: SignupStep) => void; city?: string }) {
  const { t } = useIsland();
  const keys = Object.keys(PROFILE_ATTRIBUTE_VALUES) as ProfileAttribute[];
  return (
    <StepForm step="personal" onNext={onNext} submitLabel={t('next')}>
      <p>{t('personal.intro')}</p>
      <div className="form__grid">
        {keys.map((key) => (
          <SelectField
            key={key} name={key} label={t(`attributes.${key}.label`)} placeholder="–" defaultValue=""
            options={PROFILE_ATTRIBUTE_VALUES[key].map((value) => [value, t(`attributes.${key}.${value.replace(/ /g, '_')}`)] as const)}
          />
        ))}
        <SelectField name="tattoos" label={t('attributes.tattoos.label')} placeholder="–" defaultValue="" options={[['yes', t('attributes.tattoos.yes')], ['no', t('attributes.tattoos.no')]]} />
        <TextField name="city" label={t('personal.city')} maxLength={100} autoComplete="address-level2" required={false} defaultValue={city} />
      </div>
    </StepForm>
  );
}
