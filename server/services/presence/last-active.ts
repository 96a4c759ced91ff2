// A member's last activity (profiles.last_active_at: "active 5 minutes ago", and the search feed's
// order), kept from what the site sees anyway: a login, a stream opening or closing, the
// page-hidden beacon, and the streams' heartbeat. None of these may cost a write each: 10,000 open
// streams beat every 25 s. So a member's row is written at most once a minute: this process
// remembers whom it wrote lately, and with Redis a key per member (SET NX with a one-minute
// expiry) lets only the first of all processes write. What is left is written in one statement
// per 500 members. Last activity is thus exact to about a minute, which is how it is shown.
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import type { Circuit } from '../../lib/circuit.js';
import { touchLastActive } from '../../repos/presence-repo.js';
import type { RedisClient } from '../../sessions.js';

export const LAST_ACTIVE_EVERY_MS = 60_000;
export const LAST_ACTIVE_KEY_PREFIX = 'amora:presence:active:';

export class LastActiveRecorder {
  /** When this process last wrote each member's activity (entries older than a minute are dropped). */
  private readonly written = new Map<number, number>();

  constructor(
    private readonly deps: { db: Db; redis?: RedisClient; circuit?: Circuit; logger: Logger },
  ) {}

  /** The members were active at `now`; writes those not written in the last minute. Never throws. */
  async touch(userIds: Iterable<number>, now: number): Promise<void> {
    const due: number[] = [];
    for (const userId of userIds) {
      const last = this.written.get(userId);
      if (last !== undefined && now - last < LAST_ACTIVE_EVERY_MS) continue;
      this.written.set(userId, now);
      due.push(userId);
    }
    if (due.length === 0) return;
    try {
      const mine = await this.claimed(due);
      if (mine.length) await touchLastActive(this.deps.db, mine, now);
    } catch (err) {
      this.deps.logger.warn({ err, members: due.length }, 'last activity not recorded');
    }
  }

  /** Forgets writes older than a minute, so the map holds only the recently active (the heartbeat calls it). */
  prune(now: number): void {
    for (const [userId, at] of this.written) if (now - at >= LAST_ACTIVE_EVERY_MS) this.written.delete(userId);
  }

  /** The members no other process wrote in the last minute; all of them when Redis cannot say. */
  private async claimed(userIds: number[]): Promise<number[]> {
    const { redis, circuit } = this.deps;
    if (!redis || !circuit) return userIds;
    try {
      const batch = redis.multi();
      for (const userId of userIds) batch.set(LAST_ACTIVE_KEY_PREFIX + userId, '1', { condition: 'NX', expiration: { type: 'PX', value: LAST_ACTIVE_EVERY_MS } });
      const replies = (await circuit.run(() => batch.execAsPipeline())) as unknown[];
      return userIds.filter((_, i) => replies[i] === 'OK');
    } catch (err) {
      // A write too many is harmless; last activity that stops while Redis is away is not.
      this.deps.logger.warn({ err }, 'last-activity throttle unavailable: writing anyway');
      return userIds;
    }
  }
}
