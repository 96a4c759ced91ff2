// The message above a signup step's form when the server refused it for a reason that is not one
// field's (those sit beside their field: views/components/form/).
import type { ReactNode } from 'react';

// The live region is always there (empty until a refusal), so a message that arrives after the
// request is read out as it fills in.
export function FormAlert({ message, children }: { message?: string; children?: ReactNode }) {
  return (
    <div role="alert">
      {message && (
        <p className="notice notice--error">
          {message} {children}
        </p>
      )}
    </div>
  );
}
