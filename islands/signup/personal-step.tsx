// Personal info: the profile attributes of SPEC.md §3 and the city; every field is optional.
import { PROFILE_ATTRIBUTE_VALUES, type ProfileAttribute } from '../../types/profiles.js';
import type { SignupStep } from '../../types/signup.js';
import { useIsland } from '../runtime.js';
import { StepForm } from './step-form.js';

export function PersonalStep({ onNext }: { onNext: (step: SignupStep) => void }) {
  const { t } = useIsland();
  const keys = Object.keys(PROFILE_ATTRIBUTE_VALUES) as ProfileAttribute[];
  return (
    <StepForm step="personal" onNext={onNext} submitLabel={t('next')}>
      <p>{t('personal.intro')}</p>
      <div className="form__grid">
        {keys.map((key) => (
          <label className="field" key={key}>
            <span>{t(`attributes.${key}.label`)}</span>
            <select name={key} defaultValue="">
              <option value="">–</option>
              {PROFILE_ATTRIBUTE_VALUES[key].map((value) => (
                <option key={value} value={value}>{t(`attributes.${key}.${value.replace(/ /g, '_')}`)}</option>
              ))}
            </select>
          </label>
        ))}
        <label className="field">
          <span>{t('attributes.tattoos.label')}</span>
          <select name="tattoos" defaultValue="">
            <option value="">–</option>
            <option value="yes">{t('attributes.tattoos.yes')}</option>
            <option value="no">{t('attributes.tattoos.no')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('personal.city')}</span>
          <input type="text" name="city" maxLength={100} autoComplete="address-level2" />
        </label>
      </div>
    </StepForm>
  );
}
