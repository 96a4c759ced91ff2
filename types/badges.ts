// The top bar's live badges (SPEC.md §2) as the live-badges island gets them.

export interface LiveBadgesProps {
  /** Unread messages: the Messages badge, capped at '99+'. */
  numUnreadMessages: number;
  /** New received likes: the Likes badge. */
  numNewLikes: number;
  /** Paid users see Credits with their balance; others see Get Premium. */
  paidUser: boolean;
  credits: number;
  /** Path of the page shown, so its tab is marked as the current page. */
  current: string;
}

export type NavSection = 'search' | 'messages' | 'likes' | 'credits';

/**
 * Which tab of the member navigation a path belongs to: none for pages outside the tabs (settings,
 * the own profile, the complaint form, a block's confirmation, which the chat leads to).
 */
export function navSection(path: string): NavSection | null {
  const p = path.split(/[?#]/)[0] ?? path;
  if (/^\/members\/\d+\/block\/?$/.test(p)) return null;
  if (/^\/chats?(\/|$)/.test(p) || /^\/members\/\d+\/chat/.test(p)) return 'messages';
  if (/^\/(members|swipe-game|match-finder)(\/|$)/.test(p)) return 'search';
  if (/^\/likes(\/|$)/.test(p)) return 'likes';
  if (/^\/(credits|premium|pricing)(\/|$)/.test(p)) return 'credits';
  return null;
}

/** A badge's text: counts above 99 show as '99+'. */
export function badgeText(n: number): string {
  return n > 99 ? '99+' : String(n);
}

/** The credits link's badge colour: a warning at 10 or fewer, danger at 0. */
export function creditsBadgeClass(credits: number): string {
  return credits <= 0 ? 'badge-host badge--danger' : credits <= 10 ? 'badge-host badge--warning' : 'badge-host';
}

/** The page title with the "(N) " prefix of unread messages plus new likes; none at 0. */
export function titleWithCount(title: string, total: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return total > 0 ? `(${total}) ${bare}` : bare;
}
