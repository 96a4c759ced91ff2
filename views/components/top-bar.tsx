// The top bar of SPEC.md §2: logo, member navigation with badges, language and account menus.
import { usePage } from '../render-context.js';
import { LanguageMenu } from './language-menu.js';
import { Logo } from './logo.js';

export function TopBar() {
  const { t, user, site, csrfToken } = usePage();
  return (
    <header className="topbar">
      <div className="topbar__inner container">
        <a className="topbar__logo" href={user ? '/members' : '/'} aria-label={site.name}>
          <Logo name={site.name} />
        </a>
        {user && (
          <nav className="topbar__nav" aria-label={t('nav.main')}>
            <a href="/members">{t('nav.search')}</a>
            <a href="/chats">{t('nav.messages')}</a>
            <a href="/likes" className="badge-host">
              {t('nav.likes')}
              {user.num_new_likes > 0 && (
                <span className="badge" data-testid="likes-badge" aria-label={t('nav.newLikes', { n: user.num_new_likes })}>
                  {user.num_new_likes > 99 ? '99+' : user.num_new_likes}
                </span>
              )}
            </a>
            {user.paid_user ? (
              <a href="/credits" className={user.credits === 0 ? 'badge-host badge--danger' : user.credits <= 10 ? 'badge-host badge--warning' : 'badge-host'}>
                {t('nav.credits')} <span className="badge">{user.credits}</span>
              </a>
            ) : (
              <a href="/premium" className="topbar__premium">{t('nav.getPremium')}</a>
            )}
          </nav>
        )}
        <div className="topbar__actions">
          <LanguageMenu />
          {user ? (
            <details className="menu account-menu">
              <summary className="menu__button">{user.profile.name}</summary>
              <div className="menu__list">
                <a className="menu__item" href="/profile">{t('nav.myProfile')}</a>
                <a className="menu__item" href="/settings">{t('nav.settings')}</a>
                <form method="post" action="/logout">
                  <input type="hidden" name="_csrf" value={csrfToken} />
                  <button className="menu__item" type="submit">{t('nav.logout')}</button>
                </form>
              </div>
            </details>
          ) : (
            <>
              <a className="btn btn--light btn--sm" href="/login">{t('nav.login')}</a>
              <a className="btn btn--primary btn--sm" href="/signup">{t('nav.signup')}</a>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
