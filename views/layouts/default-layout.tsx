// Default layout: top bar, banners, content, footer with disclaimer, site-entry warning.
import type { ReactNode } from 'react';
import { EntryWarning } from '../components/entry-warning.js';
import { Footer } from '../components/footer.js';
import { TopBar } from '../components/top-bar.js';

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <TopBar />
      <main id="main" className="main">{children}</main>
      <Footer />
      <EntryWarning />
    </>
  );
}
