// rate-limiter-flexible limiters on the shared store: Redis when configured, else the database's
// rate_limits table, so every app process counts together.
import { RateLimiterMySQL, RateLimiterRedis, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { isSqlite, type Db } from '../db.js';
import type { RedisClient } from '../sessions.js';

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
  if (redis) return new RateLimiterRedis({ ...opts, storeClient: redis, useRedisPackage: true, keyPrefix: `amora:${o.keyPrefix}` });
  const table = { storeClient: db, storeType: 'knex', tableName: 'rate_limits', tableCreated: true };
  if (isSqlite(db)) return new RateLimiterSQLite({ ...opts, ...table });
  return new RateLimiterMySQL({ ...opts, ...table, dbName: db.client.config.connection.database as string });
}
