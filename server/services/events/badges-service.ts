// The numbers behind the top bar's badges, the title prefix and the app badge (SPEC.md §2), and
// publishing them live. The event stream, the member pages and the chat share these.
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import { memberBadgeCounts, memberBadgeRow } from '../../repos/badges-repo.js';
import type { LiveEvent } from '../../../types/events.js';
import type { EventBus } from './event-bus.js';

export type CountsEvent = Extract<LiveEvent, { type: 'counts' }>;

/**
 * How often, at most, a member's totals are re-read for messages arriving in a burst: the first
 * goes out at once, the rest are folded into one read at the end of the window.
 */
const COUNTS_WINDOW_MS = 250;
export type CreditsEvent = Extract<LiveEvent, { type: 'credits' }>;

export class BadgesService {
  /** Members whose totals went out less than COUNTS_WINDOW_MS ago; `again`: changed since. */
  private readonly recent = new Map<number, { again: boolean }>();

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly logger: Logger,
  ) {}

  /** The member's `counts` event: unread messages and new likes; zeros when the account is gone. */
  async countsFor(userId: number): Promise<CountsEvent> {
    const counts = await memberBadgeCounts(this.db, userId);
    return { type: 'counts', num_unread_messages: counts?.unread ?? 0, num_new_likes: counts?.likes ?? 0 };
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

  /**
   * publishCounts() for changes that can come in bursts (each message a member receives): one
   * change goes out at once; more within COUNTS_WINDOW_MS go out together at its end, read then,
   * so the last totals a page gets are never older than the last change. `known`: the totals as
   * the change's own transaction read them after its commit (the chat send), so none is read here.
   */
  /** Whether publishCountsSoon() would publish the member's totals at once (no window open): worth reading them with the change. */
  countsDueNow(userId: number): boolean {
    return !this.recent.has(userId);
  }

  async publishCountsSoon(userId: number, known?: CountsEvent): Promise<void> {
    const recent = this.recent.get(userId);
    if (recent) {
      recent.again = true;
      return;
    }
    const window = { again: false };
    this.recent.set(userId, window);
    setTimeout(() => {
      this.recent.delete(userId);
      if (window.again) void this.publishCountsSoon(userId);
    }, COUNTS_WINDOW_MS).unref();
    // Totals the caller read after its commit are as fresh as a read here would be.
    if (known) await this.events.publish(userId, known);
    else await this.publishCounts(userId);
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
