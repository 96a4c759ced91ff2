// Empty layout: only the content, plus the entry warning for NL and DE and the signup modal.
import type { ReactNode } from 'react';
import { EntryWarning } from '../components/entry-warning.js';
import { SignupModalSlot } from '../components/signup-islands.js';

export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main" className="main main--empty">{children}</main>
      <EntryWarning onlyNlDe />
      <SignupModalSlot />
    </>
  );
}
