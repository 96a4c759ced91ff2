// SQL for the data export (issue 18.1): what is stored about one member, read as it is stored.
// Only the member's own rows, and of other profiles only what the site shows anyone (id, name).
// The conversations, gifts and money are in member-chat-data-repo.ts.
import type { Runner } from '../db.js';

type Row = Record<string, unknown>;

/** The account with its site; never the password hash or the derived look-alike name keys. */
export async function accountOf(db: Runner, userId: number): Promise<Row | undefined> {
  return (await db({ u: 'users' })
    .join({ s: 'sites' }, 's.id', 'u.site_id')
    .where('u.id', userId)
    .first(
      'u.id', 'u.email', 'u.status', 'u.language', 'u.signup_date', 'u.confirmed_at', 'u.last_login_at', 'u.password_changed_at',
      'u.credits', 'u.paid_user', 'u.premium_since', 'u.invisible', 'u.signup_ip', 'u.signup_reason', 'u.network', 'u.ref',
      'u.sub1', 'u.sub2', 'u.sub3', 'u.lander', 'u.lander_variant', 'u.search_filters', 'u.signup_step', 'u.direct_debit_blocked_at',
      'u.deletion_requested_at', 'u.delete_reason', 'u.delete_remarks', 'u.created_at', 'u.updated_at',
      'u.daily_limit', 'u.pending_limit', 'u.pending_from', 'u.spent_day', 'u.spent_today', 'u.spend_zone',
      's.id as site_id', 's.domain as site_domain', 's.name as site_name',
    )) as Row | undefined;
}

export async function profileOf(db: Runner, userId: number): Promise<Row | undefined> {
  return (await db('profiles').where('user_id', userId).first(
    'id', 'name', 'gender', 'sexuality', 'birth_date', 'country', 'region', 'city', 'latitude', 'longitude', 'location_precision', 'about',
    'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'appearance', 'race', 'language', 'status', 'main_photo_id',
    'last_active_at', 'created_at', 'updated_at',
  )) as Row | undefined;
}

export async function interestsOf(db: Runner, profileId: number): Promise<string[]> {
  return (await db({ pi: 'profile_interests' }).join({ i: 'interests' }, 'i.id', 'pi.interest_id').where('pi.profile_id', profileId).orderBy('i.position').pluck('i.slug')) as string[];
}

export async function photosOf(db: Runner, profileId: number): Promise<Row[]> {
  return (await db('photos').where('profile_id', profileId).orderBy(['position', 'id']).select('id', 'file_key', 'width', 'height', 'status', 'position', 'reviewed_at', 'created_at')) as Row[];
}

/** Likes either way, with the other profile's public id and name. */
export async function likesOf(db: Runner, profileId: number, direction: 'given' | 'received'): Promise<Row[]> {
  const [mine, theirs] = direction === 'given' ? ['from_profile_id', 'to_profile_id'] : ['to_profile_id', 'from_profile_id'];
  return (await db({ l: 'likes' })
    .join({ p: 'profiles' }, 'p.id', `l.${theirs}`)
    .where(`l.${mine}`, profileId)
    .orderBy('l.id')
    .select('l.id', 'p.id as profile_id', 'p.name as profile_name', 'l.source', 'l.is_new', 'l.created_at')) as Row[];
}

/** The member's own blocks (who blocked the member is that member's decision, not shown to anyone). */
export async function blocksBy(db: Runner, profileId: number): Promise<Row[]> {
  return (await db({ b: 'blocks' })
    .join({ p: 'profiles' }, 'p.id', 'b.blocked_profile_id')
    .where('b.blocker_profile_id', profileId)
    .orderBy('b.id')
    .select('b.id', 'p.id as profile_id', 'p.name as profile_name', 'b.created_at')) as Row[];
}

export async function notificationSettingsOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db('notification_settings').where('user_id', userId).orderBy(['type', 'channel']).select('type', 'channel', 'enabled', 'disabled_reason', 'updated_at')) as Row[];
}

export async function suppressionsOf(db: Runner, addresses: string[]): Promise<Row[]> {
  return (await db('suppressions').whereIn('email', addresses).orderBy('id').select('email', 'reason', 'created_at')) as Row[];
}

export async function dismissalsOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db('dismissals').where('user_id', userId).orderBy('alert').select('alert', 'dismissed_at')) as Row[];
}

export async function notificationSendsOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db('notification_sends').where('user_id', userId).orderBy('id').select('kind', 'period_key', 'created_at')) as Row[];
}

/** Mails to the member: what and when, not the bodies (they repeat what the other files hold). */
export async function mailsTo(db: Runner, userId: number): Promise<Row[]> {
  return (await db('mail_outbox').where('user_id', userId).orderBy('id').select('to_address', 'template', 'notification_type', 'language', 'subject', 'status', 'created_at', 'sent_at')) as Row[];
}

export async function pushesTo(db: Runner, userId: number): Promise<Row[]> {
  return (await db('push_outbox').where('user_id', userId).orderBy('id').select('notification_type', 'status', 'created_at')) as Row[];
}

export async function smsTo(db: Runner, userId: number): Promise<Row[]> {
  return (await db('sms_outbox').where('user_id', userId).orderBy('id').select('phone', 'status', 'created_at')) as Row[];
}

export async function mandatesOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db('direct_debit_mandates').where('user_id', userId).orderBy('id').select(
    'reference', 'account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone', 'status', 'confirmed_at', 'created_at',
  )) as Row[];
}

export async function pushSubscriptionsOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db('push_subscriptions').where('user_id', userId).orderBy('id').select('subscription', 'created_at')) as Row[];
}

export async function termsAcceptancesOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db('terms_acceptances').where('user_id', userId).orderBy('terms_version').select('terms_version', 'accepted_at', 'source')) as Row[];
}

export async function loginsOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db('member_logins').where('user_id', userId).orderBy('id').select('created_at', 'ip', 'method')) as Row[];
}

/** Complaints the member sent while logged in (a form filled in with their address by someone else is not theirs). */
export async function complaintsBy(db: Runner, userId: number): Promise<Row[]> {
  return (await db('complaints').where('user_id', userId).orderBy('id').select(
    'reference', 'subject', 'about_profile_id', 'about_payment', 'name', 'email', 'body', 'language', 'status', 'created_at', 'resolved_at', 'resolution_note',
  )) as Row[];
}

export async function dailyQuotasOf(db: Runner, userId: number): Promise<Row[]> {
  return (await db('daily_quotas').where('user_id', userId).orderBy(['day', 'kind']).select('kind', 'day', 'used')) as Row[];
}

/** What operators did to the account (credits granted, direct debit blocked), without who did it. */
export async function operatorActionsOn(db: Runner, userId: number): Promise<Row[]> {
  return (await db('audit_log').where('subject', `user:${userId}`).orderBy('id').select('action', 'details', 'created_at')) as Row[];
}
