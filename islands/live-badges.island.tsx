// The member navigation (SPEC.md §2) with its badges kept live: unread messages and new likes from
// `counts` events, the balance from `credits` events. The sum of the two counts prefixes the page
// title and is the installed app's badge. Below 992 px it is the tab bar at the bottom of the screen
// (icons with short labels), from 992 px it sits in the top bar; the current page's tab is marked.
import { useEffect, useState, type ReactNode } from 'react';
import { badgeText, creditsBadgeClass, navSection, titleWithCount, type LiveBadgesProps, type NavSection } from '../types/badges.js';
import { onLiveEvent } from './lib/live-events.js';
import { NavIcon, type NavIconName } from './lib/nav-icons.js';
import { useIsland } from './runtime.js';

function showTotal(total: number): void {
  document.title = titleWithCount(document.title, total);
  if (!('setAppBadge' in navigator)) return;
  const done = total > 0 ? navigator.setAppBadge(total) : navigator.clearAppBadge();
  done.catch(() => undefined);
}

interface TabProps {
  href: string;
  section: NavSection;
  current: NavSection | null;
  icon: NavIconName;
  label: string;
  className?: string;
  badge?: ReactNode;
}

function Tab({ href, section, current, icon, label, className, badge }: TabProps) {
  const here = section === current;
  return (
    <a href={href} className={`member-nav__tab${here ? ' member-nav__tab--current' : ''}${className ? ` ${className}` : ''}`} aria-current={here ? 'page' : undefined}>
      <span className="member-nav__icon">
        <NavIcon name={icon} />
        {badge}
      </span>
      <span className="member-nav__label">{label}</span>
    </a>
  );
}

export default function LiveBadges(props: LiveBadgesProps) {
  const { t } = useIsland();
  const [unread, setUnread] = useState(props.numUnreadMessages);
  const [likes, setLikes] = useState(props.numNewLikes);
  const [credits, setCredits] = useState(props.credits);
  const current = navSection(props.current);

  useEffect(
    () =>
      onLiveEvent((event) => {
        if (event.type === 'counts') {
          setUnread(event.num_unread_messages);
          setLikes(event.num_new_likes);
        } else if (event.type === 'credits') {
          setCredits(event.credits);
        }
      }),
    [],
  );

  useEffect(() => showTotal(unread + likes), [unread, likes]);

  return (
    <nav className="topbar__nav member-nav" aria-label={t('main')}>
      <Tab href="/members" section="search" current={current} icon="search" label={t('tabSearch')} />
      <Tab
        href="/chats"
        section="messages"
        current={current}
        icon="messages"
        label={t('messages')}
        className="badge-host"
        badge={unread > 0 && (
          <span className="badge" data-testid="messages-badge" aria-label={t('unreadMessages', { n: unread })}>
            {badgeText(unread)}
          </span>
        )}
      />
      <Tab
        href="/likes"
        section="likes"
        current={current}
        icon="likes"
        label={t('likes')}
        className="badge-host"
        badge={likes > 0 && (
          <span className="badge" data-testid="likes-badge" aria-label={t('newLikes', { n: likes })}>
            {badgeText(likes)}
          </span>
        )}
      />
      {props.paidUser ? (
        <Tab href="/credits" section="credits" current={current} icon="credits" label={t('credits')} className={creditsBadgeClass(credits)} badge={<span className="badge" data-testid="credits-badge">{credits}</span>} />
      ) : (
        <Tab href="/premium" section="credits" current={current} icon="premium" label={t('tabPremium')} className="topbar__premium" />
      )}
    </nav>
  );
}
