// rate-limiter-flexible limiters on the shared store: Redis when configured, else the database's
// rate_limits table, so every app process counts together.
//
// Limits fail closed (issue 13): a limiter that cannot answer refuses the action with a 503; it never
// lets it through uncounted, so no insuranceLimiter. With Redis, every call has the Redis deadline and
// goes through its circuit; "limit reached" (a RateLimiterRes) passes through unchanged.
import { RateLimiterMySQL, RateLimiterRedis, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { isSqlite, type Db } from '../db.js';
import type { RedisClient } from '../sessions.js';
import type { Circuit } from './circuit.js';
import { redisCircuit } from './redis-circuit.js';

export interface LimiterOptions {
  keyPrefix: string;
  /** Actions allowed per window; the next one is refused. */
  points: number;
  durationSeconds: number;
  /** Once refused, how long the key stays blocked (0: until the window ends). */
  blockSeconds?: number;
}

export function createLimiter(db: Db, redis: RedisClient | undefined, o: LimiterOptions): RateLimiterAbstract {
  const opts = { keyPrefix: o.keyPrefix, points: o.points, duration: o.durationSeconds, blockDuration: o.blockSeconds ?? 0 };
  if (redis) {
    // rejectIfRedisNotReady: while reconnecting, refuse at once rather than queue.
    const limiter = new RateLimiterRedis({ ...opts, storeClient: redis, useRedisPackage: true, rejectIfRedisNotReady: true, keyPrefix: `amora:${o.keyPrefix}` });
    return throughCircuit(limiter, redisCircuit(redis));
  }
  const table = { storeClient: db, storeType: 'knex', tableName: 'rate_limits', tableCreated: true };
  if (isSqlite(db)) return new RateLimiterSQLite({ ...opts, ...table });
  return new RateLimiterMySQL({ ...opts, ...table, dbName: db.client.config.connection.database as string });
}

/** The calls that reach the store; each runs within the circuit's deadline. */
const STORE_CALLS = new Set<PropertyKey>(['consume', 'get', 'delete', 'penalty', 'reward', 'block', 'set']);

function throughCircuit<L extends RateLimiterAbstract>(limiter: L, circuit: Circuit): L {
  return new Proxy(limiter, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (!STORE_CALLS.has(prop) || typeof value !== 'function') return value;
      return (...args: unknown[]) => circuit.run(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}
