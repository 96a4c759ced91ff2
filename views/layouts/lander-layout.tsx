// Lander layout: a minimal bar with the logo, the content, footer and disclaimer.
import type { ReactNode } from 'react';
import { Footer } from '../components/footer.js';
import { Logo } from '../components/logo.js';
import { usePage } from '../render-context.js';

export function LanderLayout({ children }: { children: ReactNode }) {
  const { site } = usePage();
  return (
    <>
      <header className="topbar topbar--minimal">
        <div className="topbar__inner container">
          <a className="topbar__logo" href="/" aria-label={site.name}>
            <Logo name={site.name} />
          </a>
        </div>
      </header>
      <main id="main" className="main main--lander">{children}</main>
      <Footer minimal />
    </>
  );
}
