// The top bar of SPEC.md §2: logo, member navigation with badges, language and account menus.
// The member navigation (MemberNav, the live-badges island) is only on members' pages; on phones it
// is the tab bar at the bottom. A visitor's login and signup buttons shrink on phones: the login
// button shows its icon (the label stays for screen readers), signup a shorter translation.
import BackButton from '../../islands/back-button.island.js';
import { usePage } from '../render-context.js';
import { Island } from './island.js';
import { LanguageMenu } from './language-menu.js';
import { Logo } from './logo.js';
import { SkipLink } from './skip-link.js';
import { MemberNav } from './member-nav.js';

/** SPEC.md §2: the routes where the installed app shows a back button (the island decides if it shows). */
const BACK_BUTTON_ROUTES = new Set(['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod']);

function LoginIcon() {
  return (
    <svg className="topbar__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c.8-3.6 3.8-6 7.5-6s6.7 2.4 7.5 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function TopBar() {
  const { t, user, site, csrfToken, currentUrl, routeName } = usePage();
  return (
    <header className="topbar">
      <SkipLink />
      <div className="topbar__inner container">
        {BACK_BUTTON_ROUTES.has(routeName) && <Island name="back-button" component={BackButton} props={{}} />}
        <a className="topbar__logo" href={user ? '/members' : '/'} aria-label={site.name}>
          <Logo name={site.name} />
        </a>
        {user && <MemberNav current={currentUrl} />}
        <div className="topbar__actions">
          <LanguageMenu />
          {user ? (
            <details className="menu account-menu">
              <summary className="menu__button">
                {user.profile.main_image && <img className="account-menu__avatar" src={user.profile.main_image.match} alt="" width={28} height={28} />}
                <span className="account-menu__name">{user.profile.name}</span>
                <span className="sr-only">, {t('nav.accountMenu')}</span>
              </summary>
              <div className="menu__list">
                <a className="menu__item" href="/profile">{t('nav.myProfile')}</a>
                <a className="menu__item" href="/settings">{t('nav.settings')}</a>
                <a className="menu__item" href="/notifications">{t('pages:notifications.menu')}</a>
                <form method="post" action="/logout">
                  <input type="hidden" name="_csrf" value={csrfToken} />
                  <button className="menu__item" type="submit">{t('nav.logout')}</button>
                </form>
              </div>
            </details>
          ) : (
            <>
              <a className="btn btn--light btn--sm topbar__login" href="/login">
                <LoginIcon />
                <span className="topbar__login-label">{t('nav.login')}</span>
              </a>
              <a className="btn btn--primary btn--sm topbar__signup" href="/signup">
                <span className="topbar__long">{t('nav.signup')}</span>
                <span className="topbar__short">{t('nav.signupShort')}</span>
              </a>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
