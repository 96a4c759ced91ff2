// The message above a signup step's form when the server refused it for a reason that is not one
// field's (those sit beside their field: views/components/form/).
import type { ReactNode } from 'react';

export function FormAlert({ message, children }: { message?: string; children?: ReactNode }) {
  if (!message) return null;
  return (
    <p className="notice notice--error" role="alert">
      {message} {children}
    </p>
  );
}
