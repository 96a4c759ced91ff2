// Lander layout (SPEC.md §2): a minimal bar with the logo (and a way in for members), the content,
// a footer with the legal links a campaign page must offer, and the fictional-profile disclaimer.
import type { ReactNode } from 'react';
import { Footer } from '../components/footer.js';
import { Logo } from '../components/logo.js';
import { SkipLink } from '../components/skip-link.js';
import { usePage } from '../render-context.js';

export function LanderLayout({ children }: { children: ReactNode }) {
  const { site, t, user } = usePage();
  return (
    <>
      <header className="topbar topbar--minimal">
        <SkipLink />
        <div className="topbar__inner container">
          <a className="topbar__logo" href="/" aria-label={site.name}>
            <Logo name={site.name} />
          </a>
          {!user && (
            <a className="topbar__member-login" href="/login">{t('nav.login')}</a>
          )}
        </div>
      </header>
      <main id="main" className="main main--lander">{children}</main>
      <Footer minimal legalLinks />
    </>
  );
}
