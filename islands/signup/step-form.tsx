// One later signup step as a form: posts to /signup/<step> without JavaScript; hydrated, it sends
// the same fields to /api/signup-step.php and moves to the step the server answers with.
import { createContext, useContext, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SignupStep } from '../../types/signup.js';
import { ApiError, api } from '../lib/api-client.js';
import { useIsland } from '../runtime.js';
import { FormErrors, useFocusFirstInvalid } from '../../views/components/form/index.js';
import { FormAlert } from './fields.js';

/** Errors of a step posted without JavaScript, shown when the page comes back. */
export const InitialStepErrors = createContext<Record<string, string>>({});

interface Props {
  step: SignupStep;
  onNext: (step: SignupStep) => void;
  /** Builds the body from the form; a photo goes as multipart. */
  multipart?: boolean;
  submitLabel: string;
  canSkip?: boolean;
  children: ReactNode;
  /** Extra work before the request (the push step subscribes first). */
  beforeSubmit?: () => Promise<void>;
}

export function StepForm({ step, onNext, multipart, submitLabel, canSkip = true, children, beforeSubmit }: Props) {
  const { t, csrfToken } = useIsland();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>(useContext(InitialStepErrors));
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const skip = submitter?.name === 'skip';
    const data = new FormData(e.currentTarget);
    data.delete('_csrf');
    setBusy(true);
    setErrors({});
    try {
      if (!skip && beforeSubmit) await beforeSubmit();
      let body: FormData | Record<string, unknown>;
      if (skip) body = { step, skip: true };
      else if (multipart) body = data;
      else {
        const plain: Record<string, unknown> = Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)]));
        // A checkbox group (interests) repeats its name.
        if (data.has('interests')) plain.interests = data.getAll('interests').map(String);
        body = plain;
      }
      const answer = await api<{ step: SignupStep }>('/api/signup-step.php', { method: 'POST', csrfToken, body, retries: 0, progress: true });
      onNext(answer.step);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'signup_step') {
        // Another tab moved on: follow it.
        window.location.reload();
        return;
      }
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors(Object.keys(fields).length ? fields : { _form: (err instanceof ApiError && err.message) || t('error') });
    }
  }

  const action = multipart ? `/signup/${step}?_csrf=${encodeURIComponent(csrfToken)}` : `/signup/${step}`;
  return (
    <form ref={formRef} method="post" action={action} encType={multipart ? 'multipart/form-data' : undefined} className="form signup-step" onSubmit={submit} noValidate>
      {!multipart && <input type="hidden" name="_csrf" value={csrfToken} />}
      <input type="hidden" name="step" value={step} />
      {/* Field messages sit beside their fields; only one about the whole step goes on top. */}
      <FormAlert message={errors._form} />
      <FormErrors errors={errors}>{children}</FormErrors>
      <div className="signup-step__actions">
        {canSkip && (
          <button type="submit" name="skip" value="1" className="btn btn--ghost" disabled={busy} formNoValidate>
            {t('skip')}
          </button>
        )}
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid={`step-${step}-submit`}>
          {busy ? t('saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
