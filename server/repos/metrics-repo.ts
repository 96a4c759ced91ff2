// SQL for /metrics: the outboxes' backlog and the payments by state, read at scrape time.
import type { Runner } from '../db.js';

export const OUTBOXES = { mail: 'mail_outbox', push: 'push_outbox', sms: 'sms_outbox' } as const;
export type OutboxName = keyof typeof OUTBOXES;

export interface OutboxBacklog {
  /** Rows still to be sent (status pending, due or waiting for a retry). */
  pending: number;
  /** created_at of the oldest pending row (epoch ms); null when nothing is pending. */
  oldestCreatedAt: number | null;
}

/** One statement per outbox; the (status, next_attempt_at) index keeps it to the pending rows. */
export async function outboxBacklog(db: Runner, outbox: OutboxName): Promise<OutboxBacklog> {
  const row = (await db(OUTBOXES[outbox]).where('status', 'pending').first(db.raw('count(*) as n'), db.raw('min(created_at) as oldest'))) as
    | { n: number | string; oldest: number | string | null }
    | undefined;
  return { pending: Number(row?.n ?? 0), oldestCreatedAt: row?.oldest == null ? null : Number(row.oldest) };
}

/** Payments per status (open, pending, paid, failed, …), from the (status, created_at) index. */
export async function paymentsByStatus(db: Runner): Promise<Record<string, number>> {
  const rows = (await db('payments').select('status').count({ n: '*' }).groupBy('status')) as unknown as { status: string; n: number | string }[];
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
