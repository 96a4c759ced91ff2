// Radios or checkboxes as a list of full-width rows (a styled box and its label), in a fieldset
// whose legend names the group; one Checkbox is a single such row.
import type { ReactNode } from 'react';
import { FieldError, invalidProps, useFieldState } from './form-errors.js';
import type { Option } from './select-field.js';

export interface ChoiceListProps {
  legend: string;
  name: string;
  type?: 'radio' | 'checkbox';
  options: readonly Option[];
  /** The checked values. */
  checked?: readonly string[];
  required?: boolean;
  hint?: string;
  error?: string;
}

export function ChoiceList({ legend, name, type = 'radio', options, checked = [], required, hint, error }: ChoiceListProps) {
  const field = useFieldState(name, error);
  const aria = invalidProps(field);
  return (
    <fieldset className="field field--group choice-list" aria-describedby={aria['aria-describedby']}>
      <legend>{legend}</legend>
      {hint && <small>{hint}</small>}
      {options.map(([value, label], i) => (
        <label key={value} className="choice">
          <input
            type={type}
            name={name}
            value={value}
            defaultChecked={checked.includes(value)}
            required={required && type === 'radio'}
            aria-invalid={aria['aria-invalid']}
            autoFocus={i === 0 ? aria.autoFocus : undefined}
          />
          <span>{label}</span>
        </label>
      ))}
      <FieldError field={field} />
    </fieldset>
  );
}

export interface CheckboxProps {
  name: string;
  value?: string;
  defaultChecked?: boolean;
  children: ReactNode;
  error?: string;
  className?: string;
}

/** One checkbox row; the label may hold links (terms) or longer text. */
export function Checkbox({ name, value = '1', defaultChecked, children, error, className }: CheckboxProps) {
  const field = useFieldState(name, error);
  return (
    <div className={`choice-single${className ? ` ${className}` : ''}`}>
      <label className="choice">
        <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} {...invalidProps(field)} />
        <span>{children}</span>
      </label>
      <FieldError field={field} />
    </div>
  );
}
