// SQL for suppressed addresses (SPEC.md §3 "Notification-disabled reasons"): one row per address
// and reason; addresses are stored trimmed and in lower case.
import type { SuppressionReason } from '../../types/notifications.js';
import type { Runner } from '../db.js';

export interface SuppressionRow {
  email: string;
  reason: SuppressionReason;
  createdAt: number;
}

interface RawRow {
  email: string;
  reason: string;
  created_at: number | string;
}

const toRow = (r: RawRow): SuppressionRow => ({ email: r.email, reason: r.reason as SuppressionReason, createdAt: Number(r.created_at) });

/** Of `emails`, the ones already suppressed for `reason`. */
export async function existingAmong(db: Runner, emails: string[], reason: SuppressionReason): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = (await db('suppressions').whereIn('email', emails).where({ reason }).select('email')) as { email: string }[];
  return new Set(rows.map((r) => r.email));
}

/** Adds the pairs that are new; a pair stored already (or by a parallel run) is left alone. */
export async function addMany(db: Runner, emails: string[], reason: SuppressionReason, now: number): Promise<void> {
  if (emails.length === 0) return;
  await db('suppressions').insert(emails.map((email) => ({ email, reason, created_at: now }))).onConflict(['email', 'reason']).ignore();
}

export async function reasonsOf(db: Runner, email: string): Promise<SuppressionRow[]> {
  return ((await db('suppressions').where({ email }).orderBy('created_at').select('email', 'reason', 'created_at')) as RawRow[]).map(toRow);
}

export async function list(db: Runner, o: { reason?: SuppressionReason; email?: string; limit: number }): Promise<SuppressionRow[]> {
  const q = db('suppressions').select('email', 'reason', 'created_at').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(o.limit);
  if (o.reason) q.where({ reason: o.reason });
  if (o.email) q.where({ email: o.email });
  return ((await q) as RawRow[]).map(toRow);
}

/** Removes the address's suppressions (of one reason, or all); returns how many went. */
export async function remove(db: Runner, email: string, reason?: SuppressionReason): Promise<number> {
  const q = db('suppressions').where({ email });
  if (reason) q.where({ reason });
  return q.delete();
}
