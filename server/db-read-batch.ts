// MySQL/MariaDB: the fixed reads of every member page and message sent (the session's member, the
// send's target, a profile, its photos, the like and block states, a page of likes, chats or
// messages, the balance) and of every answer from a visitor's kept profile page, in one round trip
// for all the requests that ask for them at about the same time. On this stack a statement's cost
// to the app is mostly its socket write and read and the pool's bookkeeping, whatever the statement:
// fifty members sending at once made two of them per message before the store, and a member's
// /credits cost 1.54 ms of CPU with its two reads alone against 0.96 ms batched. The reads stay
// what they were: each its own statement, in autocommit, on its own consistent snapshot, with its
// bindings escaped as before; only the trip is shared (on the multi-statement pool, db.ts).
// Only reads on an index of one member's or profile's rows come here: the statements of a trip run
// one after the other, so a search over the profiles would hold up every read behind it.
import { allRows, firstRow, isSqlite, multiStatementDb, type Db, type Runner, type Tx } from './db.js';
import { isDbServiceFault } from './lib/db-errors.js';
import { tripBatcher } from './lib/trip-batcher.js';

type Binding = string | number | null;

interface QueuedRead {
  sql: string;
  bindings: readonly Binding[];
  /** Every row of the answer (batchedAllRows), else the first (batchedFirstRow). */
  all: boolean;
  resolve(rows: unknown): void;
  reject(err: unknown): void;
}

/** At most 64 reads in one trip, and two trips under way at once. */
const queueRead = tripBatcher<Db, QueuedRead>({ batchMax: 64, tripsMax: 2, trip: readBatch });

/**
 * firstRow(), with the reads asked in one turn of the event loop (and while two trips are under
 * way) sent together. SQLite and transactions: firstRow() itself (SQLite has no trips; a
 * transaction holds its own connection).
 */
export function batchedFirstRow<T>(db: Runner, sql: string, bindings: readonly Binding[]): Promise<T | undefined> {
  if (isSqlite(db) || (db as Tx).isTransaction) return firstRow<T>(db, sql, bindings);
  return new Promise<T | undefined>((resolve, reject) => {
    queueRead(db as Db, { sql, bindings, all: false, resolve: resolve as (row: unknown) => void, reject });
  });
}

/** allRows(), sent together with the other reads of the turn as batchedFirstRow() sends them. */
export function batchedAllRows<T>(db: Runner, sql: string, bindings: readonly Binding[]): Promise<T[]> {
  if (isSqlite(db) || (db as Tx).isTransaction) return allRows<T>(db, sql, bindings);
  return new Promise<T[]>((resolve, reject) => {
    queueRead(db as Db, { sql, bindings, all: true, resolve: resolve as (rows: unknown) => void, reject });
  });
}

async function readBatch(db: Db, batch: QueuedRead[]): Promise<void> {
  // A lone read goes as it always did, on the main pool.
  if (batch.length === 1) return readAlone(db, batch[0]!);
  try {
    const sql = batch.map((r) => r.sql).join(';\n');
    const [results] = (await multiStatementDb(db).raw(sql, batch.flatMap((r) => r.bindings))) as [unknown[][]];
    batch.forEach((r, i) => r.resolve(r.all ? (results[i] ?? []) : results[i]?.[0]));
  } catch (err) {
    // The server or the way to it failed (the circuit counted it): every read of the trip gets
    // that error, as each would have alone, rather than asking an ailing server again.
    if (isDbServiceFault(err)) {
      for (const r of batch) r.reject(err);
      return;
    }
    // A statement that fails stops those after it, and the error is one read's: each is asked
    // again alone, and gets its own answer or error.
    await Promise.all(batch.map((r) => readAlone(db, r)));
  }
}

async function readAlone(db: Db, r: QueuedRead): Promise<void> {
  try {
    r.resolve(r.all ? await allRows(db, r.sql, r.bindings) : await firstRow(db, r.sql, r.bindings));
  } catch (err) {
    r.reject(err);
  }
}
