// The top bar of SPEC.md §2: logo, member navigation with badges, language and account menus.
// The member navigation is the live-badges island (only members' pages get it): the server renders
// the current counts, and the island keeps them live.
import LiveBadges from '../../islands/live-badges.island.js';
import { usePage } from '../render-context.js';
import { Island } from './island.js';
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
          <Island
            name="live-badges"
            component={LiveBadges}
            hydrate="idle"
            props={{ numUnreadMessages: user.num_unread_messages, numNewLikes: user.num_new_likes, paidUser: user.paid_user, credits: user.credits }}
          />
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
