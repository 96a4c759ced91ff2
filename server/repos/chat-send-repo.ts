// The chat send's transaction in one go, for its common case (a text or a gift in a conversation
// that exists): the guarded debit with the daily limit (credits-repo's own statement), its ledger
// row, the message and both participant rows. The same writes, in the same order and with the same
// guards, as the general path (ChatService.store through applyLedgerDelta, insertMessage and
// recordDelivery); only the trips are fewer: SQLite runs the five statements synchronously on its
// connection, MySQL/MariaDB sends them as one multi-statement on a connection of its own.
import { multiStatementDb, onSqliteConnection, isSqlite, type Db } from '../db.js';
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

function storeOnSqlite(db: Db, s: ConversationSend): Promise<ConversationSendResult> {
  const debitSql = paidDebitSql('sqlite', s.now);
  return onSqliteConnection(db, (conn) => {
    const stored = conn.transaction((): ConversationSendResult => {
      const row = conn.prepare(debitSql).get({ cost: s.cost, now: s.now, userId: s.userId }) as { credits: number; left_today: number | null } | undefined;
      if (!row) return undefined;
      const debit = sqliteDebitResult(row);
      const l = ledgerOf(s);
      conn.prepare(SQLITE_LEDGER).run(l.userId, l.delta, debit.balance, l.reason, l.reference, l.key, l.now);
      const message = conn.prepare(SQLITE_MESSAGE).run(s.conversationId, s.senderProfileId, s.kind, s.body, s.giftId, s.cost, s.clientId, s.now);
      const [a, b] = participantRows(s);
      conn.prepare(SQLITE_PARTICIPANTS).run(s.conversationId, a!.profileId, a!.unread, s.now, s.conversationId, b!.profileId, b!.unread, s.now);
      return { ...debit, messageId: Number(message.lastInsertRowid) };
    })();
    if (!stored || !s.receiverCounts) return stored;
    return { ...stored, receiverCounts: badgeCountsOf(conn.prepare(SQLITE_COUNTS).get(s.receiverProfileId, s.receiverProfileId) as BadgeCountsRow) };
  });
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
