// SQL for the credit ledger. The balance on users changes only together with a ledger row, in
// the caller's transaction, through a guarded update that can never take it below zero. Paid
// actions (messages, gifts, photos) are held to the member's daily spending limit in the same
// statement (issue 18.3).
import { isSqlite, type Runner, type Tx } from '../db.js';
import { batchedFirstRow } from '../db-read-batch.js';
import { zoneDaysAt, type ZoneDays } from '../lib/local-days.js';
import { SPEND_LIMIT_MAX } from '../../types/spend-limit.js';

export interface LedgerEntry {
  userId: number;
  delta: number;
  reason: string;
  reference?: string | null;
  idempotencyKey?: string | null;
}

/** Debits with these reasons count towards the daily spending limit; refunds, grants and purges never do. */
export const PAID_REASONS: ReadonlySet<string> = new Set(['message', 'gift', 'photo']);

export interface LedgerResult {
  balance: number;
  /**
   * After a paid debit: what is left of today's limit, null without a limit. Undefined for every
   * other change (it leaves the limit alone).
   */
  leftToday?: number | null;
}

/** Returns the new balance, or undefined when a debit would overdraw or go over the daily limit (nothing is written then). */
export async function applyCreditDelta(tx: Tx, e: LedgerEntry): Promise<number | undefined> {
  return (await applyLedgerDelta(tx, e))?.balance;
}

/** applyCreditDelta, also answering what is left of today's limit after a paid debit. */
export async function applyLedgerDelta(tx: Tx, e: LedgerEntry): Promise<LedgerResult | undefined> {
  const now = Date.now();
  const result = e.delta < 0 && PAID_REASONS.has(e.reason)
    ? await limitedDebit(tx, e.userId, -e.delta, now)
    : await guardedBalanceUpdate(tx, e.userId, e.delta, now).then((balance) => (balance === undefined ? undefined : { balance }));
  if (result === undefined) return undefined;
  await tx('credit_ledger').insert({
    user_id: e.userId,
    delta: e.delta,
    balance_after: result.balance,
    reason: e.reason,
    reference: e.reference ?? null,
    idempotency_key: e.idempotencyKey ?? null,
    created_at: now,
  });
  return result;
}

/**
 * The guarded update itself, answering with the balance it wrote, in one statement where the
 * dialect can say it: SQLite's UPDATE … RETURNING, and on MySQL/MariaDB (no RETURNING on UPDATE)
 * LAST_INSERT_ID(expr), whose value the server reports back with the update's result. The row
 * stays locked by the update either way, so the value is the one committed with the ledger row.
 */
async function guardedBalanceUpdate(tx: Tx, userId: number, delta: number, now: number): Promise<number | undefined> {
  const guard = delta < 0 ? -delta : Number.MIN_SAFE_INTEGER;
  if (isSqlite(tx)) {
    const rows = (await tx('users').where({ id: userId }).andWhere('credits', '>=', guard).update({ credits: tx.raw('credits + ?', [delta]), updated_at: now }, ['credits'])) as { credits: number }[];
    return rows.length === 1 ? Number(rows[0]!.credits) : undefined;
  }
  const [result] = (await tx.raw('UPDATE users SET credits = LAST_INSERT_ID(credits + ?), updated_at = ? WHERE id = ? AND credits >= ?', [delta, now, userId, guard])) as [{ affectedRows: number; insertId: number }];
  return result.affectedRows === 1 ? Number(result.insertId) : undefined;
}

/** MySQL's answer of a paid debit: balance × LEFT_FACTOR + what is left today, or NO_LIMIT. */
const LEFT_FACTOR = 131_072;
const NO_LIMIT = LEFT_FACTOR - 1;
if (SPEND_LIMIT_MAX >= NO_LIMIT) throw new Error('LEFT_FACTOR must exceed SPEND_LIMIT_MAX');

/**
 * A paid debit of `cost` credits: the guarded update above, also held to the daily limit and
 * counting what was spent today, still one statement (the chat send is the busiest write). The
 * member's day is the day in their limit's zone (spend_zone), picked in SQL from each zone's day,
 * which the caller computed (zoneDaysAt); a raise or removal waiting for a day that has come
 * applies here already (the settings write stores it later). Spending is counted only while a
 * limit is set. A spent_day later than today (the zone moved west) keeps counting: never a free reset.
 *
 * MySQL reports one number back (LAST_INSERT_ID): the new balance × LEFT_FACTOR plus what is left
 * today (NO_LIMIT without a limit). The limit is at most SPEND_LIMIT_MAX and the balance an
 * unsigned INT, so the number stays below 2^49, exact in a double.
 */
async function limitedDebit(tx: Tx, userId: number, cost: number, now: number): Promise<LedgerResult | undefined> {
  const bindings = { cost, now, userId };
  if (isSqlite(tx)) {
    const rows = (await tx.raw(paidDebitSql('sqlite', now), bindings)) as { credits: number; left_today: number | null }[];
    return rows.length === 1 ? sqliteDebitResult(rows[0]!) : undefined;
  }
  const [result] = (await tx.raw(paidDebitSql('mysql', now), bindings)) as [{ affectedRows: number; insertId: number }];
  return result.affectedRows === 1 ? unpackDebit(result.insertId) : undefined;
}

/**
 * The statement of a paid debit (limitedDebit above), with the named bindings :cost, :now and
 * :userId, for a caller that runs it itself (the chat send's one-go transaction, chat-send-repo.ts).
 * SQLite answers the row (credits, left_today: see sqliteDebitResult); MySQL reports the packed
 * number through LAST_INSERT_ID (see unpackDebit).
 */
export function paidDebitSql(dialect: 'sqlite' | 'mysql', now: number): string {
  const { day, spent, limit } = limitSql(zoneDaysAt(now));
  // MySQL evaluates the assignments left to right, each on the values the ones before it wrote:
  // spent_today is read (in `spent`) before spent_day changes, and credits (MySQL) first of all.
  const sets = `spent_today = CASE WHEN daily_limit IS NULL THEN spent_today ELSE ${spent} + :cost END,
    spent_day = CASE WHEN daily_limit IS NULL OR spent_day >= ${day} THEN spent_day ELSE ${day} END, updated_at = :now`;
  const where = `WHERE id = :userId AND credits >= :cost AND (daily_limit IS NULL OR ${limit} IS NULL OR ${spent} + :cost <= ${limit})`;
  if (dialect === 'sqlite') {
    // RETURNING sees the row as written: spent_today is already today's new total.
    const left = `CASE WHEN daily_limit IS NULL OR ${limit} IS NULL THEN NULL ELSE ${limit} - spent_today END`;
    return `UPDATE users SET credits = credits - :cost, ${sets} ${where} RETURNING credits, ${left} AS left_today`;
  }
  const left = `CASE WHEN daily_limit IS NULL OR ${limit} IS NULL THEN ${NO_LIMIT} ELSE ${limit} - (${spent} + :cost) END`;
  return `UPDATE users SET credits = LAST_INSERT_ID((credits - :cost) * ${LEFT_FACTOR} + ${left}) DIV ${LEFT_FACTOR}, ${sets} ${where}`;
}

/** SQLite's answer of a paid debit. */
export function sqliteDebitResult(row: { credits: number; left_today: number | null }): LedgerResult {
  return { balance: Number(row.credits), leftToday: row.left_today === null ? null : Number(row.left_today) };
}

/** MySQL's answer of a paid debit: the new balance and what is left today, from the packed number. */
export function unpackDebit(packedValue: number | string): LedgerResult {
  const packed = Number(packedValue);
  const leftToday = packed % LEFT_FACTOR;
  return { balance: Math.floor(packed / LEFT_FACTOR), leftToday: leftToday === NO_LIMIT ? null : leftToday };
}

/** The balance a packed MySQL debit answer wrote, in SQL (for a ledger row written in the same go). */
export const unpackedBalanceSql = (packed: string) => `${packed} DIV ${LEFT_FACTOR}`;

/**
 * The SQL of the member's day, of what they spent on it so far and of the limit in force on it.
 * Zones and days are the code's own constants (never input), written into the text; it changes
 * only when a zone's day does.
 */
function limitSql(days: ZoneDays): { day: string; spent: string; limit: string } {
  if (cachedSql?.days !== days) {
    const whens = days.others.map((o) => `WHEN spend_zone IN (${o.zones.map((z) => `'${z}'`).join(', ')}) THEN ${o.day}`);
    const day = whens.length ? `(CASE ${whens.join(' ')} ELSE ${days.fallback} END)` : String(days.fallback);
    cachedSql = {
      days,
      sql: {
        day,
        spent: `(CASE WHEN spent_day >= ${day} THEN spent_today ELSE 0 END)`,
        limit: `(CASE WHEN pending_from <= ${day} THEN pending_limit ELSE daily_limit END)`,
      },
    };
  }
  return cachedSql.sql;
}

let cachedSql: { days: ZoneDays; sql: { day: string; spent: string; limit: string } } | undefined;

export interface LedgerRow {
  id: number;
  userId: number;
  delta: number;
  balanceAfter: number;
  reason: string;
  reference: string | null;
  createdAt: number;
}

interface RawLedger {
  id: number | string;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  created_at: number | string;
}

const toLedger = (r: RawLedger): LedgerRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  delta: Number(r.delta),
  balanceAfter: Number(r.balance_after),
  reason: r.reason,
  reference: r.reference,
  createdAt: Number(r.created_at),
});

const LEDGER_COLUMNS = ['id', 'user_id', 'delta', 'balance_after', 'reason', 'reference', 'created_at'];

export async function findLedgerByKey(db: Runner, idempotencyKey: string): Promise<LedgerRow | undefined> {
  const row = (await db('credit_ledger').where({ idempotency_key: idempotencyKey }).first(LEDGER_COLUMNS)) as RawLedger | undefined;
  return row ? toLedger(row) : undefined;
}

export async function latestLedgerRow(db: Runner, userId: number): Promise<LedgerRow | undefined> {
  const row = (await db('credit_ledger').where({ user_id: userId }).orderBy('id', 'desc').first(LEDGER_COLUMNS)) as RawLedger | undefined;
  return row ? toLedger(row) : undefined;
}

/** A member's ledger, newest first; `beforeId` pages on from the last row already shown. */
export async function ledgerPage(db: Runner, userId: number, limit: number, beforeId?: number): Promise<LedgerRow[]> {
  const q = db('credit_ledger').where({ user_id: userId }).orderBy('id', 'desc').limit(limit).select(LEDGER_COLUMNS);
  if (beforeId !== undefined) q.andWhere('id', '<', beforeId);
  return ((await q) as RawLedger[]).map(toLedger);
}

export interface CreditAccount {
  id: number;
  email: string;
  siteDomain: string;
  status: string;
  credits: number;
}

/** Accounts by id, or by e-mail address (on one site when `siteDomain` is given). */
export async function findCreditAccounts(db: Runner, by: { userId?: number; email?: string; siteDomain?: string }): Promise<CreditAccount[]> {
  const q = db({ u: 'users' }).join({ s: 'sites' }, 's.id', 'u.site_id')
    .select('u.id', 'u.email', 's.domain as siteDomain', 'u.status', 'u.credits').orderBy('u.id');
  if (by.userId !== undefined) q.where('u.id', by.userId);
  if (by.email !== undefined) q.where('u.email', by.email);
  if (by.siteDomain !== undefined) q.where('s.domain', by.siteDomain);
  const rows = (await q) as CreditAccount[];
  return rows.map((r) => ({ ...r, id: Number(r.id), credits: Number(r.credits) }));
}

/** creditBalance()'s statement, a fixed text (batchedFirstRow): /credits shows it on every view. */
const BALANCE = 'SELECT credits FROM users WHERE id = ? LIMIT 1';

export async function creditBalance(db: Runner, userId: number): Promise<number | undefined> {
  const row = await batchedFirstRow<{ credits: number | string }>(db, BALANCE, [userId]);
  return row ? Number(row.credits) : undefined;
}

export interface LedgerMismatch {
  userId: number;
  email: string;
  balance: number;
  ledgerSum: number;
  /** balance_after of the newest ledger row; null when the member has none. */
  lastBalanceAfter: number | null;
}

/**
 * Members whose balance differs from the sum of their ledger or from their newest row's
 * balance_after. One statement, so it reads one consistent snapshot: a grant or a send committing
 * meanwhile (balance and ledger row together) can never show up as a false mismatch.
 */
export async function ledgerMismatches(db: Runner, o: { userId?: number; limit?: number } = {}): Promise<LedgerMismatch[]> {
  const sums = db('credit_ledger').select('user_id').sum({ ledger_sum: 'delta' }).max({ last_id: 'id' }).groupBy('user_id');
  if (o.userId !== undefined) sums.where('user_id', o.userId);
  const q = db({ u: 'users' })
    .leftJoin(sums.as('l'), 'l.user_id', 'u.id')
    .leftJoin({ last: 'credit_ledger' }, 'last.id', 'l.last_id')
    .select('u.id', 'u.email', 'u.credits', 'l.ledger_sum', 'last.balance_after')
    // A NULL balance_after (no ledger rows) compares as unknown: only the sum (0) then counts.
    .where((w) => w.whereRaw('u.credits <> COALESCE(l.ledger_sum, 0)').orWhereRaw('last.balance_after <> u.credits'))
    .orderBy('u.id');
  if (o.userId !== undefined) q.andWhere('u.id', o.userId);
  if (o.limit !== undefined) q.limit(o.limit);
  const rows = (await q) as { id: number; email: string; credits: number; ledger_sum: number | string | null; balance_after: number | null }[];
  return rows.map((r) => ({
    userId: Number(r.id),
    email: r.email,
    balance: Number(r.credits),
    ledgerSum: Number(r.ledger_sum ?? 0),
    lastBalanceAfter: r.balance_after === null ? null : Number(r.balance_after),
  }));
}

export async function countUsers(db: Runner, userId?: number): Promise<number> {
  const q = db('users').count({ n: '*' });
  if (userId !== undefined) q.where({ id: userId });
  const row = (await q.first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}
