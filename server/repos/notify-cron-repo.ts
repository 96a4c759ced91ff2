// SQL for the cron mails (`amora notify …`): members walked in id order a batch at a time, and
// what each kind of mail needs about one batch, in one query per batch rather than one per member.
import type { Runner } from '../db.js';
import { activeMainPhoto, cardColumns, type ProfileRow } from './profiles-repo.js';

/** A real member as the cron mails see them: account, own profile and what they look for. */
export interface CronMemberRow {
  user_id: number;
  site_id: number;
  email: string;
  language: string;
  status: string;
  signup_date: number;
  search_filters: string | null;
  profile_id: number;
  name: string;
  gender: string;
  sexuality: string;
  birth_date: string;
  country: string;
}

/**
 * Which members a batch holds besides the common rules: everyone; those with an unread message;
 * those to remind (unconfirmed address, or confirmed without a photo).
 */
export type MemberAudience = { kind: 'all' } | { kind: 'with_unread' } | { kind: 'to_remind'; signedUpBefore: number; unconfirmedSince: number };

export interface MemberBatchQuery {
  afterId: number;
  limit: number;
  siteId?: number;
  statuses: string[];
  audience: MemberAudience;
}

const MEMBER_COLUMNS = [
  'u.id as user_id', 'u.site_id', 'u.email', 'u.language', 'u.status', 'u.signup_date', 'u.search_filters',
  'p.id as profile_id', 'p.name', 'p.gender', 'p.sexuality', 'p.birth_date', 'p.country',
];

/**
 * The next members after `afterId` (ids ascending): real members (their own profile, never a
 * fictional one) in one of `statuses`, on an active site, whose address is not suppressed.
 */
export async function memberBatch(db: Runner, o: MemberBatchQuery): Promise<CronMemberRow[]> {
  const q = db({ u: 'users' })
    .join({ p: 'profiles' }, 'p.user_id', 'u.id')
    .join({ s: 'sites' }, 's.id', 'u.site_id')
    .where('u.id', '>', o.afterId)
    .whereIn('u.status', o.statuses)
    .where('p.is_fictional', false)
    .where('s.is_active', true)
    .whereNotExists((s) => s.from({ sup: 'suppressions' }).select('sup.id').whereRaw('sup.email = u.email'))
    .orderBy('u.id')
    .limit(o.limit)
    .select(MEMBER_COLUMNS);
  if (o.siteId !== undefined) q.where('u.site_id', o.siteId);
  const a = o.audience;
  if (a.kind === 'with_unread') {
    q.whereExists((s) => s.from({ cp: 'conversation_participants' }).select('cp.profile_id').whereRaw('cp.profile_id = p.id').andWhere('cp.unread_count', '>', 0));
  } else if (a.kind === 'to_remind') {
    q.where('u.signup_date', '<=', a.signedUpBefore).andWhere((w) =>
      w
        .where((n) => n.where('u.status', 'not_confirmed').andWhere('u.signup_date', '>=', a.unconfirmedSince))
        .orWhere((n) => n.where('u.status', 'active').whereNull('p.main_photo_id')),
    );
  }
  const rows = (await q) as CronMemberRow[];
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), site_id: Number(r.site_id), profile_id: Number(r.profile_id), signup_date: Number(r.signup_date) }));
}

/** Of the (member, period) pairs, those already sent: "userId:periodKey". */
export async function sentAmong(db: Runner, kind: string, pairs: { userId: number; periodKey: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = (await db('notification_sends')
    .where('kind', kind)
    .whereIn('user_id', [...new Set(pairs.map((p) => p.userId))])
    .whereIn('period_key', [...new Set(pairs.map((p) => p.periodKey))])
    .select('user_id', 'period_key')) as { user_id: number; period_key: string }[];
  return new Set(rows.map((r) => `${Number(r.user_id)}:${r.period_key}`));
}

export interface UnreadSummary {
  /** The newest unread message that has waited long enough: the period of the reminder. */
  newestMessageId: number;
  /** Every unread message of the member (what the mail says), old enough or not. */
  unread: number;
}

/** Per profile of the batch: its unread messages older than `cutoff` (nothing for those without). */
export async function unreadAmong(db: Runner, profileIds: number[], cutoff: number): Promise<Map<number, UnreadSummary>> {
  if (profileIds.length === 0) return new Map();
  const waiting = (await db({ cp: 'conversation_participants' })
    .join({ m: 'messages' }, 'm.conversation_id', 'cp.conversation_id')
    .whereIn('cp.profile_id', profileIds)
    .andWhere('cp.unread_count', '>', 0)
    .whereRaw('m.sender_profile_id <> cp.profile_id')
    .whereNull('m.read_at')
    .andWhere('m.created_at', '<=', cutoff)
    .groupBy('cp.profile_id')
    .select('cp.profile_id')
    .max({ newest: 'm.id' })) as { profile_id: number; newest: number | string }[];
  if (waiting.length === 0) return new Map();
  const totals = (await db('conversation_participants')
    .whereIn('profile_id', waiting.map((w) => Number(w.profile_id)))
    .groupBy('profile_id')
    .select('profile_id')
    .sum({ unread: 'unread_count' })) as { profile_id: number; unread: number | string }[];
  const unreadOf = new Map(totals.map((t) => [Number(t.profile_id), Number(t.unread)]));
  return new Map(waiting.map((w) => [Number(w.profile_id), { newestMessageId: Number(w.newest), unread: unreadOf.get(Number(w.profile_id)) ?? 1 }]));
}

export type NewProfileRow = ProfileRow & { created_at: number };

/**
 * Visible profiles with an approved photo that joined since `since`, newest first, in `countries`:
 * the weekly mail's pool, read once per site and run (capped at `limit`).
 */
export async function profilesJoinedSince(db: Runner, countries: string[], since: number, limit: number): Promise<NewProfileRow[]> {
  return (await db({ p: 'profiles' })
    .join({ ph: 'photos' }, activeMainPhoto)
    .where('p.status', 'active')
    .andWhere('p.created_at', '>=', since)
    .whereIn('p.country', countries)
    .orderBy([{ column: 'p.created_at', order: 'desc' }, { column: 'p.id', order: 'desc' }])
    .limit(limit)
    .select([...cardColumns(), 'p.created_at'])) as NewProfileRow[];
}

/** Per profile of the batch, the profiles it blocked or was blocked by. */
export async function blocksAmong(db: Runner, profileIds: number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (profileIds.length === 0) return out;
  const rows = (await db('blocks')
    .whereIn('blocker_profile_id', profileIds)
    .orWhereIn('blocked_profile_id', profileIds)
    .select('blocker_profile_id', 'blocked_profile_id')) as { blocker_profile_id: number; blocked_profile_id: number }[];
  const add = (a: number, b: number) => {
    if (!out.has(a)) out.set(a, new Set());
    out.get(a)!.add(b);
  };
  for (const r of rows) {
    add(Number(r.blocker_profile_id), Number(r.blocked_profile_id));
    add(Number(r.blocked_profile_id), Number(r.blocker_profile_id));
  }
  return out;
}
