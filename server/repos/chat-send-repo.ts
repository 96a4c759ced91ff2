// The chat send's transaction in one go, for its common case (a text or a gift in a conversation
// that exists): the guarded debit with the daily limit (credits-repo's own statement), its ledger
// row, the message and both participant rows. The same writes, in the same order and with the same
// guards, as the general path (ChatService.store through applyLedgerDelta, insertMessage and
// recordDelivery); only the trips are fewer: SQLite runs the five statements synchronously on its
// connection, committing the sends of one event-loop turn together (group commit), MySQL/MariaDB
// sends them as one multi-statement on a connection of its own.
import { multiStatementDb, onSqliteConnection, isSqlite, type Db, type SqliteConnection } from '../db.js';
import { paidDebitSql, sqliteDebitResult, unpackDebit, unpackedBalanceSql, type LedgerResult } from './credits-repo.js';
import { badgeCountColumns, badgeCountsOf, type BadgeCountsRow } from './badges-repo.js';
import { pairOf } from './chat-repo.js';

export interface ConversationSend {
  userId: number;
  senderProfileId: number;
  receiverProfileId: number;
  conversationId: number;
  kind: 'text' | 'gift';
  body: string | null;
  giftId: number | null;
  cost: number;
  clientId: string;
  now: number;
  /** Also read the receiver's badge totals once the message is in (a receiver with an account). */
  receiverCounts: boolean;
}

/**
 * Stored: the message, the debit's answer and, when asked, the receiver's badge totals as committed
 * (for their live update, without a read of its own). Undefined: the debit was refused (nothing written).
 */
export type ConversationSendResult = (LedgerResult & { messageId: number; receiverCounts?: { unread: number; likes: number } }) | undefined;

const ledgerOf = (s: ConversationSend) => ({
  userId: s.userId, delta: -s.cost, reason: s.kind === 'text' ? 'message' : 'gift', reference: `client:${s.clientId}`, key: `send:${s.senderProfileId}:${s.clientId}`, now: s.now,
});

const participantRows = (s: ConversationSend) =>
  pairOf(s.senderProfileId, s.receiverProfileId).map((profileId) => ({ profileId, unread: profileId === s.receiverProfileId ? 1 : 0 }));

/**
 * Throws what the statements throw (a unique violation of the ledger's idempotency key for a
 * retried send that lost the race, a foreign key when a block deleted the conversation meanwhile,
 * a deadlock to retry), with nothing written.
 */
export function storeSendInConversation(db: Db, s: ConversationSend): Promise<ConversationSendResult> {
  return isSqlite(db) ? storeOnSqlite(db, s) : storeOnMysql(db, s);
}

const SQLITE_LEDGER = 'INSERT INTO credit_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';
const SQLITE_MESSAGE =
  'INSERT INTO messages (conversation_id, sender_profile_id, kind, body, gift_id, photo_id, credits_spent, client_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)';
/** Both members see the conversation again and the receiver has one more unread (chat-repo's recordDelivery). */
const SQLITE_PARTICIPANTS = `INSERT INTO conversation_participants (conversation_id, profile_id, unread_count, last_message_at, deleted_at)
  VALUES (?, ?, ?, ?, NULL), (?, ?, ?, ?, NULL)
  ON CONFLICT (conversation_id, profile_id) DO UPDATE SET last_message_at = excluded.last_message_at, deleted_at = NULL,
  unread_count = conversation_participants.unread_count + excluded.unread_count`;

const SQLITE_COUNTS = `SELECT ${badgeCountColumns('?')}`;

/** Sends committed together at most: bounds how long one batch holds the event loop. */
const SQLITE_BATCH_MAX = 100;

interface QueuedSend {
  s: ConversationSend;
  resolve(result: ConversationSendResult): void;
  reject(err: unknown): void;
}

/** The sends waiting for the next commit, per database. */
const sqliteBatches = new WeakMap<Db, QueuedSend[]>();

/**
 * Group commit: the sends that reach the store in one turn of the event loop are written in one
 * transaction, each in a savepoint of its own (better-sqlite3 nests transactions that way), so one
 * send's failure (a retried client id, a conversation a block deleted) takes back only its own
 * writes. A commit of one send rewrote every page it touched into the write-ahead log (the member's
 * row, the ledger, the message, both participants and their indexes); fifty sends in one commit
 * share those pages. Each send is answered only once its batch is committed, as before; it waits
 * at most for the rest of this turn (setImmediate), not for a timer.
 */
function storeOnSqlite(db: Db, s: ConversationSend): Promise<ConversationSendResult> {
  return new Promise((resolve, reject) => {
    let batch = sqliteBatches.get(db);
    if (!batch || batch.length >= SQLITE_BATCH_MAX) {
      const fresh: QueuedSend[] = [];
      batch = fresh;
      sqliteBatches.set(db, fresh);
      setImmediate(() => {
        if (sqliteBatches.get(db) === fresh) sqliteBatches.delete(db);
        void commitSqliteBatch(db, fresh);
      });
    }
    batch.push({ s, resolve, reject });
  });
}

type Outcome = { ok: true; value: ConversationSendResult } | { ok: false; error: unknown };

async function commitSqliteBatch(db: Db, batch: QueuedSend[]): Promise<void> {
  let outcomes: Outcome[];
  try {
    outcomes = await onSqliteConnection(db, (conn) => {
      const storeOne = conn.transaction((s: ConversationSend) => storeOneOnSqlite(conn, s));
      const stored = conn.transaction(() =>
        batch.map(({ s }): Outcome => {
          try {
            return { ok: true, value: storeOne(s) };
          } catch (error) {
            // Its savepoint is rolled back. An error that ended the whole transaction (a full disk)
            // fails the batch: nothing of it is committed.
            if (!conn.inTransaction) throw error;
            return { ok: false, error };
          }
        }),
      )();
      // The receivers' badge totals as committed, for their live update.
      return stored.map((o, i) => {
        const s = batch[i]!.s;
        if (!o.ok || !o.value || !s.receiverCounts) return o;
        return { ok: true, value: { ...o.value, receiverCounts: badgeCountsOf(conn.prepare(SQLITE_COUNTS).get(s.receiverProfileId, s.receiverProfileId) as BadgeCountsRow) } };
      });
    });
  } catch (err) {
    for (const queued of batch) queued.reject(err);
    return;
  }
  outcomes.forEach((o, i) => (o.ok ? batch[i]!.resolve(o.value) : batch[i]!.reject(o.error)));
}

/** One send's writes (the caller holds the transaction): undefined when the debit is refused. */
function storeOneOnSqlite(conn: SqliteConnection, s: ConversationSend): ConversationSendResult {
  const row = conn.prepare(paidDebitSql('sqlite', s.now)).get({ cost: s.cost, now: s.now, userId: s.userId }) as { credits: number; left_today: number | null } | undefined;
  if (!row) return undefined;
  const debit = sqliteDebitResult(row);
  const l = ledgerOf(s);
  conn.prepare(SQLITE_LEDGER).run(l.userId, l.delta, debit.balance, l.reason, l.reference, l.key, l.now);
  const message = conn.prepare(SQLITE_MESSAGE).run(s.conversationId, s.senderProfileId, s.kind, s.body, s.giftId, s.cost, s.clientId, s.now);
  const [a, b] = participantRows(s);
  conn.prepare(SQLITE_PARTICIPANTS).run(s.conversationId, a!.profileId, a!.unread, s.now, s.conversationId, b!.profileId, b!.unread, s.now);
  return { ...debit, messageId: Number(message.lastInsertRowid) };
}

/**
 * One round trip: the transaction, each write after the debit guarded by its outcome (@amora_ok),
 * the commit, and the outcome read back (with the receiver's totals as committed, when asked). A statement that fails stops the rest, the commit
 * included: the open transaction is then rolled back on the same connection before it goes back to
 * the pool.
 */
function mysqlSendSql(now: number, receiverCounts: boolean): string {
  const ok = 'WHERE @amora_ok = 1';
  return [
    'START TRANSACTION',
    paidDebitSql('mysql', now),
    'SET @amora_ok = ROW_COUNT(), @amora_packed = LAST_INSERT_ID()',
    `INSERT INTO credit_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
      SELECT :userId, :delta, ${unpackedBalanceSql('@amora_packed')}, :reason, :reference, :key, :now FROM DUAL ${ok}`,
    `INSERT INTO messages (conversation_id, sender_profile_id, kind, body, gift_id, photo_id, credits_spent, client_id, created_at)
      SELECT :conversationId, :senderProfileId, :kind, :body, :giftId, NULL, :cost, :clientId, :now FROM DUAL ${ok}`,
    'SET @amora_message = IF(@amora_ok = 1, LAST_INSERT_ID(), NULL)',
    `INSERT INTO conversation_participants (conversation_id, profile_id, unread_count, last_message_at, deleted_at)
      SELECT :conversationId, :firstProfileId, :firstUnread, :now, NULL FROM DUAL ${ok}
      UNION ALL SELECT :conversationId, :secondProfileId, :secondUnread, :now, NULL FROM DUAL ${ok}
      ON DUPLICATE KEY UPDATE last_message_at = VALUES(last_message_at), deleted_at = NULL, unread_count = unread_count + VALUES(unread_count)`,
    'COMMIT',
    `SELECT @amora_ok AS ok, @amora_packed AS packed, @amora_message AS message_id${receiverCounts ? `, ${badgeCountColumns(':receiverProfileId')}` : ''}`,
  ].join(';\n');
}

async function storeOnMysql(db: Db, s: ConversationSend): Promise<ConversationSendResult> {
  const multi = multiStatementDb(db);
  const l = ledgerOf(s);
  const [first, second] = participantRows(s);
  const bindings = {
    cost: s.cost, now: s.now, userId: s.userId, delta: l.delta, reason: l.reason, reference: l.reference, key: l.key,
    conversationId: s.conversationId, senderProfileId: s.senderProfileId, kind: s.kind, body: s.body, giftId: s.giftId, clientId: s.clientId,
    receiverProfileId: s.receiverProfileId, firstProfileId: first!.profileId, firstUnread: first!.unread, secondProfileId: second!.profileId, secondUnread: second!.unread,
  };
  const conn = (await multi.client.acquireConnection()) as object;
  try {
    const [results] = (await multi.raw(mysqlSendSql(s.now, s.receiverCounts), bindings).connection(conn)) as [unknown[]];
    const [outcome] = results[results.length - 1] as ({ ok: number | string | null; packed: number | string | null; message_id: number | string | null } & BadgeCountsRow)[];
    if (!outcome || Number(outcome.ok) !== 1) return undefined;
    return { ...unpackDebit(outcome.packed!), messageId: Number(outcome.message_id), ...(s.receiverCounts ? { receiverCounts: badgeCountsOf(outcome) } : {}) };
  } catch (err) {
    // The statements after the failing one did not run, the commit among them.
    await multi.raw('ROLLBACK').connection(conn).catch(() => undefined);
    throw err;
  } finally {
    await multi.client.releaseConnection(conn);
  }
}
