// The member's conversations: partner photo, name, last message, time and unread badge, and a small
// menu per entry to report or block the partner (links: the complaint form with the profile
// chosen, the block confirmation). The left column on desktop; the whole screen of /chats on a phone.
// The server renders the newest page of it; the next ones load as the member scrolls to the end (a
// plain link to /chats?before= without JavaScript).
import { useEffect, useRef, type SyntheticEvent } from 'react';
import { chatsCursor, type ChatPartner, type ChatSummary } from '../../types/chat.js';
import { useIsland } from '../runtime.js';
import { listTime, type Clock } from './format.js';
import { blockHref, reportHref } from './safety-links.js';

/** The round photo; a green dot when the partner is online (the header says it in words, the list's item label too). */
export function Avatar({ partner, size = 48 }: { partner: Pick<ChatPartner, 'name' | 'photoUrl' | 'presence'>; size?: number }) {
  return (
    <span className="chat-avatar" style={{ width: size, height: size }}>
      {partner.photoUrl ? (
        <img src={partner.photoUrl} alt="" width={size} height={size} loading="lazy" decoding="async" />
      ) : (
        <span className="chat-avatar__initial" aria-hidden="true">{partner.name.slice(0, 1).toUpperCase()}</span>
      )}
      {partner.presence?.state === 'online' && <span className="chat-avatar__online" aria-hidden="true" />}
    </span>
  );
}

function Preview({ chat }: { chat: ChatSummary }) {
  const { t } = useIsland();
  const c = chat.conversation;
  if (!c.last_message_at) return <span className="chat-item__preview chat-item__preview--empty">{t('noMessages')}</span>;
  const text = c.last_message_kind === 'photo' ? t('photoPreview') : c.last_message_kind === 'deleted' ? t('messageDeleted') : (c.last_message ?? t('giftPreview'));
  return <span className="chat-item__preview">{c.last_message_mine ? t('youSaid', { text }) : text}</span>;
}

/** Drawn by the stylesheet (chat-menus.css): one per entry, twenty on a page, as inline SVG a fifteenth of it. */
function DotsIcon() {
  return <span className="chat-item__dots" aria-hidden="true" />;
}

/** Report and block for one entry: a <details> menu, so it opens without JavaScript too. */
function EntryMenu({ partner, onToggle }: { partner: Pick<ChatPartner, 'id' | 'name'>; onToggle: (e: SyntheticEvent<HTMLDetailsElement>) => void }) {
  const { t } = useIsland();
  const label = t('entryMenu', { name: partner.name });
  return (
    <details className="menu chat-item__menu" onToggle={onToggle} data-testid="chat-item-menu">
      <summary className="chat-item__menu-button" aria-label={label} title={label}>
        <DotsIcon />
      </summary>
      <div className="menu__list chat-item__menu-list">
        <a className="menu__item" href={reportHref(partner.id)} data-testid="chat-item-report">{t('report', { name: partner.name })}</a>
        <a className="menu__item chat-head__block" href={blockHref(partner.id, '/chats')} data-testid="chat-item-block">{t('blockMenu', { name: partner.name })}</a>
      </div>
    </details>
  );
}

/** One entry menu open at a time; a click elsewhere or Esc closes it. */
function useOneMenuOpen() {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const openMenus = () => [...(list.current?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? [])];
    const onPointer = (e: PointerEvent) => openMenus().forEach((d) => !d.contains(e.target as Node) && d.removeAttribute('open'));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const open = openMenus();
      open.forEach((d) => d.removeAttribute('open'));
      open[0]?.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    const opened = e.currentTarget;
    if (opened.open) list.current?.querySelectorAll('details[open]').forEach((d) => d !== opened && d.removeAttribute('open'));
  };
  return { list, onToggle };
}

/** Calls `onSight` whenever the element comes near the visible part of its scrolling list (and when it starts there). */
function useOnSight<T extends Element>(onSight: (() => void) | undefined, again: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !onSight || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && onSight(), { rootMargin: '300px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
    // `again`: observed anew after each page, so a link still in sight loads the next one.
  }, [onSight, again]);
  return ref;
}

export interface ChatListPaging {
  /** More conversations follow the last one shown. */
  hasMore: boolean;
  /** The list is a later page (/chats?before=, without JavaScript): a link leads back to the newest. */
  paged: boolean;
  /** Loads the next page in place; without it (no JavaScript yet) the link pages on. */
  onMore?: () => void;
}

export function ChatList({ chats, currentId, clock, fictionalLabel, paging }: { chats: ChatSummary[]; currentId: number | null; clock: Clock; fictionalLabel: string; paging: ChatListPaging }) {
  const { t, lng } = useIsland();
  const { list, onToggle } = useOneMenuOpen();
  const last = chats[chats.length - 1];
  const more = useOnSight<HTMLAnchorElement>(paging.hasMore ? paging.onMore : undefined, chats.length);
  return (
    <aside className="chat-list" aria-labelledby="chat-list-title">
      <header className="chat-list__head">
        <h1 id="chat-list-title" className="chat-list__title">{t('title')}</h1>
        {paging.paged && <a className="chat-list__newest" href="/chats">{t('newestChats')}</a>}
      </header>
      {chats.length === 0 && !paging.paged ? (
        <div className="chat-list__empty">
          <p>{t('empty')}</p>
          <a className="btn btn--primary btn--sm" href="/members">{t('findMembers')}</a>
        </div>
      ) : (
        <ul className="chat-list__items" data-testid="chat-list" ref={list}>
          {chats.map((chat) => {
            const current = chat.conversation.id === currentId;
            const partner = chat.profile.deleted ? { ...chat.profile, name: t('deletedMember') } : chat.profile;
            const unread = current ? 0 : chat.num_unread_messages;
            const classes = ['chat-item', current ? 'chat-item--current' : '', unread ? 'chat-item--unread' : ''].filter(Boolean).join(' ');
            return (
              <li key={chat.conversation.id} className="chat-list__entry">
                <a className={classes} href={`/chats/${chat.conversation.id}`} aria-current={current ? 'page' : undefined} data-conversation-id={chat.conversation.id}>
                  <Avatar partner={partner} />
                  <span className="chat-item__body">
                    <span className="chat-item__top">
                      <span className="chat-item__name">{partner.name}</span>
                      {chat.profile.isFictional && <span className="chat-tag">{fictionalLabel}</span>}
                      {chat.conversation.last_message_at && (
                        <time className="chat-item__time" dateTime={chat.conversation.last_message_at}>
                          {listTime(chat.conversation.last_message_at, lng, clock)}
                        </time>
                      )}
                    </span>
                    <span className="chat-item__bottom">
                      <Preview chat={chat} />
                      {unread > 0 && (
                        <span className="chat-item__badge" data-testid="chat-unread" aria-label={t('unread', { n: unread })}>
                          {unread > 99 ? '99+' : unread}
                        </span>
                      )}
                    </span>
                  </span>
                </a>
                {!chat.profile.deleted && <EntryMenu partner={chat.profile} onToggle={onToggle} />}
              </li>
            );
          })}
          {paging.hasMore && last && (
            <li className="chat-list__more">
              <a
                ref={more}
                className="btn btn--light btn--sm"
                href={`/chats?before=${chatsCursor(last)}`}
                data-testid="chat-list-more"
                onClick={(e) => {
                  if (!paging.onMore) return;
                  e.preventDefault();
                  paging.onMore();
                }}
              >
                {t('moreChats')}
              </a>
            </li>
          )}
        </ul>
      )}
    </aside>
  );
}
