// Session store: the database by default, Redis when REDIS_URL is set.
import { RedisStore } from 'connect-redis';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import type session from 'express-session';
import { createClient } from 'redis';
import type { Db } from './db.js';

function newRedisClient(url: string) {
  return createClient({ url, socket: { reconnectStrategy: (retries: number) => Math.min(retries * 200, 5000) } });
}

/** The member's session cookie; it lives 30 days (SPEC.md §9). */
export const SESSION_COOKIE = 'amora.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export type RedisClient = ReturnType<typeof newRedisClient>;

export async function connectRedis(url: string): Promise<RedisClient> {
  const client = newRedisClient(url);
  client.on('error', () => undefined); // reconnects on its own; /healthz reports the state
  await client.connect();
  return client;
}

export function createSessionStore(db: Db, redis: RedisClient | undefined, opts: { cleanup: boolean }): session.Store {
  // connect-redis types its client against its own copy of the redis types; the runtime API is the same.
  const store = redis
    ? (new RedisStore({ client: redis as never, prefix: 'amora:sess:' }) as unknown as session.Store)
    : (new ConnectSessionKnexStore({
        knex: db,
        tableName: 'sessions',
        createTable: false,
        // Expired rows are removed by one process at a time every 15 minutes; 0 turns it off (tests, CLI).
        cleanupInterval: opts.cleanup ? 15 * 60 * 1000 : 0,
      }) as unknown as session.Store);
  // Sessions are not rolling: the cookie's 30 days run from the login and are never renewed, so
  // moving the stored expiry on every request (a database write per page) would extend nothing.
  store.touch = (_sid: string, _sess: session.SessionData, done?: () => void) => done?.();
  return store;
}
