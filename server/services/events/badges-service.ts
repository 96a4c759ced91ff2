// The numbers behind the top bar's badges, the title prefix and the app badge (SPEC.md §2), and
// publishing them live. The event stream, the member pages and the chat share these.
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import { countUnreadMessages, memberBadgeRow } from '../../repos/badges-repo.js';
import { countNewLikes } from '../../repos/likes-repo.js';
import type { LiveEvent } from '../../../types/events.js';
import type { EventBus } from './event-bus.js';

export type CountsEvent = Extract<LiveEvent, { type: 'counts' }>;
export type CreditsEvent = Extract<LiveEvent, { type: 'credits' }>;

export class BadgesService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly logger: Logger,
  ) {}

  /** The member's `counts` event: unread messages and new likes; zeros when the account is gone. */
  async countsFor(userId: number): Promise<CountsEvent> {
    const member = await memberBadgeRow(this.db, userId);
    if (!member) return { type: 'counts', num_unread_messages: 0, num_new_likes: 0 };
    const [unread, likes] = await Promise.all([countUnreadMessages(this.db, member.profile_id), countNewLikes(this.db, member.profile_id)]);
    return { type: 'counts', num_unread_messages: unread, num_new_likes: likes };
  }

  /** The member's `credits` event: the current balance. */
  async creditsFor(userId: number): Promise<CreditsEvent> {
    const member = await memberBadgeRow(this.db, userId);
    return { type: 'credits', credits: member?.credits ?? 0 };
  }

  /**
   * Reads the member's counts and publishes them (call after the commit that changed them).
   * Never throws: the badges catch up on the next page load.
   */
  async publishCounts(userId: number): Promise<void> {
    const counts = await this.countsFor(userId).catch((err: unknown) => void this.logger.warn({ err, userId }, 'live counts not published'));
    if (counts) await this.events.publish(userId, counts);
  }

  /** Publishes a balance the caller already knows (the debit's result), or reads it first. */
  async publishCredits(userId: number, credits?: number): Promise<void> {
    const event =
      credits === undefined
        ? await this.creditsFor(userId).catch((err: unknown) => void this.logger.warn({ err, userId }, 'live credits not published'))
        : ({ type: 'credits', credits } as const);
    if (event) await this.events.publish(userId, event);
  }
}
