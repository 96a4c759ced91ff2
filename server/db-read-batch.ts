// MySQL/MariaDB: the fixed reads every message sent makes (its session's member, its target), in
// one round trip for all the requests that ask for them at about the same time. On this stack a
// statement's cost to the app is mostly its socket write and read, whatever the statement; fifty
// members sending at once made two of them per message before the store. The reads stay what they
// were: each its own statement, in autocommit, on its own consistent snapshot, with its bindings
// escaped as before; only the trip is shared (on the multi-statement pool, db.ts).
import { firstRow, isSqlite, multiStatementDb, type Db, type Runner, type Tx } from './db.js';
import { isDbServiceFault } from './lib/db-errors.js';
import { tripBatcher } from './lib/trip-batcher.js';

type Binding = string | number | null;

interface QueuedRead {
  sql: string;
  bindings: readonly Binding[];
  resolve(row: unknown): void;
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
    queueRead(db as Db, { sql, bindings, resolve: resolve as (row: unknown) => void, reject });
  });
}

async function readBatch(db: Db, batch: QueuedRead[]): Promise<void> {
  // A lone read goes as it always did, on the main pool.
  if (batch.length === 1) return readAlone(db, batch[0]!);
  try {
    const sql = batch.map((r) => r.sql).join(';\n');
    const [results] = (await multiStatementDb(db).raw(sql, batch.flatMap((r) => r.bindings))) as [unknown[][]];
    batch.forEach((r, i) => r.resolve(results[i]?.[0]));
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
    r.resolve(await firstRow(db, r.sql, r.bindings));
  } catch (err) {
    r.reject(err);
  }
}
