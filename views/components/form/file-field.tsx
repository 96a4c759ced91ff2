// A file input shown as a styled button (and drop zone: the native input covers it, so a file
// dropped on it or a click lands on the real, keyboard-reachable input).
import type { ChangeEvent, ReactNode } from 'react';
import { FieldError, invalidProps, useFieldState } from './form-errors.js';

export interface FileFieldProps {
  name: string;
  /** The button text, e.g. "Choose a photo". */
  button: string;
  accept?: string;
  hint?: string;
  error?: string;
  /** Shown above the button, e.g. a preview or an icon. */
  children?: ReactNode;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  required?: boolean;
  testId?: string;
  className?: string;
}

export function FileField({ name, button, accept, hint, error, children, onChange, required, testId, className }: FileFieldProps) {
  const field = useFieldState(name, error);
  return (
    <div className={`file-field${className ? ` ${className}` : ''}`}>
      <label className="file-field__zone">
        {children}
        <span className="btn btn--light file-field__button">{button}</span>
        <input type="file" name={name} accept={accept} required={required} onChange={onChange} className="file-field__input" data-testid={testId} {...invalidProps(field)} />
      </label>
      {hint && <small className="file-field__hint">{hint}</small>}
      <FieldError field={field} />
    </div>
  );
}
