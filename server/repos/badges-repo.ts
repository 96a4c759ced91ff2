// SQL for the top bar's badges (SPEC.md §2): unread messages, and what a live update needs of a member.
import type { Knex } from 'knex';
import { type Runner } from '../db.js';
import { batchedFirstRow } from '../db-read-batch.js';

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
 * Read together with the other reads under way (batchedFirstRow).
 */
export async function memberBadgeCounts(db: Runner, userId: number): Promise<{ unread: number; likes: number } | undefined> {
  const row = await batchedFirstRow<BadgeCountsRow>(db, BADGE_COUNTS, [userId]);
  return row && badgeCountsOf(row);
}

export interface BadgeCountsRow {
  unread: number | string | null;
  likes: number | string | null;
}

export const badgeCountsOf = (row: BadgeCountsRow) => ({ unread: Number(row.unread ?? 0), likes: Number(row.likes ?? 0) });

/**
 * A profile's badge totals as two columns, unread and likes: unreadOf() and likes-repo's
 * newLikesTo() as SQL text, `profile` being a column or a placeholder (never input).
 */
export const badgeCountColumns = (profile: string) => `(SELECT SUM(ucp.unread_count) FROM conversation_participants AS ucp WHERE ucp.profile_id = ${profile} AND ucp.deleted_at IS NULL) AS unread,
  (SELECT COUNT(*) FROM likes AS nl JOIN profiles AS nlp ON nlp.id = nl.from_profile_id WHERE nl.to_profile_id = ${profile} AND nl.is_new = 1 AND nlp.status = 'active') AS likes`;

/** memberBadgeCounts as a fixed text (batchedFirstRow). */
const BADGE_COUNTS = `SELECT ${badgeCountColumns('p.id')} FROM users AS u JOIN profiles AS p ON p.user_id = u.id WHERE u.id = ? LIMIT 1`;
