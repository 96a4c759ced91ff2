// The signup steps (SPEC.md §4): account → photo → personal info → about me → push prompt →
// complete. Shared by the /signup page island and the desktop modal island. The server keeps the
// step, so a reload resumes where the member was.
import { useEffect, useRef, useState } from 'react';
import { SIGNUP_STEPS, type SignupWizardProps, type WizardStep } from '../../types/signup.js';
import { useIsland } from '../runtime.js';
import { AboutStep } from './about-step.js';
import { AccountStep } from './account-step.js';
import { CompleteStep } from './complete-step.js';
import { PersonalStep } from './personal-step.js';
import { PhotoStep } from './photo-step.js';
import { PushStep } from './push-step.js';
import { InitialStepErrors } from './step-form.js';

const ORDER: WizardStep[] = ['account', ...SIGNUP_STEPS];

interface WizardProps extends SignupWizardProps {
  /** True from the moment the account is being created: the modal may not be dismissed then. */
  onBusy?: (busy: boolean) => void;
}

export function SignupWizard(props: WizardProps) {
  const { t } = useIsland();
  const [step, setStep] = useState<WizardStep>(props.step);
  const [email, setEmail] = useState(props.email);
  const [city, setCity] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const { onBusy } = props;

  useEffect(() => {
    if (step !== 'account') onBusy?.(true);
    // Focus moves to each new step's heading, so keyboard and screen-reader users follow along.
    if (first.current) first.current = false;
    else headingRef.current?.focus();
  }, [step, onBusy]);

  const index = ORDER.indexOf(step);
  const title = step === 'account' && props.target ? t('titleTarget', { name: props.target.name }) : t(`steps.${step}`);
  return (
    <div className="signup-wizard" data-step={step} data-testid="signup-wizard">
      <ol className="signup-wizard__dots" aria-label={t('stepOf', { step: index + 1, total: ORDER.length })}>
        {ORDER.map((s, i) => <li key={s} className={i < index ? 'is-done' : i === index ? 'is-active' : ''} />)}
      </ol>
      {props.target && step === 'account' && props.target.photo && (
        <img className="signup-wizard__target" src={props.target.photo} alt="" width={72} height={96} />
      )}
      <h2 className="signup-wizard__title" ref={headingRef} tabIndex={-1}>{title}</h2>
      {step === 'account' && (
        <AccountStep
          options={props.options}
          targetGender={props.target?.gender ?? props.seeking ?? undefined}
          values={props.values}
          errors={props.errors}
          tracking={props.tracking}
          onBusy={(busy) => onBusy?.(busy)}
          onCreated={(address, place) => {
            setEmail(address);
            setCity(place);
            setStep('photo');
          }}
        />
      )}
      <InitialStepErrors.Provider value={step === props.step ? props.errors : {}}>
        {step === 'photo' && <PhotoStep onNext={setStep} />}
        {step === 'personal' && <PersonalStep onNext={setStep} city={city} />}
        {step === 'about' && <AboutStep onNext={setStep} interests={props.options.interests} />}
        {step === 'push' && <PushStep onNext={setStep} publicKey={props.options.pushPublicKey} />}
      </InitialStepErrors.Provider>
      {step === 'complete' && <CompleteStep email={email} returnTo={props.returnTo} supportEmail={props.options.supportEmail} />}
    </div>
  );
}

