// SQL for the push worker: due push_outbox rows claimed with a lease (as the mail outbox does), the
// member's subscriptions, and what became of each row. Rows are written by push-outbox-repo.ts.
import type { Runner } from '../db.js';
import { parseJson } from '../lib/json.js';

export interface ClaimedPush {
  id: number;
  userId: number;
  siteId: number | null;
  payload: string;
  notificationType: string | null;
  attempts: number;
  createdAt: number;
  /** Endpoint hashes still owed this push after a partial failure; null: every subscription. */
  retryEndpoints: string[] | null;
  /** The profile the push is about (a block since it was queued drops it), or null. */
  aboutProfileId: number | null;
}

export interface StoredSubscription {
  id: number;
  endpointHash: string;
  /** The JSON the browser gave (endpoint, keys.p256dh, keys.auth). */
  json: string;
}

export async function duePushIds(db: Runner, now: number, limit: number): Promise<number[]> {
  const rows = await db('push_outbox')
    .where({ status: 'pending' })
    .andWhere('next_attempt_at', '<=', now)
    .andWhere((q) => q.whereNull('locked_until').orWhere('locked_until', '<', now))
    .orderBy('id')
    .limit(limit)
    .select('id');
  return rows.map((r: { id: number | string }) => Number(r.id));
}

interface RawClaimed {
  id: number | string;
  user_id: number | string;
  site_id: number | string | null;
  payload: string;
  notification_type: string | null;
  attempts: number | string;
  created_at: number | string;
  retry_endpoints: string | null;
  about_profile_id: number | string | null;
}

/** Takes the lease on one row; undefined when another worker holds it or it is no longer pending. */
export async function claimPush(db: Runner, id: number, worker: string, now: number, leaseMs: number): Promise<ClaimedPush | undefined> {
  const claimed = await db('push_outbox')
    .where({ id, status: 'pending' })
    .andWhere((q) => q.whereNull('locked_until').orWhere('locked_until', '<', now))
    .update({ locked_by: worker, locked_until: now + leaseMs });
  if (claimed !== 1) return undefined;
  const row = (await db('push_outbox as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .where({ 'p.id': id, 'p.locked_by': worker })
    .first('p.id', 'p.user_id', 'u.site_id', 'p.payload', 'p.notification_type', 'p.attempts', 'p.created_at', 'p.retry_endpoints', 'p.about_profile_id')) as RawClaimed | undefined;
  if (!row) return undefined;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    siteId: row.site_id === null ? null : Number(row.site_id),
    payload: row.payload,
    notificationType: row.notification_type,
    attempts: Number(row.attempts),
    createdAt: Number(row.created_at),
    retryEndpoints: row.retry_endpoints === null ? null : parseJson<string[]>(row.retry_endpoints, []),
    aboutProfileId: row.about_profile_id === null ? null : Number(row.about_profile_id),
  };
}

export async function subscriptionsOf(db: Runner, userId: number): Promise<StoredSubscription[]> {
  const rows = (await db('push_subscriptions').where('user_id', userId).orderBy('id').select('id', 'endpoint_hash', 'subscription')) as {
    id: number | string;
    endpoint_hash: string;
    subscription: string;
  }[];
  return rows.map((r) => ({ id: Number(r.id), endpointHash: r.endpoint_hash, json: r.subscription }));
}

/** The push service says the subscription is gone (404/410): the browser unsubscribed or expired. */
export async function deleteSubscription(db: Runner, id: number): Promise<void> {
  await db('push_subscriptions').where({ id }).delete();
}

/** The row is finished: 'sent' (at least one browser took it), 'failed' or 'dropped' (not sent on purpose). */
export async function finishPush(db: Runner, id: number, status: 'sent' | 'failed' | 'dropped', attempts: number, error: string | null): Promise<void> {
  await db('push_outbox')
    .where({ id })
    .update({ status, attempts, last_error: error?.slice(0, 2000) ?? null, locked_by: null, locked_until: null, retry_endpoints: null });
}

/** Browsers asked for a retry: try again at `nextAttemptAt`, for those endpoints only (null: every subscription). */
export async function retryPush(db: Runner, id: number, attempts: number, error: string, nextAttemptAt: number, endpoints: string[] | null): Promise<void> {
  await db('push_outbox')
    .where({ id })
    .update({
      attempts,
      last_error: error.slice(0, 2000),
      next_attempt_at: nextAttemptAt,
      retry_endpoints: endpoints ? JSON.stringify(endpoints) : null,
      locked_by: null,
      locked_until: null,
    });
}

export async function pushOutboxCounts(db: Runner): Promise<Record<string, number>> {
  const rows = (await db('push_outbox').select('status').count({ n: '*' }).groupBy('status')) as unknown as { status: string; n: number | string }[];
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
