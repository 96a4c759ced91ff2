// Boot: config → database (migrated) → Redis → services → everything createApp() needs.
// Shared by the server, the tests and the bench, so that all of them run the same wiring.
import type session from 'express-session';
import type { i18n as I18n } from 'i18next';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createDb, destroyMultiStatementDb, migrateLatest, optimizeDb, type Db } from './db.js';
import { createLanguageDetector } from './middleware/locale.js';
import { createI18n } from './render/i18n.js';
import { createServices, type Services } from './services/index.js';
import { connectRedis, createSessionStore, type RedisClient } from './sessions.js';

export interface Runtime {
  config: Config;
  db: Db;
  redis: RedisClient | undefined;
  services: Services;
  i18n: I18n;
  logger: Logger;
  sessionStore: session.Store;
  sessionSecret: string;
  pushPublicKey: string;
  close(): Promise<void>;
}

export interface BootOptions {
  migrate?: boolean;
  sessionCleanup?: boolean;
  eventRelay?: 'reader' | 'writer';
  /** The deadline of one database statement (createDb's default suits requests; the CLI allows more). */
  queryTimeoutMs?: number;
}

export async function bootstrap(config: Config, logger: Logger, opts: BootOptions = {}): Promise<Runtime> {
  const db = createDb(config.databaseUrl, { queryTimeoutMs: opts.queryTimeoutMs, logger });
  let redis: RedisClient | undefined;
  try {
    if (opts.migrate ?? true) {
      const done = await migrateLatest(db);
      if (done.length) logger.info({ migrations: done }, 'database migrated');
    }
    await optimizeDb(db);
    // Long-running processes refresh planner statistics now and then, as SQLite recommends.
    const optimizer = setInterval(() => void optimizeDb(db).catch((err) => logger.warn({ err }, 'optimize failed')), 3600_000);
    optimizer.unref();
    redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
    const i18n = await createI18n(undefined, createLanguageDetector());
    const services = createServices({ config, db, logger, redis, i18n, eventRelay: opts.eventRelay });
    const sessionSecret = config.sessionSecret ?? (await services.keys.sessionSecret());
    const pushPublicKey = (config.vapid ?? (await services.keys.vapidKeys())).publicKey;
    // Now, outside any transaction: mails queued inside one sign their unsubscribe links with it.
    await services.unsubscribeLinks.warm();
    const sessionStore = createSessionStore(db, redis, { cleanup: opts.sessionCleanup ?? false });
    return {
      config, db, redis, services, i18n, logger, sessionStore, sessionSecret, pushPublicKey,
      async close() {
        clearInterval(optimizer);
        // The lander visits counted since the last flush go in before the database closes.
        await services.landerVisits.close();
        await services.pushDelivery.stop();
        await services.events.close();
        services.mail.close();
        const store = sessionStore as { close?: () => void };
        store.close?.();
        await closeRedis(redis);
        await destroyMultiStatementDb(db);
        await db.destroy();
      },
    };
  } catch (err) {
    await closeRedis(redis);
    await db.destroy();
    throw err;
  }
}

/** Closes gracefully when Redis answers; a Redis that is down or reconnecting must not hold up a shutdown. */
async function closeRedis(redis: RedisClient | undefined): Promise<void> {
  if (redis?.isReady) await redis.close().catch(() => redis.destroy());
  else if (redis?.isOpen) redis.destroy();
}
