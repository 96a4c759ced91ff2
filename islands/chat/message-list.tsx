// The conversation's history as bubbles (own right, partner left) with day separators, times and
// read ticks. The scroller is a reversed flex column: it opens at the newest message even without
// JavaScript, and older pages added on top do not move what the member is reading.
import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import type { ChatMessage, ChatPhoto } from '../../types/chat.js';
import { useIsland } from '../runtime.js';
import { dayKey, dayLabel, timeOf, type Clock } from './format.js';
import type { Entry } from './messages.js';

/** Pixels from the top at which the next older page is fetched. */
const LOAD_OLDER_AT = 120;

export function giftName(t: (k: string, v?: Record<string, string | number>) => string, slug: string): string {
  return t(`gifts.${slug}`, { defaultValue: slug.replace(/-/g, ' ') });
}

function Ticks({ entry }: { entry: Entry }) {
  const { t } = useIsland();
  if (entry.state === 'sending') {
    return (
      <svg className="chat-msg__tick chat-msg__tick--sending" viewBox="0 0 16 16" width="14" height="14" role="img" aria-label={t('sending')}>
        <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    );
  }
  const read = entry.message.read;
  // Drawn by the stylesheet (chat.css): a page holds up to thirty, which as inline SVG were a tenth
  // of the conversation page's HTML.
  return <span className={`chat-msg__tick chat-msg__tick--drawn${read ? ' chat-msg__tick--read' : ''}`} role="img" aria-label={read ? t('read') : t('delivered')} data-read={read ? 'true' : 'false'} />;
}

/** The bubble's size for a photo: its own shape, at most 240 × 320 px. */
function bubbleSize(photo: ChatPhoto): { width: number; height: number } | undefined {
  if (!photo.width || !photo.height) return undefined;
  const scale = Math.min(1, 240 / photo.width, 320 / photo.height);
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

function Content({ message, alt, onOpenPhoto }: { message: ChatMessage; alt: string; onOpenPhoto: (photo: ChatPhoto, alt: string) => void }) {
  const { t } = useIsland();
  if (message.kind === 'gift' && message.gift) {
    const name = giftName(t, message.gift.slug);
    return (
      <span className="chat-msg__gift">
        <img src={message.gift.image} alt="" width={96} height={96} />
        <span>{t('giftLabel', { gift: name })}</span>
      </span>
    );
  }
  if (message.kind === 'photo' && message.photo) {
    const photo = message.photo;
    const open = (e: MouseEvent) => {
      e.preventDefault();
      onOpenPhoto(photo, alt);
    };
    return (
      <span className="chat-msg__photo-body">
        <a className="chat-msg__photo" href={photo.full} target="_blank" rel="noopener" onClick={open} title={t('openPhoto')} data-testid="chat-photo">
          <img src={photo.thumb} alt={alt} {...bubbleSize(photo)} loading="lazy" decoding="async" />
        </a>
        {message.body && <span className="chat-msg__text chat-msg__caption">{message.body}</span>}
      </span>
    );
  }
  if (message.kind === 'photo') return <span className="chat-msg__text">{t('photo')}</span>;
  if (message.kind === 'deleted') return <span className="chat-msg__text chat-msg__deleted" data-testid="chat-msg-deleted">{t('messageDeleted')}</span>;
  return <span className="chat-msg__text">{message.body}</span>;
}

interface Props {
  entries: Entry[];
  partnerName: string;
  clock: Clock;
  hasMore: boolean;
  loadingOlder: boolean;
  olderHref: string | null;
  onLoadOlder: () => void;
  newestHref: string | null;
  onRetry: (clientId: string) => void;
  onOpenPhoto: (photo: ChatPhoto, alt: string) => void;
  empty: ReactNode;
}

export function MessageList({ entries, partnerName, clock, hasMore, loadingOlder, olderHref, onLoadOlder, newestHref, onRetry, onOpenPhoto, empty }: Props) {
  const { t, lng } = useIsland();
  const scroller = useRef<HTMLDivElement>(null);
  const seen = useRef({ lastKey: entries.at(-1)?.key ?? '', height: 0, top: 0 });

  // New messages at the bottom: stay at the bottom, or keep a member who scrolled up where they were.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const last = entries.at(-1);
    const prev = seen.current;
    if (last && last.key !== prev.lastKey) {
      if (last.message.mine || prev.top > -40) el.scrollTop = 0;
      else el.scrollTop = prev.top - (el.scrollHeight - prev.height);
    }
    seen.current = { lastKey: last?.key ?? '', height: el.scrollHeight, top: el.scrollTop };
  }, [entries]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    seen.current = { ...seen.current, height: el.scrollHeight, top: el.scrollTop };
    // Reversed column: scrollTop is 0 at the bottom and negative above it.
    const fromTop = el.scrollHeight - el.clientHeight - Math.abs(el.scrollTop);
    if (fromTop < LOAD_OLDER_AT && hasMore && !loadingOlder) onLoadOlder();
  };

  const older = (e: MouseEvent) => {
    e.preventDefault();
    onLoadOlder();
  };

  // Translated once for the whole history, not once per message.
  const words = { today: t('today'), yesterday: t('yesterday') };
  const you = t('you');
  const altMine = t('photoAltMine');
  const altTheirs = t('photoAlt', { name: partnerName });
  const items: ReactNode[] = [];
  let prevDay = '';
  let prevMine: boolean | null = null;
  for (const entry of entries) {
    const m = entry.message;
    const day = dayKey(Date.parse(m.created_at), clock);
    if (day !== prevDay) {
      items.push(
        <li key={`d${day}`} className="chat-day">
          <span>{dayLabel(m.created_at, lng, clock, words)}</span>
        </li>,
      );
      prevMine = null;
    }
    const classes = [
      'chat-msg', m.mine ? 'chat-msg--mine' : 'chat-msg--theirs', prevMine === m.mine ? 'chat-msg--cont' : '', m.kind === 'gift' ? 'chat-msg--gift' : '',
      m.kind === 'photo' && m.photo ? 'chat-msg--photo' : '', entry.state === 'failed' ? 'chat-msg--failed' : '',
    ];
    items.push(
      <li key={entry.key} className={classes.filter(Boolean).join(' ')} data-testid="chat-message" data-mine={m.mine ? 'true' : 'false'} data-state={entry.state}>
        <span className="sr-only">{m.mine ? you : partnerName}: </span>
        <div className="chat-msg__bubble">
          <Content message={m} alt={m.mine ? altMine : altTheirs} onOpenPhoto={onOpenPhoto} />
          <span className="chat-msg__meta">
            <time dateTime={m.created_at}>{timeOf(m.created_at, lng, clock)}</time>
            {m.mine && entry.state !== 'failed' && <Ticks entry={entry} />}
          </span>
        </div>
        {entry.state === 'failed' && (
          <div className="chat-msg__failed" role="alert">
            {t('notSent')}{' '}
            <button type="button" className="chat-link-button" onClick={() => onRetry(entry.key)}>{t('retry')}</button>
          </div>
        )}
      </li>,
    );
    prevDay = day;
    prevMine = m.mine;
  }

  return (
    // A Tab stop, so the history scrolls by keyboard too (WCAG 2.1.1) even when it holds no link.
    <div className="chat-thread" ref={scroller} onScroll={onScroll} tabIndex={0} role="region" aria-label={t('title')} data-testid="chat-thread">
      <div className="chat-thread__inner">
        {hasMore && olderHref && (
          <div className="chat-thread__older">
            <a className="chat-pill" href={olderHref} onClick={older} aria-busy={loadingOlder || undefined}>
              {loadingOlder ? t('loading') : t('older')}
            </a>
          </div>
        )}
        {entries.length === 0 && empty}
        <ol className="chat-messages" aria-label={t('conversationWith', { name: partnerName })} data-testid="chat-messages">
          {items}
        </ol>
        {newestHref && (
          <div className="chat-thread__older">
            <a className="chat-pill" href={newestHref}>{t('newer')}</a>
          </div>
        )}
      </div>
    </div>
  );
}
