// Error layout: the top bar and the message; never the entry warning, never a stack trace.
import type { ReactNode } from 'react';
import { Footer } from '../components/footer.js';
import { TopBar } from '../components/top-bar.js';

export function ErrorLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <TopBar />
      <main id="main" className="main main--error">{children}</main>
      <Footer minimal />
    </>
  );
}
