// Session store: the database by default, Redis when REDIS_URL is set.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { RedisStore } from 'connect-redis';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import type session from 'express-session';
import { createClient } from 'redis';
import { firstRow, isSqlite, type Db } from './db.js';
import { redisCircuit } from './lib/redis-circuit.js';

/** Commands a frozen Redis may have waiting at most before more are refused (each fails the circuit at once). */
const REDIS_QUEUE_MAX = 10_000;

function newRedisClient(url: string) {
  return createClient({
    url,
    socket: {
      // A Redis that accepts the connection but never answers (frozen) must not hold a reconnect.
      connectTimeout: 500,
      // Back within a second of Redis returning, so the site heals in seconds, not minutes.
      reconnectStrategy: (retries: number) => Math.min(100 + retries * 100, 1000),
    },
    // While disconnected, commands fail at once instead of waiting in a queue for a Redis that may
    // not come back.
    disableOfflineQueue: true,
    // A frozen Redis keeps the connection, so the commands written to it wait for their answers.
    // Each caller is cut short by the circuit's deadline (lib/redis-circuit.ts), which opens after
    // three misses and then sends nothing; this bounds the commands left waiting meanwhile.
    commandsQueueMaxLength: REDIS_QUEUE_MAX,
    // node-redis's own command timeout (5 s unless set) is off: it only covers a command not yet
    // written, never one waiting for its answer, and it cost an AbortSignal, a timer that fires
    // after the answer and a DOMException per command, about 6% of a chat send's CPU on MariaDB.
    commandOptions: { timeout: 0 },
  });
}

/** The member's session cookie; it lives 30 days (SPEC.md §9). */
export const SESSION_COOKIE = 'amora.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/**
 * The session id in a session cookie's (decoded) value, as express-session reads it: `s:<id>.<hmac>`,
 * the HMAC-SHA256 of the id in base64 without padding. Undefined unless it verifies.
 */
export function sessionIdOfCookie(value: string, secret: string): string | undefined {
  if (!value.startsWith('s:')) return undefined;
  const signed = value.slice(2);
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const sid = signed.slice(0, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
  const given = Buffer.from(signed.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sid : undefined;
}

/** A session as the store keeps it, read without express-session (the event stream, the send's fast path). */
export function readSession(store: session.Store, sid: string): Promise<session.SessionData | null | undefined> {
  return new Promise((resolve, reject) => store.get(sid, (err, sess) => (err ? reject(err as Error) : resolve(sess))));
}

export type RedisClient = ReturnType<typeof newRedisClient>;

export async function connectRedis(url: string): Promise<RedisClient> {
  const client = newRedisClient(url);
  client.on('error', () => undefined); // reconnects on its own; /healthz reports the state
  await client.connect();
  return client;
}

/** Stores that can be asked, within their deadline, whether they will take a new session. */
const probes = new WeakMap<session.Store, () => Promise<unknown>>();

/**
 * Resolves when the store answers, else rejects with a 503. A request that will start a session
 * asks before it writes anything else (a signup's account), so a store that is down is a clean
 * 503 and not an account whose session could not be saved.
 */
export async function assertSessionStoreUp(store: session.Store): Promise<void> {
  await probes.get(store)?.();
}

export function createSessionStore(db: Db, redis: RedisClient | undefined, opts: { cleanup: boolean }): session.Store {
  // connect-redis types its client against its own copy of the redis types; the runtime API is the same.
  const store = redis
    ? guardStore(new RedisStore({ client: redis as never, prefix: 'amora:sess:' }) as unknown as session.Store, redis)
    : (new ConnectSessionKnexStore({
        knex: db,
        tableName: 'sessions',
        createTable: false,
        // Expired rows are removed by one process at a time every 15 minutes; 0 turns it off (tests, CLI).
        cleanupInterval: opts.cleanup ? 15 * 60 * 1000 : 0,
      }) as unknown as session.Store);
  // Every request of a member reads the session; on SQLite without knex's query builder (firstRow),
  // with connect-session-knex's own statement.
  if (!redis && isSqlite(db)) {
    store.get = (sid: string, done: (err: unknown, session?: session.SessionData | null) => void) => {
      firstRow<{ sess: string }>(db, 'SELECT sess FROM sessions WHERE sid = ? AND datetime(?) <= datetime(expired)', [sid, new Date().toISOString()]).then(
        (row) => done(null, row ? (JSON.parse(row.sess) as session.SessionData) : null),
        (err: unknown) => done(err),
      );
    };
  }
  // Sessions are not rolling: the cookie's 30 days run from the login and are never renewed, so
  // moving the stored expiry on every request (a database write per page) would extend nothing.
  store.touch = (_sid: string, _sess: session.SessionData, done?: () => void) => done?.();
  return store;
}

type StoreCallback = (err?: unknown, data?: unknown) => void;

/**
 * Runs the store's reads and writes through the circuit: a session that cannot be read or saved in
 * time is a 503 (express-session hands the error to the error handler), never a member treated as a
 * visitor or a request that waits for Redis.
 */
function guardStore(store: session.Store, redis: RedisClient): session.Store {
  const circuit = redisCircuit(redis);
  probes.set(store, () => circuit.run(() => redis.ping()));
  for (const method of ['get', 'set', 'destroy'] as const) {
    const original = (store[method] as (...args: unknown[]) => unknown).bind(store);
    (store as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const done = (typeof args[args.length - 1] === 'function' ? args.pop() : undefined) as StoreCallback | undefined;
      const call = circuit.run(
        () => new Promise((resolve, reject) => void original(...args, (err: unknown, data: unknown) => (err ? reject(err as Error) : resolve(data)))),
      );
      call.then((data) => done?.(null, data), (err: unknown) => done?.(err));
    };
  }
  return store;
}
