// Chat layout: full screen under the top bar; the entry warning only for NL and DE.
import type { ReactNode } from 'react';
import { EntryWarning } from '../components/entry-warning.js';
import { TopBar } from '../components/top-bar.js';

export function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <div className="chat-shell">
      <TopBar />
      <main id="main" className="chat-shell__main">{children}</main>
      <EntryWarning onlyNlDe />
    </div>
  );
}
