// knex factory: the one place that knows the dialects (SQLite pragmas, MySQL charset and time zone).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from '../migrations/index.js';

export type Db = Knex;
export type Tx = Knex.Transaction;
/** Every repo function takes an optional transaction; `Runner` is "the db or a transaction". */
export type Runner = Knex | Knex.Transaction;

export function createDb(databaseUrl: string, opts: { poolMax?: number } = {}): Db {
  if (databaseUrl.startsWith('sqlite:')) {
    const filename = databaseUrl.slice('sqlite:'.length);
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      // better-sqlite3 is synchronous: one connection serialises every transaction, which is
      // exactly the isolation the money rules need on SQLite.
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('synchronous = NORMAL');
          done(null, conn);
        },
      },
    });
  }
  const url = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:'));
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.replace(/^\//, ''),
      charset: 'utf8mb4',
      timezone: 'Z',
      // Dates of birth stay 'YYYY-MM-DD' strings, as on SQLite; instants are stored as epoch ms.
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
    },
    pool: { min: 0, max: opts.poolMax ?? 10 },
  });
}

export function isSqlite(db: Runner): boolean {
  return db.client.config.client === 'better-sqlite3';
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, done] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return done;
}

/**
 * Keeps the query planner's statistics fresh. SQLite has none until ANALYZE has run, and without
 * them it may sort a whole filtered result instead of walking an index in order; PRAGMA optimize
 * analyzes only what needs it (cheap when nothing changed). MySQL/InnoDB keeps its own statistics.
 */
export async function optimizeDb(db: Db): Promise<void> {
  if (isSqlite(db)) await db.raw('PRAGMA optimize=0x10002');
}

export async function rollbackAll(db: Db): Promise<string[]> {
  const [, done] = (await db.migrate.rollback({ migrationSource }, true)) as [number, string[]];
  return done;
}

export async function rollbackLast(db: Db): Promise<string[]> {
  const [, done] = (await db.migrate.rollback({ migrationSource })) as [number, string[]];
  return done;
}

/** Row count results differ per driver; this reads the first row's first column as a number. */
export function firstNumber(rows: unknown): number {
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row || typeof row !== 'object') return 0;
  const value = Object.values(row as Record<string, unknown>)[0];
  return Number(value ?? 0);
}
