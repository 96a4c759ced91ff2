// SQL for turning events into notifications: who would be told (in one statement, since it runs
// after every message sent) and which throttled sends already happened in a period.
import type { Runner } from '../db.js';

/** The member behind a profile, as a notification about `otherProfileId` needs them. */
export interface NotificationRecipient {
  userId: number;
  profileId: number;
  /** The member's own profile name, for the greeting. */
  name: string;
  siteId: number;
  email: string;
  language: string;
  status: string;
  /** A block between the two profiles, either way. */
  blocked: boolean;
  /** When the member last read the conversation (null: never); the period of its throttle. */
  lastReadAt: number | null;
  pushSubscriptions: number;
}

interface RawRecipient {
  user_id: number | string;
  name: string;
  site_id: number | string;
  email: string;
  language: string;
  status: string;
  blocks: number | string;
  last_read_at: number | string | null;
  subs: number | string;
}

/**
 * The account behind `profileId` (undefined for fictional profiles, which have none) with its
 * block state towards `otherProfileId` and, given a conversation, its read state there.
 */
export async function recipientOf(db: Runner, profileId: number, otherProfileId: number, conversationId: number | null): Promise<NotificationRecipient | undefined> {
  const blocks = db('blocks')
    .count('*')
    .where((q) => q.where({ blocker_profile_id: profileId, blocked_profile_id: otherProfileId }).orWhere({ blocker_profile_id: otherProfileId, blocked_profile_id: profileId }));
  const lastRead = db('conversation_participants').select('last_read_at').where({ conversation_id: conversationId ?? 0, profile_id: profileId }).limit(1);
  const subs = db('push_subscriptions').count('*').whereRaw('push_subscriptions.user_id = u.id');
  const row = (await db({ p: 'profiles' })
    .join({ u: 'users' }, 'u.id', 'p.user_id')
    .where('p.id', profileId)
    .first('u.id as user_id', 'p.name', 'u.site_id', 'u.email', 'u.language', 'u.status', blocks.as('blocks'), lastRead.as('last_read_at'), subs.as('subs'))) as RawRecipient | undefined;
  if (!row) return undefined;
  return {
    userId: Number(row.user_id), profileId, name: row.name, siteId: Number(row.site_id), email: row.email, language: row.language, status: row.status,
    blocked: Number(row.blocks) > 0, lastReadAt: row.last_read_at === null ? null : Number(row.last_read_at), pushSubscriptions: Number(row.subs),
  };
}

/** Of `kinds`, those already sent to the member in `periodKey`. */
export async function sentKinds(db: Runner, userId: number, kinds: string[], periodKey: string): Promise<Set<string>> {
  if (kinds.length === 0) return new Set();
  const rows = (await db('notification_sends').where({ user_id: userId, period_key: periodKey }).whereIn('kind', kinds).pluck('kind')) as string[];
  return new Set(rows);
}
