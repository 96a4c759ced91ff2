// Small form parts shared by the signup steps; the markup matches views/components/text-field.tsx.
import type { ReactNode } from 'react';

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? <span className="field__error" id={`err-${id}`} role="alert">{error}</span> : null;
}

export function Field({ label, id, error, hint, children }: { label: string; id: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <label className="field" htmlFor={id}>
      <span>{label}</span>
      {children}
      {hint && <small>{hint}</small>}
      <FieldError id={id} error={error} />
    </label>
  );
}

export function FormAlert({ message, children }: { message?: string; children?: ReactNode }) {
  if (!message) return null;
  return (
    <p className="notice notice--error" role="alert">
      {message} {children}
    </p>
  );
}
