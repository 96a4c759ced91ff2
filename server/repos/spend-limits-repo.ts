// SQL for the daily spending limit's settings (issue 18.3). The debit that the limit holds back is
// in credits-repo.ts; these are the member's reads and the settings writes.
import { isSqlite, type Runner, type Tx } from '../db.js';
import { batchedFirstRow } from '../db-read-batch.js';
import { PAID_REASONS } from './credits-repo.js';

export interface SpendState {
  credits: number;
  dailyLimit: number | null;
  pendingLimit: number | null;
  pendingFrom: number | null;
  spentDay: number | null;
  spentToday: number;
  spendZone: string | null;
}

interface RawState {
  credits: number;
  daily_limit: number | null;
  pending_limit: number | null;
  pending_from: number | null;
  spent_day: number | null;
  spent_today: number;
  spend_zone: string | null;
}

const COLUMNS = ['credits', 'daily_limit', 'pending_limit', 'pending_from', 'spent_day', 'spent_today', 'spend_zone'];
const orNull = (v: number | string | null) => (v === null ? null : Number(v));

const toState = (r: RawState): SpendState => ({
  credits: Number(r.credits), dailyLimit: orNull(r.daily_limit), pendingLimit: orNull(r.pending_limit), pendingFrom: orNull(r.pending_from),
  spentDay: orNull(r.spent_day), spentToday: Number(r.spent_today), spendZone: r.spend_zone,
});

/** A fixed text (batchedFirstRow): the chat pages read it on every request, where knex's query building cost more than the read. */
const SPEND_STATE = `SELECT ${COLUMNS.join(', ')} FROM users WHERE id = ? LIMIT 1`;

export async function spendStateOf(db: Runner, userId: number): Promise<SpendState | undefined> {
  const row = await batchedFirstRow<RawState>(db, SPEND_STATE, [userId]);
  return row ? toState(row) : undefined;
}

/** The same, holding the member's row until the transaction ends (SQLite runs one transaction at a time anyway). */
export async function lockSpendState(tx: Tx, userId: number): Promise<SpendState | undefined> {
  const q = tx('users').where({ id: userId }).first(COLUMNS);
  const row = (await (isSqlite(tx) ? q : q.forUpdate())) as RawState | undefined;
  return row ? toState(row) : undefined;
}

export interface SpendLimitWrite {
  dailyLimit: number | null;
  pendingLimit: number | null;
  pendingFrom: number | null;
  spentDay: number | null;
  spentToday: number;
  spendZone: string | null;
}

export async function writeSpendLimit(tx: Tx, userId: number, w: SpendLimitWrite, now: number): Promise<void> {
  await tx('users').where({ id: userId }).update({
    daily_limit: w.dailyLimit, pending_limit: w.pendingLimit, pending_from: w.pendingFrom,
    spent_day: w.spentDay, spent_today: w.spentToday, spend_zone: w.spendZone, updated_at: now,
  });
}

/** Credits the member spent on paid actions (messages, gifts, photos) since an instant, from the ledger. */
export async function paidSpentSince(db: Runner, userId: number, since: number): Promise<number> {
  const row = (await db('credit_ledger')
    .where({ user_id: userId })
    .whereIn('reason', [...PAID_REASONS])
    .andWhere('created_at', '>=', since)
    .andWhere('delta', '<', 0)
    .sum({ spent: 'delta' })
    .first()) as { spent: number | string | null } | undefined;
  return -Number(row?.spent ?? 0);
}
