// One labelled text input (or textarea) with its hint and its error, linked for screen readers.
import { useId } from 'react';
import { FieldError, invalidProps, useFieldState } from './form-errors.js';

export interface TextFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  defaultValue?: string;
  minLength?: number;
  maxLength: number;
  hint?: string;
  /** Without it the message comes from the surrounding <FormErrors> by name. */
  error?: string;
  required?: boolean;
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  className?: string;
  /** Focus this field on load even without an error of its own (e.g. the password after a failed login). */
  autoFocus?: boolean;
  /** The id of a message about this field shown elsewhere (a failed login's), read with it. */
  describedBy?: string;
  /** Islands that follow the text (a character count). */
  onChange?: (value: string) => void;
}

export function TextField({ label, name, type = 'text', defaultValue, hint, error, required = true, rows, className, onChange, autoFocus, describedBy, ...rest }: TextFieldProps) {
  const field = useFieldState(name, error);
  const hintId = `${useId()}-hint`;
  const aria = invalidProps(field, [hint ? hintId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined);
  const common = { name, defaultValue, required, ...rest, ...aria, autoFocus: aria.autoFocus || autoFocus || undefined };
  const change = onChange ? (e: { target: { value: string } }) => onChange(e.target.value) : undefined;
  return (
    <label className={`field${className ? ` ${className}` : ''}`}>
      <span className="field__label">{label}</span>
      {rows ? <textarea rows={rows} onChange={change} {...common} /> : <input type={type} onChange={change} {...common} />}
      {hint && <small id={hintId}>{hint}</small>}
      <FieldError field={field} />
    </label>
  );
}
