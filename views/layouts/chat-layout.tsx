// Chat layout: the top bar (with the member tab bar on phones) above the chat pane; the entry
// warning only for NL and DE. On phones an open conversation takes the whole screen instead, with
// its own header (parts/chat.css hides the top bar then). The wrapper is not called `chat-shell`
// any more because the tab bar's styles hid the member navigation inside that class.
import type { ReactNode } from 'react';
import { EntryWarning } from '../components/entry-warning.js';
import { TopBar } from '../components/top-bar.js';

export function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <div className="chat-app">
      <TopBar />
      <main id="main" className="chat-app__main">{children}</main>
      <EntryWarning onlyNlDe />
    </div>
  );
}
