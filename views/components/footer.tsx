// Footer (SPEC.md §2): legal links for visitors, the fictional-profile disclaimer, the US notice in
// English only, the company line. The lander and error layouts use it without the links (minimal).
import { usePage } from '../render-context.js';

const LINKS = [
  ['terms', '/pages/terms'],
  ['privacy', '/pages/privacy'],
  ['cookies', '/pages/cookies'],
  ['ban', '/pages/ban'],
  ['pricing', '/pricing'],
  ['complaints', '/complaints'],
  ['returnPolicy', '/pages/return-policy'],
  ['faq', '/pages/faq'],
] as const;

/** The links a page without the full footer still owes its visitors (landers, member signup). */
const LEGAL_LINKS = LINKS.filter(([key]) => key === 'terms' || key === 'privacy' || key === 'cookies');

export function Footer({ minimal = false, legalLinks = false }: { minimal?: boolean; legalLinks?: boolean }) {
  const { t, user, settings, company, lng, site } = usePage();
  const year = new Date().getUTCFullYear();
  return (
    <footer className="footer">
      <div className="container">
        {!user && !minimal && (
          <nav className="footer__links" aria-label={t('footer.label')}>
            {LINKS.map(([key, href]) => (
              <a key={key} href={href}>{t(`footer.${key}`)}</a>
            ))}
            <a href={`mailto:${settings.support_email}`}>{t('footer.support')}</a>
          </nav>
        )}
        {minimal && legalLinks && (
          <nav className="footer__links" aria-label={t('footer.label')} data-testid="legal-links">
            {LEGAL_LINKS.map(([key, href]) => (
              <a key={key} href={href}>{t(`footer.${key}`)}</a>
            ))}
          </nav>
        )}
        <p className="footer__disclaimer" data-testid="footer-disclaimer">{settings.fictional_warning}</p>
        {/* SPEC.md §2: the US notice (operator and 18+ statement) is for the English site only. */}
        {lng === 'en' && company.name && (
          <p className="footer__us" data-testid="footer-us">{t('footer.usNotice', { companyName: company.name, address: `${company.address}, ${company.city}, ${company.country}` })}</p>
        )}
        <p className="footer__company">
          © {year} {company.name || site.name}
          {company.kvk && ` · ${t('footer.kvk', { kvk: company.kvk })}`}
          {' · '}
          {t('footer.adultsOnly')}
        </p>
      </div>
    </footer>
  );
}
