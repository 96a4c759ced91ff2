// Bench databases: a fresh SQLite file or an emptied MySQL/MariaDB database, migrated and seeded large.
import knexFactory from 'knex';
import { createDb, isSqlite, migrateLatest, type Db } from '../server/db.js';
import { seedLarge, type SeedLargeResult } from './seed-large.js';

export interface PreparedDb {
  url: string;
  /** Up to 1,000 ids of visible profiles, for the profile page scenario. */
  profileIds: number[];
  seed: SeedLargeResult;
}

async function seedAndSample(db: Db, url: string, profiles: number, mediaDir: string): Promise<PreparedDb> {
  await migrateLatest(db);
  const seed = await seedLarge(db, { profiles, mediaDir });
  const rows = (await db('profiles')
    .where('status', 'active')
    .orderByRaw(isSqlite(db) ? 'random()' : 'rand()')
    .limit(1000)
    .select('id')) as { id: number }[];
  return { url, profileIds: rows.map((r) => Number(r.id)), seed };
}

/** A new SQLite database file (the caller gives a path in a fresh directory). */
export async function prepareSqlite(file: string, profiles: number, mediaDir: string): Promise<PreparedDb> {
  const url = `sqlite:${file}`;
  const db = createDb(url);
  try {
    return await seedAndSample(db, url, profiles, mediaDir);
  } finally {
    await db.destroy();
  }
}

/** Creates the database if needed, drops every table in it, then migrates and seeds. */
export async function prepareMysql(url: string, profiles: number, mediaDir: string): Promise<PreparedDb> {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`--mysql: the URL needs a plain database name, got "${name}"`);
  const admin = knexFactory({
    client: 'mysql2',
    connection: {
      ...(parsed.searchParams.get('socket') ? { socketPath: parsed.searchParams.get('socket')! } : { host: parsed.hostname, port: Number(parsed.port || 3306) }),
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
    },
    pool: { min: 0, max: 1 },
  });
  try {
    await admin.raw('CREATE DATABASE IF NOT EXISTS ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
  } finally {
    await admin.destroy();
  }
  // Seeding a million rows in bulk: no statement deadline.
  const db = createDb(url, { queryTimeoutMs: 0 });
  try {
    const [rows] = (await db.raw('SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ?', [name])) as [{ t: string }[]];
    // One connection for all drops, so that the foreign key switch applies to them.
    await db.transaction(async (tx) => {
      await tx.raw('SET FOREIGN_KEY_CHECKS = 0');
      for (const { t } of rows) await tx.raw('DROP TABLE IF EXISTS ??', [t]);
      await tx.raw('SET FOREIGN_KEY_CHECKS = 1');
    });
    return await seedAndSample(db, url, profiles, mediaDir);
  } finally {
    await db.destroy();
  }
}
