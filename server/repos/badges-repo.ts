// SQL for the top bar's badges (SPEC.md §2): unread messages, and what a live update needs of a member.
import type { Knex } from 'knex';
import type { Runner } from '../db.js';
import { newLikesTo } from './likes-repo.js';

/** Unread messages over the conversations of `profile` (an id, or an outer query's column) not deleted on their side. */
export function unreadOf(db: Runner, profile: number | Knex.Raw) {
  return db({ ucp: 'conversation_participants' }).where('ucp.profile_id', profile).whereNull('ucp.deleted_at');
}

/** Unread messages over the member's conversations that are not deleted on their side. */
export async function countUnreadMessages(db: Runner, profileId: number): Promise<number> {
  const row = (await unreadOf(db, profileId).sum({ n: 'ucp.unread_count' }).first()) as { n: number | string | null } | undefined;
  return Number(row?.n ?? 0);
}

/** The member's profile and credit balance, or undefined when the account is gone. */
export async function memberBadgeRow(db: Runner, userId: number): Promise<{ profile_id: number; credits: number } | undefined> {
  const row = (await db({ u: 'users' })
    .join({ p: 'profiles' }, 'p.user_id', 'u.id')
    .where('u.id', userId)
    .first('p.id as profile_id', 'u.credits')) as { profile_id: number; credits: number | string } | undefined;
  return row && { profile_id: Number(row.profile_id), credits: Number(row.credits) };
}

/**
 * The member's badge totals in one statement (a live update follows every message sent, so this
 * runs as often as messages do): unread messages and new likes; undefined when the account is gone.
 */
export async function memberBadgeCounts(db: Runner, userId: number): Promise<{ unread: number; likes: number } | undefined> {
  const profile = db.raw('??', ['p.id']);
  const row = (await db({ u: 'users' })
    .join({ p: 'profiles' }, 'p.user_id', 'u.id')
    .where('u.id', userId)
    .first(unreadOf(db, profile).sum('ucp.unread_count').as('unread'), newLikesTo(db, profile).count('*').as('likes'))) as
    | { unread: number | string | null; likes: number | string | null }
    | undefined;
  return row && { unread: Number(row.unread ?? 0), likes: Number(row.likes ?? 0) };
}
