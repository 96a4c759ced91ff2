// Who is online (issues 15 and 16): a member with a page of the site open and visible, i.e. a live
// event stream (GET /api/events) open in any app process that its page has not reported hidden.
// Pages close their stream when they are hidden and open a new one when they are shown again; the
// page-hidden beacon (POST /api/page-hidden.php, SPEC.md §7) says so at once, also for a stream
// whose connection lingers (a phone that froze the page, a proxy that holds the socket).
// Event notifications skip an online member, who sees the event arrive anyway; cards, profiles
// and the chat header show "online" or when the member was last active (LastActiveRecorder).
//
// Each visible stream is a claim named by its stream id. With Redis, each member has a sorted set
// of their claims, scored by when the claim runs out; the streams' heartbeat renews them, a
// process that dies stops renewing, and the key expires with its last claim. Without Redis there
// is one app process: its own registry answers, and the `presence` table (member, until) tells
// command-line processes (an operator's reply) and any other reader.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import type { Circuit } from '../../lib/circuit.js';
import { redisCircuit } from '../../lib/redis-circuit.js';
import * as repo from '../../repos/presence-repo.js';
import type { RedisClient } from '../../sessions.js';
import type { LiveEvent } from '../../../types/events.js';
import type { FictionalPresence, PresenceView } from '../../../types/presence.js';
import { LastActiveRecorder } from './last-active.js';
import { PresenceAnswers, showsPresence, type PresenceSubject } from './presence-answers.js';

/** Several heartbeats (the streams ping every 25 s): one late ping does not make a member "offline". */
export const PRESENCE_TTL_MS = 70_000;
export const PRESENCE_KEY_PREFIX = 'amora:presence:';
/**
 * How long a page waits for the answer of who is online before it shows no presence: far below
 * Redis's own deadline, since a card without "online" is better than a slow page.
 */
export const PRESENCE_READ_DEADLINE_MS = 150;

export interface PresenceDeps {
  db: Db;
  redis?: RedisClient;
  /** Tells the processes that hold a hidden page's stream to end it (the event bus). */
  events: { publish(userId: number, event: LiveEvent): Promise<void> };
  logger: Logger;
  now?: () => number;
}

export class PresenceService {
  /** This process's visible streams, by member. */
  private readonly local = new Map<number, Set<string>>();
  private readonly circuit: Circuit | undefined;
  readonly lastActive: LastActiveRecorder;

  constructor(private readonly deps: PresenceDeps) {
    this.circuit = deps.redis ? redisCircuit(deps.redis) : undefined;
    this.lastActive = new LastActiveRecorder({ db: deps.db, redis: deps.redis, circuit: this.circuit, logger: deps.logger });
  }

  /** A new stream's id: the page names it in its beacon. */
  static newStreamId(): string {
    return randomBytes(16).toString('base64url');
  }

  /** A stream of the member opened in this process: online, and active now. */
  async opened(userId: number, streamId: string): Promise<void> {
    let ids = this.local.get(userId);
    if (!ids) this.local.set(userId, (ids = new Set()));
    ids.add(streamId);
    const until = this.now() + PRESENCE_TTL_MS;
    await Promise.all([
      this.guard('presence not recorded', async () => {
        const redis = this.deps.redis;
        if (!redis) return repo.markPresent(this.deps.db, [userId], until);
        const batch = redis.multi().zAdd(this.key(userId), { score: until, value: streamId }).pExpire(this.key(userId), PRESENCE_TTL_MS);
        await this.circuit!.run(() => batch.execAsPipeline());
      }),
      this.lastActive.touch([userId], this.now()),
    ]);
  }

  /** A stream closed; the member stays online while another visible stream of theirs is open. */
  async closed(userId: number, streamId: string): Promise<void> {
    const left = this.forget(userId, streamId);
    await Promise.all([this.withdraw(userId, streamId, left), this.lastActive.touch([userId], this.now())]);
  }

  /**
   * The page-hidden beacon (from any process): the member's page with that stream is hidden, or
   * (no stream named) all their pages are. The claim goes at once, everywhere; the process that
   * holds the stream ends it, so no heartbeat renews it (a page shown again opens a new one).
   */
  async hidden(userId: number, streamId: string | undefined): Promise<void> {
    const left = streamId === undefined ? this.forgetAll(userId) : this.forget(userId, streamId);
    await Promise.all([
      this.withdraw(userId, streamId, left),
      this.deps.events.publish(userId, { type: 'page_hidden', stream: streamId ?? null }),
      this.lastActive.touch([userId], this.now()),
    ]);
  }

  /** The heartbeat of this process's streams (every 25 s): their members are still online, and active. */
  async heartbeat(): Promise<void> {
    const now = this.now();
    this.lastActive.prune(now);
    if (this.local.size === 0) return;
    const until = now + PRESENCE_TTL_MS;
    await Promise.all([
      this.guard('presence not renewed', async () => {
        const redis = this.deps.redis;
        if (!redis) return repo.markPresent(this.deps.db, [...this.local.keys()], until);
        const batch = redis.multi();
        for (const [userId, ids] of this.local) {
          batch.zAdd(this.key(userId), [...ids].map((value) => ({ score: until, value })));
          batch.pExpire(this.key(userId), PRESENCE_TTL_MS);
        }
        await this.circuit!.run(() => batch.execAsPipeline());
      }),
      this.lastActive.touch(this.local.keys(), now),
    ]);
  }

  /**
   * Whether the member has a visible page open in any process. When the answer cannot be had in
   * time, "offline": a notification too many is throttled anyway, one lost is not.
   */
  async isOnline(userId: number): Promise<boolean> {
    if (this.local.has(userId)) return true;
    try {
      const redis = this.deps.redis;
      if (!redis) return await repo.isPresent(this.deps.db, userId, this.now());
      return (await this.circuit!.run(() => redis.zCount(this.key(userId), this.now(), '+inf'))) > 0;
    } catch (err) {
      this.deps.logger.warn({ err, userId }, 'presence unknown: taken as offline');
      return false;
    }
  }

  /**
   * Which of the members are online, in one round trip (a Redis pipeline, or one SQL statement)
   * within PRESENCE_READ_DEADLINE_MS; undefined when that could not be known in time.
   */
  async onlineAmong(userIds: number[]): Promise<Set<number> | undefined> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Set();
    const now = this.now();
    const lookup = async (): Promise<Set<number>> => {
      const redis = this.deps.redis;
      if (!redis) return new Set(await repo.presentAmong(this.deps.db, ids, now));
      const batch = redis.multi();
      for (const userId of ids) batch.zCount(this.key(userId), now, '+inf');
      const counts = (await this.circuit!.run(() => batch.execAsPipeline())) as unknown[];
      return new Set(ids.filter((_, i) => Number(counts[i]) > 0));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), PRESENCE_READ_DEADLINE_MS);
    });
    try {
      const answer = await Promise.race([lookup(), late]);
      if (!answer) this.deps.logger.warn({ members: ids.length }, 'presence not known in time: shown as nothing');
      return answer;
    } catch (err) {
      this.deps.logger.warn({ err }, 'presence unknown: shown as nothing');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** What each of a page's profiles shows: one lookup for the real members among them. */
  async answersFor(rows: readonly PresenceSubject[], fictional: FictionalPresence): Promise<PresenceAnswers> {
    const members = rows.filter((r) => !r.is_fictional && r.user_id !== null && showsPresence(r.status)).map((r) => Number(r.user_id));
    const online = members.length ? await this.onlineAmong(members) : new Set<number>();
    return new PresenceAnswers(online, fictional, this.now());
  }

  /** GET /api/presence.php: the presence of profiles the viewer may see, by profile id (others are left out). */
  async ofProfiles(viewerProfileId: number, profileIds: number[], fictional: FictionalPresence): Promise<Record<string, PresenceView | null>> {
    const rows = await repo.presenceSubjects(this.deps.db, viewerProfileId, profileIds.filter((id) => id !== viewerProfileId));
    const answers = await this.answersFor(rows, fictional);
    return Object.fromEntries(rows.map((r) => [String(r.id), answers.of(r)]));
  }

  private key(userId: number): string {
    return PRESENCE_KEY_PREFIX + userId;
  }

  /** Drops a stream from this process's registry; returns how many visible streams of the member are left here. */
  private forget(userId: number, streamId: string): number {
    const ids = this.local.get(userId);
    if (!ids) return 0;
    ids.delete(streamId);
    if (ids.size === 0) this.local.delete(userId);
    return ids.size;
  }

  private forgetAll(userId: number): number {
    this.local.delete(userId);
    return 0;
  }

  /** Takes a claim back from the store (Redis: that stream's, or all the member's without one). */
  private withdraw(userId: number, streamId: string | undefined, leftHere: number): Promise<void> {
    return this.guard('presence not cleared', async () => {
      const redis = this.deps.redis;
      if (!redis) {
        if (leftHere === 0) await repo.markAbsent(this.deps.db, userId);
        return;
      }
      await this.circuit!.run(() => (streamId === undefined ? redis.del(this.key(userId)) : redis.zRem(this.key(userId), streamId)));
    });
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Presence is a hint: a failure is logged, never thrown at the stream or page that reported it. */
  private async guard(message: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.deps.logger.warn({ err }, message);
    }
  }
}
