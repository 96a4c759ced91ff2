// SQL for erasing a purged member (issue 13.4): everything that holds their address, name, IP,
// phone, bank details or words is deleted or blanked. What the books need stays under the
// anonymous user id: the credit ledger, payments and the mandate's reference and dates.
import type { Runner } from '../db.js';

/** Who is erased, and the values by which rows that have no user id still point at them. */
export interface ErasureSubject {
  userId: number;
  profileId: number | null;
  /** The account's address and any other address mail went to for it (a pending change). */
  addresses: string[];
  ips: string[];
  phones: string[];
  /** Message ids of the mail sent to them (the .eml files are named after them). */
  messageIds: string[];
}

export type FileStore = 'media' | 'chat-media' | 'mail' | 'exports';

export interface FileRemoval {
  id: number;
  store: FileStore;
  name: string;
}

/** What the purge needs to know before it changes anything (read outside the transaction). */
export async function loadSubject(db: Runner, userId: number, profileId: number | null): Promise<ErasureSubject> {
  const user = (await db('users').where('id', userId).first('email', 'signup_ip')) as { email: string; signup_ip: string | null };
  const mails = (await db('mail_outbox').where('user_id', userId).select('to_address', 'message_id')) as { to_address: string; message_id: string | null }[];
  // Notifications to others that name the member ("New message from …"): their files go too.
  const about = profileId === null ? [] : ((await db('mail_outbox').where('about_profile_id', profileId).pluck('message_id')) as (string | null)[]);
  const phones = [
    ...((await db('direct_debit_mandates').where('user_id', userId).pluck('phone')) as string[]),
    ...((await db('sms_outbox').where('user_id', userId).pluck('phone')) as string[]),
  ];
  return {
    userId,
    profileId,
    addresses: unique([user.email, ...mails.map((m) => m.to_address)].map((a) => a.trim().toLowerCase())),
    ips: unique([user.signup_ip ?? '']),
    phones: unique(phones),
    messageIds: unique([...mails.map((m) => m.message_id), ...about].map((id) => id ?? '')),
  };
}

/** The member's data exports: their ZIP files are queued for removal and the rows go. */
export async function eraseDataExports(db: Runner, userId: number, now: number): Promise<void> {
  const files = (await db('data_exports').where('user_id', userId).whereNotNull('file_name').pluck('file_name')) as string[];
  await queueFileRemovals(db, 'exports', files, now);
  await db('data_exports').where('user_id', userId).delete();
}

export async function chatPhotoKeysSentBy(db: Runner, profileId: number): Promise<string[]> {
  return (await db('chat_photos').where('sender_profile_id', profileId).pluck('file_key')) as string[];
}

/**
 * The member's chat: their messages stay as "message deleted" for the partner (the ledger's
 * debits still point at them) without text, gift or photo; the photos' rows go. Likes and blocks
 * either way go; the partners' unread counts for a member who is gone are cleared.
 */
export async function eraseChat(db: Runner, profileId: number): Promise<void> {
  await db('messages').where('sender_profile_id', profileId).update({ kind: 'deleted', body: null, gift_id: null, photo_id: null, client_id: null });
  await db('chat_photos').where('sender_profile_id', profileId).delete();
  const conversations = db('conversations').where('profile_low_id', profileId).orWhere('profile_high_id', profileId).select('id');
  await db('conversation_participants').whereIn('conversation_id', conversations).update({ unread_count: 0 });
  await db('likes').where('from_profile_id', profileId).orWhere('to_profile_id', profileId).delete();
  await db('blocks').where('blocker_profile_id', profileId).orWhere('blocked_profile_id', profileId).delete();
}

/** Rows that only serve the member (or hold their address or phone without a user id) go. */
export async function deletePersonalRows(db: Runner, s: ErasureSubject): Promise<void> {
  for (const table of ['push_subscriptions', 'push_outbox', 'tokens', 'notification_settings', 'dismissals', 'otp_codes', 'daily_quotas', 'event_relay', 'notification_sends', 'presence', 'member_logins']) {
    await db(table).where('user_id', s.userId).delete();
  }
  await db('mail_outbox').where('user_id', s.userId).orWhereIn('to_address', s.addresses).delete();
  if (s.profileId !== null) {
    for (const table of ['mail_outbox', 'push_outbox']) await db(table).where('about_profile_id', s.profileId).delete();
  }
  await db('sms_outbox').where('user_id', s.userId).orWhereIn('phone', s.phones.length ? s.phones : ['']).delete();
  await db('complaints').where('user_id', s.userId).orWhereIn('email', s.addresses).delete();
  // Others' complaints about the purged profile stay (the operators' record) but no longer point at it.
  if (s.profileId !== null) await db('complaints').where('about_profile_id', s.profileId).update({ about_profile_id: null });
  await db('suppressions').whereIn('email', s.addresses).delete();
  // Their own discount codes go unless a payment or redemption (the books) points at one.
  await db('discount_codes')
    .where('user_id', s.userId)
    .whereNotIn('id', db('payments').whereNotNull('discount_code_id').select('discount_code_id'))
    .whereNotIn('id', db('discount_redemptions').select('discount_code_id'))
    .delete();
  // LIKE narrows the rows ("_" in an address is a wildcard there); the exact test picks them.
  const needles = [...s.addresses, ...s.ips];
  const attempts = (await db('login_attempts').where((q) => needles.forEach((n) => q.orWhere('subject', 'like', `%${n}%`))).select('id', 'subject')) as {
    id: number;
    subject: string;
  }[];
  const ids = attempts.filter((a) => needles.some((n) => a.subject.includes(n))).map((a) => a.id);
  if (ids.length) await db('login_attempts').whereIn('id', ids).delete();
}

/** The mandate stays for the books (its reference, status and dates); who paid from where does not. */
export async function anonymiseMandates(db: Runner, userId: number): Promise<void> {
  const rows = (await db('direct_debit_mandates').where('user_id', userId).select('id', 'iban')) as { id: number; iban: string }[];
  for (const r of rows) {
    await db('direct_debit_mandates').where('id', r.id).update({
      account_holder: '', iban: String(r.iban).slice(0, 2), street: '', house_number: '', zip: '', city: '', phone: '',
    });
  }
}

/** Stored sessions of the member (the database store; Redis is cleaned after the commit). */
export async function deleteSessions(db: Runner, userId: number): Promise<void> {
  const rows = (await db('sessions').where('sess', 'like', `%"userId":${userId}%`).select('sid', 'sess')) as { sid: string; sess: string }[];
  const sids = rows.filter((r) => sessionUserId(r.sess) === userId).map((r) => r.sid);
  if (sids.length) await db('sessions').whereIn('sid', sids).delete();
}

/** Rate-limit counters keyed by the member's address, IP or user id, and every expired one. */
export async function deleteRateLimits(db: Runner, s: ErasureSubject, now: number): Promise<void> {
  const needles = [...s.addresses, ...s.ips];
  const rows = (await db('rate_limits')
    .where((q) => {
      needles.forEach((n) => q.orWhere('key', 'like', `%${n}%`));
      q.orWhere('key', 'like', `%:${s.userId}`);
    })
    .pluck('key')) as string[];
  const keys = rows.filter((k) => isMemberKey(k, s));
  if (keys.length) await db('rate_limits').whereIn('key', keys).delete();
  await db('rate_limits').where('expire', '<', now).delete();
}

/** A limiter key of the member: it holds their address or IP, or ends in their user id ("activation_resend:12"). */
export function isMemberKey(key: string, s: ErasureSubject): boolean {
  if ([...s.addresses, ...s.ips].some((n) => key.includes(n))) return true;
  return new RegExp(`^(amora:)?[a-z_]+:${s.userId}$`).test(key);
}

/** The audit log keeps what was done, with the address and IP replaced. */
export async function redactAuditLog(db: Runner, s: ErasureSubject): Promise<void> {
  for (const needle of [...s.addresses, ...s.ips]) {
    for (const column of ['subject', 'details']) {
      await db('audit_log')
        .where(column, 'like', `%${needle}%`)
        .update({ [column]: db.raw('REPLACE(??, ?, ?)', [column, needle, `[erased user ${s.userId}]`]) });
    }
  }
}

/** Live events relayed between processes are delivered within seconds; older ones may hold anyone's messages. */
export async function deleteRelayedEventsBefore(db: Runner, before: number): Promise<void> {
  await db('event_relay').where('created_at', '<', before).delete();
}

export async function queueFileRemovals(db: Runner, store: FileStore, names: string[], now: number): Promise<void> {
  for (const name of names) await db('file_removals').insert({ store, name, created_at: now });
}

export async function pendingFileRemovals(db: Runner, limit: number): Promise<FileRemoval[]> {
  const rows = (await db('file_removals').orderBy('id').limit(limit).select('id', 'store', 'name')) as FileRemoval[];
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function deleteFileRemovals(db: Runner, ids: number[]): Promise<void> {
  if (ids.length) await db('file_removals').whereIn('id', ids).delete();
}

export function sessionUserId(json: string): number | undefined {
  try {
    const id = (JSON.parse(json) as { userId?: unknown }).userId;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
