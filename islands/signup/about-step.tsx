// About me: the signup message, the reason for signing up and up to 12 interests.
import { useState } from 'react';
import { SIGNUP_REASONS, type SignupStep } from '../../types/signup.js';
import { SelectField, TextField } from '../../views/components/form/index.js';
import { useIsland } from '../runtime.js';
import { StepForm } from './step-form.js';
import { useInterests } from './use-catalog.js';

const ABOUT_MAX = 2000;
const MAX_INTERESTS = 12;

export function AboutStep({ onNext, interests: initial }: { onNext: (step: SignupStep) => void; interests: { slug: string; label: string }[] | null }) {
  const { t } = useIsland();
  const interests = useInterests(initial);
  const [chosen, setChosen] = useState<string[]>([]);
  const [length, setLength] = useState(0);
  const toggle = (slug: string) => setChosen((c) => (c.includes(slug) ? c.filter((s) => s !== slug) : c.length < MAX_INTERESTS ? [...c, slug] : c));
  return (
    <StepForm step="about" onNext={onNext} submitLabel={t('next')}>
      <TextField
        name="signup_message" label={t('about.message')} rows={5} maxLength={ABOUT_MAX} placeholder={t('about.placeholder')} required={false}
        onChange={(text) => setLength(text.length)} hint={t('about.count', { count: length, max: ABOUT_MAX })}
      />
      <SelectField name="reason" label={t('about.reason')} placeholder="–" defaultValue="" options={SIGNUP_REASONS.map((r) => [r, t(`about.reasons.${r}`)] as const)} />
      {interests && (
        <fieldset className="field field--group">
          <legend>{t('about.interests', { max: MAX_INTERESTS })}</legend>
          <div className="chips">
            {interests.map((i) => (
              <label key={i.slug} className={`chip${chosen.includes(i.slug) ? ' is-on' : ''}`}>
                <input type="checkbox" name="interests" value={i.slug} checked={chosen.includes(i.slug)} onChange={() => toggle(i.slug)} />
                {i.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </StepForm>
  );
}
