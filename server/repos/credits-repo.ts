// SQL for the credit ledger. The balance on users changes only together with a ledger row, in
// the caller's transaction, through a guarded update that can never take it below zero.
import type { Tx } from '../db.js';

export interface LedgerEntry {
  userId: number;
  delta: number;
  reason: string;
  reference?: string | null;
  idempotencyKey?: string | null;
}

/** Returns the new balance, or undefined when a debit would overdraw (nothing is written then). */
export async function applyCreditDelta(tx: Tx, e: LedgerEntry): Promise<number | undefined> {
  const q = tx('users').where({ id: e.userId });
  if (e.delta < 0) q.andWhere('credits', '>=', -e.delta);
  const changed = await q.update({ credits: tx.raw('credits + ?', [e.delta]), updated_at: Date.now() });
  if (changed !== 1) return undefined;
  const row = await tx('users').where({ id: e.userId }).first('credits');
  const balance = Number(row.credits);
  await tx('credit_ledger').insert({
    user_id: e.userId,
    delta: e.delta,
    balance_after: balance,
    reason: e.reason,
    reference: e.reference ?? null,
    idempotency_key: e.idempotencyKey ?? null,
    created_at: Date.now(),
  });
  return balance;
}
