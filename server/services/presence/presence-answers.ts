// What each profile of a page shows of its presence, decided once the page's one lookup of who is
// online has answered (PresenceService.answersFor).
import { awaySince, type FictionalPresence, type PresenceView } from '../../../types/presence.js';

/** The columns of a profile row that decide its presence (every card query selects them). */
export interface PresenceSubject {
  user_id: number | null;
  is_fictional: number | boolean;
  /** Only `active` and `disabled` (not yet confirmed) profiles show presence: `hidden` is invisible, deleted or taken down. */
  status: string;
  last_active_at: number;
}

const SHOWN_STATUSES = new Set(['active', 'disabled']);

/** Whether a profile of this status shows presence at all. */
export function showsPresence(status: string): boolean {
  return SHOWN_STATUSES.has(status);
}

export class PresenceAnswers {
  constructor(
    /** The real members among the page's who are online; undefined when that could not be known in time. */
    private readonly online: ReadonlySet<number> | undefined,
    private readonly fictional: FictionalPresence,
    private readonly now: number,
  ) {}

  /** Nothing is known (a page built without a lookup, such as a mail): every profile shows nothing. */
  static readonly NONE = new PresenceAnswers(undefined, 'none', 0);

  of(row: PresenceSubject): PresenceView | null {
    if (!showsPresence(row.status)) return null;
    if (row.is_fictional) {
      if (this.fictional === 'always_online') return { state: 'online' };
      return this.fictional === 'last_active' ? awaySince(Number(row.last_active_at), this.now) : null;
    }
    // Unknown (Redis slow or down): nothing, rather than "away" for someone who is online.
    if (!this.online) return null;
    // A profile without an account (demo data) is never online; its last activity still shows.
    return row.user_id !== null && this.online.has(Number(row.user_id)) ? { state: 'online' } : awaySince(Number(row.last_active_at), this.now);
  }
}
