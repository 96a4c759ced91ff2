// SQL for the mail outbox: rows are claimed with a lease so that one process sends each mail.
import type { NotificationType } from '../../types/notifications.js';
import type { Runner } from '../db.js';

export interface OutboxMail {
  id: number;
  user_id: number | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  /** Null for transactional mail (always sent); else re-checked against settings at send time. */
  notification_type: string | null;
  /** JSON of extra headers, or null. */
  headers: string | null;
  /** The profile a notification is about: a block since it was queued drops it. */
  about_profile_id: number | null;
  /** JSON array of the profiles a digest shows, or null; as about_profile_id. */
  about_profile_ids: string | null;
}

export interface NewMail {
  siteId: number | null;
  userId: number | null;
  to: string;
  template: string;
  language: string;
  subject: string;
  html: string;
  text: string;
  /** The notification a mail belongs to (re-checked at send time); absent for transactional mail. */
  notificationType?: NotificationType | null;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string> | null;
  /** The profile a notification is about (its name is in the mail): erased with that profile. */
  aboutProfileId?: number | null;
  /** The profiles a digest shows: a block with any of them since it was queued drops it. */
  aboutProfileIds?: number[] | null;
}

export async function insertMail(db: Runner, m: NewMail, status: 'pending' | 'suppressed', now: number): Promise<number> {
  const [id] = await db('mail_outbox').insert({
    site_id: m.siteId, user_id: m.userId, to_address: m.to, template: m.template, language: m.language,
    subject: m.subject, html: m.html, text: m.text, status,
    notification_type: m.notificationType ?? null, headers: m.headers ? JSON.stringify(m.headers) : null, about_profile_id: m.aboutProfileId ?? null,
    about_profile_ids: m.aboutProfileIds?.length ? JSON.stringify(m.aboutProfileIds) : null, attempts: 0, next_attempt_at: now, created_at: now,
  });
  return Number(id);
}

export async function isSuppressed(db: Runner, address: string): Promise<boolean> {
  return Boolean(await db('suppressions').where({ email: address }).first('id'));
}

export async function dueMailIds(db: Runner, now: number, limit: number): Promise<number[]> {
  const rows = await db('mail_outbox')
    .where({ status: 'pending' })
    .andWhere('next_attempt_at', '<=', now)
    .andWhere((q) => q.whereNull('locked_until').orWhere('locked_until', '<', now))
    .orderBy('id')
    .limit(limit)
    .select('id');
  return rows.map((r: { id: number | string }) => Number(r.id));
}

/** Takes the lease on one mail; false when another worker holds it or it is no longer pending. */
export async function claimMail(db: Runner, id: number, worker: string, now: number, leaseMs: number): Promise<OutboxMail | undefined> {
  const claimed = await db('mail_outbox')
    .where({ id, status: 'pending' })
    .andWhere((q) => q.whereNull('locked_until').orWhere('locked_until', '<', now))
    .update({ locked_by: worker, locked_until: now + leaseMs });
  if (claimed !== 1) return undefined;
  return (await db('mail_outbox').where({ id, locked_by: worker }).first('id', 'user_id', 'to_address', 'subject', 'html', 'text', 'attempts', 'notification_type', 'headers', 'about_profile_id', 'about_profile_ids')) as
    | OutboxMail
    | undefined;
}

export async function markSent(db: Runner, id: number, messageId: string | null, now: number): Promise<void> {
  await db('mail_outbox').where({ id }).update({ status: 'sent', message_id: messageId, sent_at: now, locked_by: null, locked_until: null, last_error: null });
}

/** A notification mail the member no longer wants (switch off, address suppressed): kept, never sent. */
export async function markSuppressed(db: Runner, id: number, reason: string): Promise<void> {
  await db('mail_outbox').where({ id }).update({ status: 'suppressed', last_error: reason.slice(0, 2000), locked_by: null, locked_until: null });
}

export async function markFailedAttempt(db: Runner, id: number, attempts: number, error: string, nextAttemptAt: number | null): Promise<void> {
  await db('mail_outbox')
    .where({ id })
    .update({
      attempts,
      last_error: error.slice(0, 2000),
      status: nextAttemptAt === null ? 'failed' : 'pending',
      next_attempt_at: nextAttemptAt ?? Date.now(),
      locked_by: null,
      locked_until: null,
    });
}

export async function outboxCounts(db: Runner): Promise<Record<string, number>> {
  const rows = (await db('mail_outbox').select('status').count({ n: '*' }).groupBy('status')) as unknown as { status: string; n: number | string }[];
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
