// The live event bus (DESIGN.md §2): services publish a LiveEvent to a member after their commit;
// every app process delivers it to that member's open event streams (GET /api/events).
// Embedded: listeners in memory, and events of command-line processes relayed through the database. With Redis: pub/sub on one channel per member, so
// any number of processes behind a load balancer deliver each event, and a process only receives
// the events of members connected to it.
import type { Logger } from 'pino';
import type { LiveEvent } from '../../../types/events.js';
import type { Db } from '../../db.js';
import { deleteRelayedEventsBefore, insertRelayedEvent, lastRelayedEventId, relayedEventsAfter } from '../../repos/event-relay-repo.js';
import type { Circuit } from '../../lib/circuit.js';
import { redisCircuit } from '../../lib/redis-circuit.js';
import type { RedisClient } from '../../sessions.js';

/** A function listener gets the event and its JSON (serialized once for every listener). */
export type LiveListener = (event: LiveEvent, json: string) => void;

/** A listener that holds something open (an event stream) and must end it when the bus closes. */
export interface LiveSubscriber {
  deliver(event: LiveEvent, json: string): void;
  /** The bus is closing (shutdown): end the stream; its unsubscribe follows. */
  end(): void;
}

export interface EventBus {
  /**
   * Sends `event` to every open stream of the member, in any process. Never throws: after a commit
   * the data is stored, so a lost event is logged and the page catches up on its next load.
   */
  publish(userId: number, event: LiveEvent): Promise<void>;
  /** Listens to the member's events in this process; returns the unsubscribe function. */
  subscribe(userId: number, listener: LiveListener | LiveSubscriber): () => void;
  /**
   * Resolves once events published for the member anywhere reach this process's listeners (with
   * Redis down, after a short wait: the subscription follows when it is back).
   */
  subscribed(userId: number): Promise<void>;
  /** Listeners in this process: of one member, or of all. */
  listenerCount(userId?: number): number;
  /** Ends every subscriber (open streams) and releases the bus's connection. Idempotent. */
  close(): Promise<void>;
}

const RESOLVED = Promise.resolve();
const noop = () => undefined;

export const EVENTS_CHANNEL_PREFIX = 'amora:events:';
/** How long a new stream waits for its Redis subscription before it starts anyway. */
const SUBSCRIBE_WAIT_MS = 2000;

function toSubscriber(listener: LiveListener | LiveSubscriber): LiveSubscriber {
  return typeof listener === 'function' ? { deliver: listener, end: noop } : listener;
}

interface Member {
  subscribers: Set<LiveSubscriber>;
  /** Redis: the channel subscription is in place. */
  ready: Promise<void>;
}

/** The listeners of this process by member, and the delivery shared by both buses. */
abstract class BaseEventBus implements EventBus {
  protected readonly members = new Map<number, Member>();
  protected closing: Promise<void> | undefined;
  private count = 0;

  constructor(protected readonly logger: Logger) {}

  abstract publish(userId: number, event: LiveEvent): Promise<void>;
  /** The first listener of a member arrived; returns when its events will arrive. */
  protected abstract listen(userId: number): Promise<void>;
  /** The last listener of a member left. */
  protected abstract unlisten(userId: number): void;
  protected abstract release(): Promise<void>;

  subscribe(userId: number, listener: LiveListener | LiveSubscriber): () => void {
    const subscriber = toSubscriber(listener);
    if (this.closing) {
      subscriber.end();
      return noop;
    }
    let member = this.members.get(userId);
    if (!member) {
      member = { subscribers: new Set(), ready: RESOLVED };
      this.members.set(userId, member);
      member.ready = this.listen(userId);
    }
    member.subscribers.add(subscriber);
    this.count++;
    return () => this.remove(userId, subscriber);
  }

  subscribed(userId: number): Promise<void> {
    return this.members.get(userId)?.ready ?? RESOLVED;
  }

  listenerCount(userId?: number): number {
    return userId === undefined ? this.count : (this.members.get(userId)?.subscribers.size ?? 0);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const member of [...this.members.values()]) {
        for (const subscriber of [...member.subscribers]) {
          try {
            subscriber.end();
          } catch (err) {
            this.logger.warn({ err }, 'ending an event stream failed');
          }
        }
      }
      this.members.clear();
      this.count = 0;
      await this.release();
    })();
    return this.closing;
  }

  private remove(userId: number, subscriber: LiveSubscriber): void {
    const member = this.members.get(userId);
    if (!member?.subscribers.delete(subscriber)) return;
    this.count--;
    if (member.subscribers.size === 0) {
      this.members.delete(userId);
      if (!this.closing) this.unlisten(userId);
    }
  }

  /** Hands one event to the member's listeners in this process; one failing does not stop the rest. */
  protected deliver(userId: number, event: LiveEvent, json: string): void {
    const member = this.members.get(userId);
    if (!member) return;
    for (const subscriber of member.subscribers) {
      try {
        subscriber.deliver(event, json);
      } catch (err) {
        this.logger.warn({ err, userId }, 'live event listener failed');
      }
    }
  }
}

/** The embedded default: one process, so publishing is delivering. */
export class LocalEventBus extends BaseEventBus {
  async publish(userId: number, event: LiveEvent): Promise<void> {
    if (this.members.has(userId)) this.deliver(userId, event, JSON.stringify(event));
  }

  protected listen(): Promise<void> {
    return RESOLVED;
  }

  protected unlisten(): void {}

  protected async release(): Promise<void> {}
}

const RELAY_POLL_MS = 1000;
const RELAY_KEEP_MS = 10 * 60_000;
const RELAY_BATCH = 500;

/**
 * The app process without Redis: delivers its own events at once, like LocalEventBus, and once a
 * second (only while members have a stream open) the events other processes on the same database
 * relayed, such as an operator's `amora chat reply`.
 */
export class RelayReadingEventBus extends LocalEventBus {
  private lastId: Promise<number>;
  private readonly timer: NodeJS.Timeout;
  private polls = 0;
  private polling = false;

  constructor(private readonly db: Db, logger: Logger) {
    super(logger);
    this.lastId = lastRelayedEventId(db).catch(() => 0);
    this.timer = setInterval(() => void this.poll(), RELAY_POLL_MS);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    if (this.polling || this.closing || this.members.size === 0) return;
    this.polling = true;
    try {
      let after = await this.lastId;
      const rows = await relayedEventsAfter(this.db, after, RELAY_BATCH);
      for (const row of rows) {
        after = row.id;
        if (!this.members.has(row.userId)) continue;
        try {
          this.deliver(row.userId, JSON.parse(row.json) as LiveEvent, row.json);
        } catch (err) {
          this.logger.warn({ err, id: row.id }, 'relayed live event with bad JSON ignored');
        }
      }
      this.lastId = Promise.resolve(after);
      if (++this.polls % 60 === 0) await deleteRelayedEventsBefore(this.db, Date.now() - RELAY_KEEP_MS);
    } catch (err) {
      this.logger.warn({ err }, 'reading relayed live events failed');
    } finally {
      this.polling = false;
    }
  }

  protected override async release(): Promise<void> {
    clearInterval(this.timer);
  }
}

/** A command-line process without Redis: its events are written for the app process to deliver. */
export class RelayWritingEventBus extends LocalEventBus {
  constructor(private readonly db: Db, logger: Logger) {
    super(logger);
  }

  override async publish(userId: number, event: LiveEvent): Promise<void> {
    try {
      await insertRelayedEvent(this.db, userId, JSON.stringify(event));
    } catch (err) {
      this.logger.warn({ err, userId, type: event.type }, 'live event dropped: relaying failed');
    }
  }
}

/**
 * Redis pub/sub: publishing goes through the shared client; each process has one subscriber
 * connection (made when the first member connects) subscribed to the channels of the members
 * with an open stream on it.
 */
export class RedisEventBus extends BaseEventBus {
  private subscriber: RedisClient | undefined;
  private connecting: Promise<RedisClient> | undefined;
  private readonly circuit: Circuit;

  constructor(
    private readonly publisher: RedisClient,
    logger: Logger,
  ) {
    super(logger);
    this.circuit = redisCircuit(publisher);
  }

  async publish(userId: number, event: LiveEvent): Promise<void> {
    if (!this.publisher.isReady) {
      this.logger.warn({ userId, type: event.type }, 'live event dropped: Redis is not connected');
      return;
    }
    try {
      // Within the Redis deadline: a frozen Redis must not hold up the request that sent a message.
      await this.circuit.run(() => this.publisher.publish(EVENTS_CHANNEL_PREFIX + userId, JSON.stringify(event)));
    } catch (err) {
      this.logger.warn({ err, userId, type: event.type }, 'live event dropped: publishing failed');
    }
  }

  protected async listen(userId: number): Promise<void> {
    const subscribing = this.connection().then((client) => client.subscribe(EVENTS_CHANNEL_PREFIX + userId, this.onMessage));
    subscribing.catch(() => undefined); // reported below, unless it comes late
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), SUBSCRIBE_WAIT_MS);
      timer.unref();
    });
    try {
      // A stream does not wait longer than this: node-redis subscribes once Redis is back.
      if ((await Promise.race([subscribing, late])) === 'late') this.logger.warn({ userId }, 'subscribing to live events is slow');
    } catch (err) {
      if (!this.closing) this.logger.warn({ err, userId }, 'subscribing to live events failed');
    } finally {
      clearTimeout(timer);
    }
  }

  protected unlisten(userId: number): void {
    void this.connection()
      .then((client) => client.unsubscribe(EVENTS_CHANNEL_PREFIX + userId, this.onMessage))
      .catch((err: unknown) => this.logger.warn({ err, userId }, 'unsubscribing from live events failed'));
  }

  protected async release(): Promise<void> {
    const client = this.subscriber;
    this.subscriber = undefined;
    if (!client) return;
    if (client.isReady) await client.close().catch(() => client.destroy());
    else if (client.isOpen) client.destroy();
  }

  /** The process's subscriber connection, made on first use. */
  private connection(): Promise<RedisClient> {
    if (!this.connecting) {
      // Unlike the shared client, the subscriber queues its SUBSCRIBEs while Redis is away (pub/sub
      // commands have no deadline): node-redis subscribes again on reconnect, so live events resume by themselves.
      const client = this.publisher.duplicate({ disableOfflineQueue: false });
      // It reconnects (and subscribes again) on its own, like the shared client; /healthz reports Redis.
      client.on('error', (err: unknown) => this.logger.debug({ err }, 'live events subscriber connection error'));
      this.subscriber = client;
      const connecting = client.connect().then(() => client);
      this.connecting = connecting;
      connecting.catch(() => {
        // A failed first connect is tried again by the next member who connects.
        if (this.connecting === connecting) this.connecting = this.subscriber = undefined;
      });
    }
    return this.connecting;
  }

  private readonly onMessage = (message: string, channel: string): void => {
    const userId = Number(channel.slice(EVENTS_CHANNEL_PREFIX.length));
    let event: LiveEvent;
    try {
      event = JSON.parse(message) as LiveEvent;
    } catch (err) {
      this.logger.warn({ err, channel }, 'live event with bad JSON ignored');
      return;
    }
    this.deliver(userId, event, message);
  };
}

/**
 * Redis when there is one. Without it, `relay` says how this process meets the others on the same
 * database: the app reads what command-line processes write.
 */
export function createEventBus(redis: RedisClient | undefined, logger: Logger, relay?: { db: Db; role: 'reader' | 'writer' }): EventBus {
  if (redis) return new RedisEventBus(redis, logger);
  if (relay?.role === 'reader') return new RelayReadingEventBus(relay.db, logger);
  if (relay?.role === 'writer') return new RelayWritingEventBus(relay.db, logger);
  return new LocalEventBus(logger);
}
