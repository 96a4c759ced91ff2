// The databases the integration suite runs on: always SQLite, and MySQL/MariaDB + Redis when
// TEST_DATABASE_URL and TEST_REDIS_URL are set. A configured backend that is unreachable fails
// the run; it is never skipped silently.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { createClient } from 'redis';
import { createApp } from '../../server/app.js';
import { bootstrap, type Runtime } from '../../server/boot.js';
import { loadConfig } from '../../server/config.js';
import { createDb, migrateLatest } from '../../server/db.js';
import { createLogger } from '../../server/logger.js';
import { seedBase } from '../../seeds/base-seed.js';
import { seedDemo } from '../../seeds/demo-seed.js';
import { locateUnplacedProfiles } from '../../server/services/geo/profile-locations.js';
import { testAssets } from './test-assets.js';

export interface Backend {
  name: string;
  databaseUrl: string;
  redisUrl?: string;
}

export interface TestEnv {
  backend: Backend;
  rt: Runtime;
  app: Express;
}

export const DEMO_PASSWORD = 'test-demo-password';
export const TEST_PROFILES = 40;

export function backends(): Backend[] {
  const list: Backend[] = [{ name: 'sqlite', databaseUrl: `sqlite:${join(mkdtempSync(join(tmpdir(), 'amora-test-')), 'test.sqlite')}` }];
  const mysql = process.env.TEST_DATABASE_URL;
  const redis = process.env.TEST_REDIS_URL;
  if (mysql || redis) {
    if (!mysql || !redis) throw new Error('set both TEST_DATABASE_URL and TEST_REDIS_URL (or neither)');
    list.push({ name: 'mysql+redis', databaseUrl: mysql, redisUrl: redis });
  }
  return list;
}

const envs = new Map<string, Promise<TestEnv>>();

/** Drops every table of the (dedicated) test database so each run starts from nothing. */
export async function resetMysql(url: string): Promise<void> {
  const db = createDb(url);
  try {
    await db.raw('SET FOREIGN_KEY_CHECKS = 0');
    const [rows] = (await db.raw('SHOW TABLES')) as [Record<string, string>[]];
    for (const row of rows) await db.raw('DROP TABLE IF EXISTS ??', [String(Object.values(row)[0])]);
    await db.raw('SET FOREIGN_KEY_CHECKS = 1');
  } finally {
    await db.destroy();
  }
}

export async function flushRedisPrefix(url: string, prefix = 'amora:'): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length) await client.del(keys);
    }
  } finally {
    await client.quit();
  }
}

async function createEnv(backend: Backend): Promise<TestEnv> {
  if (!backend.databaseUrl.startsWith('sqlite:')) await resetMysql(backend.databaseUrl);
  if (backend.redisUrl) await flushRedisPrefix(backend.redisUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-data-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATABASE_URL: backend.databaseUrl,
      REDIS_URL: backend.redisUrl,
      DATA_DIR: dataDir,
      DEMO_PASSWORD: DEMO_PASSWORD,
      SEED_DEMO: 'false',
      // MySQL needs an explicit provider (config refuses to start without one); SQLite gets the same.
      PAYMENT_PROVIDER: 'test',
      // Suites share this app and search right after writing profiles straight to the database:
      // searches are live here; test/integration/kept-matches.test.ts makes an app that keeps them.
      SEARCH_KEPT_SECONDS: '0',
    },
    { envFile: false },
  );
  const logger = createLogger({ logLevel: (process.env.LOG_LEVEL as 'silent') ?? 'silent' });
  const rt = await bootstrap(config, logger, { migrate: true });
  await migrateLatest(rt.db);
  await seedBase(rt.db);
  await seedDemo(rt.db, rt.services.media, { profiles: TEST_PROFILES, password: DEMO_PASSWORD });
  await locateUnplacedProfiles(rt.db, rt.services.geo);
  // Suites build more apps on this runtime (other settings, kept searches); each app's two session
  // middlewares listen to the one store, past Node's default of 10 listeners (a warning, no leak).
  rt.sessionStore.setMaxListeners(0);
  const app = createApp({ ...rt, assets: testAssets() });
  return { backend, rt, app };
}

/** The shared, seeded environment of a backend (created once per run). */
export function envFor(backend: Backend): Promise<TestEnv> {
  let env = envs.get(backend.name);
  if (!env) {
    env = createEnv(backend);
    envs.set(backend.name, env);
  }
  return env;
}

/** Registers `fn` once per backend, as "[sqlite] …" and "[mysql+redis] …". */
export function describeEachBackend(title: string, fn: (get: () => TestEnv) => void): void {
  for (const backend of BACKENDS) {
    describe(`[${backend.name}] ${title}`, function () {
      this.timeout(60_000);
      let env: TestEnv | undefined;
      before(async () => {
        env = await envFor(backend);
      });
      fn(() => {
        if (!env) throw new Error('backend not ready');
        return env;
      });
    });
  }
}

export const BACKENDS = backends();

export async function closeBackends(): Promise<void> {
  for (const env of envs.values()) {
    const e = await env.catch(() => undefined);
    await e?.rt.close();
  }
  envs.clear();
}
