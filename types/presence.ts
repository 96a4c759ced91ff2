// Presence (issue 16): whether a member is online (a page of the site open and visible) or when
// they were last active, as cards, profiles and the chat header show it. Shared by the server's
// views and the islands, so both say it in the same words.

/**
 * What a profile shows of its presence: online now, or away since `minutes` ago (at least 1). A
 * profile that shows nothing (invisible, deleted, fictional per the site's setting, inactive for
 * longer than PRESENCE_SHOWN_MINUTES, or presence not known in time) has `null` instead.
 */
export type PresenceView = { state: 'online' } | { state: 'away'; minutes: number };

/** What fictional profiles show (the site setting `fictional_presence`). */
export const FICTIONAL_PRESENCE = ['none', 'last_active', 'always_online'] as const;
export type FictionalPresence = (typeof FICTIONAL_PRESENCE)[number];

/** Last activity older than a week is not shown: "active 23 days ago" helps nobody. */
export const PRESENCE_SHOWN_MINUTES = 7 * 24 * 60;

/** The stream's first event tells the page its stream id, which the page-hidden beacon names. */
export const STREAM_EVENT = 'stream';
export const PAGE_HIDDEN_PATH = '/api/page-hidden.php';
/** Stream ids are 16 random bytes in base64url. */
export const STREAM_ID = /^[A-Za-z0-9_-]{22}$/;

/** The away view of a last activity at `lastActiveAt` (ms), or null beyond the shown limit. */
export function awaySince(lastActiveAt: number, now: number): PresenceView | null {
  const minutes = Math.max(1, Math.floor((now - lastActiveAt) / 60_000));
  return minutes > PRESENCE_SHOWN_MINUTES ? null : { state: 'away', minutes };
}

/** The translation key (under `presence.`) and count of a presence: minutes below an hour, hours below a day, then days. */
export function presenceWording(view: PresenceView): { key: 'online' } | { key: 'activeMinutes' | 'activeHours' | 'activeDays'; count: number } {
  if (view.state === 'online') return { key: 'online' };
  const { minutes } = view;
  if (minutes < 60) return { key: 'activeMinutes', count: Math.max(1, minutes) };
  if (minutes < 24 * 60) return { key: 'activeHours', count: Math.floor(minutes / 60) };
  return { key: 'activeDays', count: Math.floor(minutes / (24 * 60)) };
}

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The words of a presence through a t() that has the `presence` strings (common, or an island's section). */
export function presenceText(t: Translate, view: PresenceView): string {
  const w = presenceWording(view);
  return w.key === 'online' ? t('presence.online') : t(`presence.${w.key}`, { count: w.count });
}
