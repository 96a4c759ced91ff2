// Who is online (issue 15): a member with a live event stream (GET /api/events) open in any app
// process. Event notifications skip such a member, who sees the message arrive anyway.
//
// With Redis, each member has a sorted set of the processes holding a stream of theirs, scored by
// when that claim runs out; the streams' heartbeat renews it, a process that dies stops renewing,
// and the key expires with its last claim. Without Redis there is one app process: its own
// listeners answer at once, and a small table answers command-line processes (an operator's reply).
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import type { Circuit } from '../../lib/circuit.js';
import { redisCircuit } from '../../lib/redis-circuit.js';
import * as repo from '../../repos/presence-repo.js';
import type { RedisClient } from '../../sessions.js';

/** Several heartbeats (the streams ping every 25 s): one late ping does not make a member "offline". */
export const PRESENCE_TTL_MS = 70_000;
export const PRESENCE_KEY_PREFIX = 'amora:presence:';

/** Live listeners of this process, by member (the event bus). */
export interface LocalListeners {
  listenerCount(userId?: number): number;
}

export class PresenceService {
  private readonly process = randomUUID();
  private readonly circuit: Circuit | undefined;

  constructor(
    private readonly deps: { db: Db; redis?: RedisClient; listeners: LocalListeners; logger: Logger; now?: () => number },
  ) {
    this.circuit = deps.redis ? redisCircuit(deps.redis) : undefined;
  }

  /** A stream of the member opened in this process. */
  opened(userId: number): Promise<void> {
    return this.renew([userId]);
  }

  /** A stream closed; the member stays online here while another of their streams is open. */
  async closed(userId: number): Promise<void> {
    if (this.deps.listeners.listenerCount(userId) > 0) return;
    await this.guard('presence not cleared', async () => {
      const redis = this.deps.redis;
      if (redis) await this.circuit!.run(() => redis.zRem(PRESENCE_KEY_PREFIX + userId, this.process));
      else await repo.markAbsent(this.deps.db, userId);
    });
  }

  /** The heartbeat: the members with a stream open here are still online. */
  renew(userIds: number[]): Promise<void> {
    if (userIds.length === 0) return Promise.resolve();
    const until = this.now() + PRESENCE_TTL_MS;
    return this.guard('presence not renewed', async () => {
      const redis = this.deps.redis;
      if (!redis) return repo.markPresent(this.deps.db, userIds, until);
      const batch = redis.multi();
      for (const userId of userIds) {
        batch.zAdd(PRESENCE_KEY_PREFIX + userId, { score: until, value: this.process });
        batch.pExpire(PRESENCE_KEY_PREFIX + userId, PRESENCE_TTL_MS);
      }
      await this.circuit!.run(() => batch.execAsPipeline());
    });
  }

  /**
   * Whether the member has a stream open in any process. When the answer cannot be had in time,
   * "offline": a notification too many is throttled anyway, one lost is not.
   */
  async isOnline(userId: number): Promise<boolean> {
    if (this.deps.listeners.listenerCount(userId) > 0) return true;
    try {
      const redis = this.deps.redis;
      if (!redis) return await repo.isPresent(this.deps.db, userId, this.now());
      return (await this.circuit!.run(() => redis.zCount(PRESENCE_KEY_PREFIX + userId, this.now(), '+inf'))) > 0;
    } catch (err) {
      this.deps.logger.warn({ err, userId }, 'presence unknown: taken as offline');
      return false;
    }
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Presence is a hint: a failure is logged, never thrown at the stream that reported it. */
  private async guard(message: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.deps.logger.warn({ err }, message);
    }
  }
}
