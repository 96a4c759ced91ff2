// SQL for the credit ledger. The balance on users changes only together with a ledger row, in
// the caller's transaction, through a guarded update that can never take it below zero.
import { isSqlite, type Runner, type Tx } from '../db.js';

export interface LedgerEntry {
  userId: number;
  delta: number;
  reason: string;
  reference?: string | null;
  idempotencyKey?: string | null;
}

/** Returns the new balance, or undefined when a debit would overdraw (nothing is written then). */
export async function applyCreditDelta(tx: Tx, e: LedgerEntry): Promise<number | undefined> {
  const now = Date.now();
  const balance = await guardedBalanceUpdate(tx, e.userId, e.delta, now);
  if (balance === undefined) return undefined;
  await tx('credit_ledger').insert({
    user_id: e.userId,
    delta: e.delta,
    balance_after: balance,
    reason: e.reason,
    reference: e.reference ?? null,
    idempotency_key: e.idempotencyKey ?? null,
    created_at: now,
  });
  return balance;
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

export async function creditBalance(db: Runner, userId: number): Promise<number | undefined> {
  const row = await db('users').where({ id: userId }).first('credits');
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
