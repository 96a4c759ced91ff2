// The member navigation of the top bar (SPEC.md §2) with its badges kept live: unread messages
// and new likes from `counts` events, the balance from `credits` events. The sum of the two counts
// prefixes the page title and is the installed app's badge.
import { useEffect, useState } from 'react';
import { badgeText, creditsBadgeClass, titleWithCount, type LiveBadgesProps } from '../types/badges.js';
import { onLiveEvent } from './lib/live-events.js';
import { useIsland } from './runtime.js';

function showTotal(total: number): void {
  document.title = titleWithCount(document.title, total);
  if (!('setAppBadge' in navigator)) return;
  const done = total > 0 ? navigator.setAppBadge(total) : navigator.clearAppBadge();
  done.catch(() => undefined);
}

export default function LiveBadges(props: LiveBadgesProps) {
  const { t } = useIsland();
  const [unread, setUnread] = useState(props.numUnreadMessages);
  const [likes, setLikes] = useState(props.numNewLikes);
  const [credits, setCredits] = useState(props.credits);

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
    <nav className="topbar__nav" aria-label={t('main')}>
      <a href="/members">{t('search')}</a>
      <a href="/chats" className="badge-host">
        {t('messages')}
        {unread > 0 && (
          <span className="badge" data-testid="messages-badge" aria-label={t('unreadMessages', { n: unread })}>
            {badgeText(unread)}
          </span>
        )}
      </a>
      <a href="/likes" className="badge-host">
        {t('likes')}
        {likes > 0 && (
          <span className="badge" data-testid="likes-badge" aria-label={t('newLikes', { n: likes })}>
            {badgeText(likes)}
          </span>
        )}
      </a>
      {props.paidUser ? (
        <a href="/credits" className={creditsBadgeClass(credits)}>
          {t('credits')} <span className="badge" data-testid="credits-badge">{credits}</span>
        </a>
      ) : (
        <a href="/premium" className="topbar__premium">{t('getPremium')}</a>
      )}
    </nav>
  );
}
