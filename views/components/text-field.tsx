// One labelled input with its hint and its error, linked for screen readers; used by every form.
import { useId } from 'react';

export interface TextFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  defaultValue?: string;
  minLength?: number;
  maxLength: number;
  hint?: string;
  error?: string;
}

export function TextField({ label, name, type = 'text', autoComplete, defaultValue, minLength, maxLength, hint, error }: TextFieldProps) {
  const id = useId();
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type={type}
        name={name}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required
        minLength={minLength}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {hint && <small>{hint}</small>}
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
