// A labelled select with the design system's chevron, full width on phones; options are [value, label].
import type { ReactNode } from 'react';
import { FieldError, invalidProps, useFieldState } from './form-errors.js';

export type Option = readonly [value: string, label: string];

export interface SelectFieldProps {
  label: string;
  name: string;
  options: readonly Option[];
  /** A first, empty option ("not specified", "–"). */
  placeholder?: string;
  defaultValue?: string;
  /** Controlled use (islands): the value and its change handler. */
  value?: string;
  onChange?: (value: string) => void;
  hint?: string;
  error?: string;
  className?: string;
  /** Option groups or anything else instead of `options`. */
  children?: ReactNode;
  lang?: (value: string) => string | undefined;
}

export function SelectField({ label, name, options, placeholder, defaultValue, value, onChange, hint, error, className, children, lang }: SelectFieldProps) {
  const field = useFieldState(name, error);
  return (
    <label className={`field${className ? ` ${className}` : ''}`}>
      <span className="field__label">{label}</span>
      <Select name={name} defaultValue={value === undefined ? defaultValue : undefined} value={value} onChange={onChange} {...invalidProps(field)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([v, l]) => <option key={v} value={v} lang={lang?.(v)}>{l}</option>)}
        {children}
      </Select>
      {hint && <small>{hint}</small>}
      <FieldError field={field} />
    </label>
  );
}

interface SelectProps {
  name: string;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  children: ReactNode;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  autoFocus?: boolean;
}

/** The bare styled select (a wrapper draws the chevron), for rows of selects such as a date. */
export function Select({ onChange, children, ...rest }: SelectProps) {
  return (
    <span className="select">
      <select {...rest} onChange={onChange ? (e) => onChange(e.target.value) : undefined}>{children}</select>
    </span>
  );
}
