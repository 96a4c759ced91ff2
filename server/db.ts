// knex factory: the one place that knows the dialects (SQLite pragmas, MySQL charset and time zone).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { Logger } from 'pino';
import { migrationSource } from '../migrations/index.js';
import { DB_DEADLINES, guardedMysqlClient, withoutQueryDeadline } from './lib/db-guard.js';

export type Db = Knex;
export type Tx = Knex.Transaction;
/** Every repo function takes an optional transaction; `Runner` is "the db or a transaction". */
export type Runner = Knex | Knex.Transaction;

/** How much of the SQLite file is read through a memory map (see createDb). */
const SQLITE_MMAP_BYTES = 256 * 1024 * 1024;

/** Compiled statements kept per SQLite connection (distinct SQL texts; whereIn lists vary the text). */
const SQLITE_STATEMENT_CACHE = 1000;

/**
 * knex asks better-sqlite3 to compile every statement it runs, and compiling costs about as much as
 * running a small query: the connection keeps the compiled statements by their SQL text instead.
 * Safe because every user of the connection (knex, the rate limiter) runs a statement
 * synchronously to its end (all(), get() or run()), never two at once, and sets no modes on it.
 */
function cacheStatements(conn: { prepare(sql: string): unknown }): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (cache.size >= SQLITE_STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
    } else {
      cache.delete(sql); // re-inserted below: the Map's order is least recently used first
    }
    cache.set(sql, statement);
    return statement;
  };
}

export interface DbOptions {
  poolMax?: number;
  /** The deadline of one statement on MySQL (default DB_DEADLINES.queryMs; 0: none, e.g. seeding in bulk). SQLite has none: it runs in the process. */
  queryTimeoutMs?: number;
  /** Where knex's own warnings go (a lost connection, a pool that timed out); default: the console. */
  logger?: Logger;
}

export function createDb(databaseUrl: string, opts: DbOptions = {}): Db {
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
        afterCreate(conn: { pragma(s: string): unknown; prepare(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
          cacheStatements(conn);
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('synchronous = NORMAL');
          // Pages read through a memory map rather than a read() each time they are not in SQLite's own
          // 2 MB cache: a search walks hundreds of them (visitor /members: 2.8 -> 1.8 ms CPU per page
          // on the bench's 200 MB database). The mapped pages are the OS's file cache, shared and
          // reclaimable, but they count in the process's RSS.
          conn.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
          // Deleted rows are overwritten with zeros, not left in free pages: an erased member's
          // data must not stay readable in the database file (issue 13.4).
          conn.pragma('secure_delete = ON');
          done(null, conn);
        },
      },
    });
  }
  const url = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:'));
  // ?socket=/run/mysqld/mysqld.sock: a server on the same host through its Unix socket, which
  // costs each statement about a third less than TCP over loopback.
  const socketPath = url.searchParams.get('socket');
  const database = url.pathname.replace(/^\//, '');
  // One circuit per server and database (tests run apps against several in one process).
  const circuitName = `database ${socketPath ?? `${url.hostname}:${url.port || 3306}`}/${database}`;
  const mysql = (multipleStatements: boolean, poolMax: number) =>
    knexFactory({
      client: guardedMysqlClient(circuitName, opts.queryTimeoutMs ?? DB_DEADLINES.queryMs),
      acquireConnectionTimeout: DB_DEADLINES.acquireMs,
      ...(opts.logger ? { log: knexLog(opts.logger) } : {}),
      connection: {
        ...(socketPath ? { socketPath } : { host: url.hostname, port: Number(url.port || 3306) }),
        connectTimeout: DB_DEADLINES.connectMs,
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database,
        charset: 'utf8mb4',
        timezone: 'Z',
        // Dates of birth stay 'YYYY-MM-DD' strings, as on SQLite; instants are stored as epoch ms.
        dateStrings: true,
        supportBigNumbers: true,
        bigNumberStrings: false,
        multipleStatements,
      },
      pool: { min: 0, max: poolMax },
    });
  const db = mysql(false, opts.poolMax ?? 10);
  multiStatementFactories.set(db, () => mysql(true, opts.poolMax ?? 10));
  return db;
}

/**
 * The first row of a fixed SQL text (positional `?` bindings, backquoted names: both dialects read
 * it), without knex's query builder: for the reads that every message sent makes, where building
 * the query cost more than running it. SQLite runs it on its connection directly
 * (onSqliteConnection), unless `db` is a transaction, which holds that connection.
 */
export async function firstRow<T>(db: Runner, sql: string, bindings: readonly (string | number | null)[]): Promise<T | undefined> {
  if (isSqlite(db) && !(db as Tx).isTransaction) return onSqliteConnection(db as Db, (conn) => conn.prepare(sql).get(...bindings) as T | undefined);
  const result = (await db.raw(sql, bindings)) as unknown;
  // SQLite's raw answers the rows, mysql2's [rows, fields].
  const rows = (isSqlite(db) ? result : (result as [unknown])[0]) as T[];
  return rows[0];
}

/** Every row of a fixed SQL text: firstRow()'s sibling, for the fixed reads of every member page. */
export async function allRows<T>(db: Runner, sql: string, bindings: readonly (string | number | null)[]): Promise<T[]> {
  if (isSqlite(db) && !(db as Tx).isTransaction) return onSqliteConnection(db as Db, (conn) => conn.prepare(sql).all(...bindings) as T[]);
  const result = (await db.raw(sql, bindings)) as unknown;
  return (isSqlite(db) ? result : (result as [unknown])[0]) as T[];
}

const multiStatementFactories = new WeakMap<Db, () => Db>();
const multiStatementDbs = new WeakMap<Db, Db>();

/**
 * MySQL only: a second pool whose connections accept several statements in one round trip,
 * for the chat send's transaction (chat-send-repo.ts), which would otherwise take six. Kept apart
 * from the main pool so that no other statement can ever be stacked. Made on first use, on the
 * same circuit and deadlines; destroyMultiStatementDb closes it.
 */
export function multiStatementDb(db: Db): Db {
  let multi = multiStatementDbs.get(db);
  if (!multi) {
    const make = multiStatementFactories.get(db);
    if (!make) throw new Error('multiStatementDb: not a MySQL database made by createDb');
    multi = make();
    multiStatementDbs.set(db, multi);
  }
  return multi;
}

/** Closes the multi-statement pool of `db`, if one was made (before `db.destroy()`, which cannot know of it). */
export async function destroyMultiStatementDb(db: Db): Promise<void> {
  const multi = multiStatementDbs.get(db);
  multiStatementDbs.delete(db);
  await multi?.destroy();
}

/**
 * After an erasure: SQLite's write-ahead log still holds older copies of the pages it changed
 * until a checkpoint copies them back and the log is emptied. MySQL/InnoDB purges on its own.
 */
export async function flushDeletedPages(db: Db): Promise<void> {
  if (isSqlite(db)) await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
}

function knexLog(logger: Logger): Knex.Logger {
  const line = (level: 'warn' | 'error' | 'debug') => (message: unknown) => logger[level]({ err: message instanceof Error ? message : undefined }, `knex: ${message instanceof Error ? message.message : String(message)}`);
  return { warn: line('warn'), error: line('error'), deprecate: line('warn'), debug: line('debug') };
}

/** The part of a better-sqlite3 connection a caller of onSqliteConnection uses. */
export interface SqliteConnection {
  prepare(sql: string): {
    run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
    get(...params: unknown[]): unknown;
    all(...params: unknown[]): unknown[];
  };
  transaction<F extends (...args: never[]) => unknown>(fn: F): F;
  /** An explicit transaction is open (false again after SQLite ended one on its own, on a full disk). */
  readonly inTransaction: boolean;
}

/**
 * SQLite only: runs `work` on the connection, synchronously, in its turn with everything else knex
 * runs on it (the pool holds the one connection). For the busiest statements (the chat send): their
 * compiled statements are reused (cacheStatements) and knex's query building and promise hops per
 * statement are skipped. `work` must not keep the connection beyond its return.
 */
export async function onSqliteConnection<T>(db: Db, work: (conn: SqliteConnection) => T): Promise<T> {
  const idle = idleSqliteConnection(db);
  if (idle) return work(idle);
  const conn = (await db.client.acquireConnection()) as SqliteConnection;
  lastSqliteConnection.set(db, conn);
  try {
    return work(conn);
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/** The connection onSqliteConnection() last had from each database's pool. */
const lastSqliteConnection = new WeakMap<Db, SqliteConnection>();

interface SqlitePool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/**
 * The pool's one connection when nobody holds it (no transaction, no query under way, nobody
 * waiting) and it is the one we had before (still open: the pool closes those it drops). `work`
 * is synchronous, so nothing else can take the connection before it returns: the pool's
 * acquire and release (promises, and a timer for the acquire's deadline) would only hand it over
 * and back, for each of the fixed reads every member request makes.
 */
function idleSqliteConnection(db: Db): SqliteConnection | undefined {
  const conn = lastSqliteConnection.get(db) as (SqliteConnection & { open?: boolean }) | undefined;
  const pool = (db.client as { pool?: SqlitePool }).pool;
  if (!conn?.open || !pool) return undefined;
  const idle = pool.numUsed() === 0 && pool.numFree() === 1 && pool.numPendingAcquires() === 0 && pool.numPendingCreates() === 0;
  return idle ? conn : undefined;
}

export function isSqlite(db: Runner): boolean {
  return db.client.config.client === 'better-sqlite3';
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, done] = (await withoutQueryDeadline(db, () => db.migrate.latest({ migrationSource }))) as [number, string[]];
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
  const [, done] = (await withoutQueryDeadline(db, () => db.migrate.rollback({ migrationSource }, true))) as [number, string[]];
  return done;
}

export async function rollbackLast(db: Db): Promise<string[]> {
  const [, done] = (await withoutQueryDeadline(db, () => db.migrate.rollback({ migrationSource }))) as [number, string[]];
  return done;
}

/** Row count results differ per driver; this reads the first row's first column as a number. */
export function firstNumber(rows: unknown): number {
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row || typeof row !== 'object') return 0;
  const value = Object.values(row as Record<string, unknown>)[0];
  return Number(value ?? 0);
}
