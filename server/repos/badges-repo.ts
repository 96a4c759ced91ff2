// SQL for the top bar's badges (SPEC.md §2): unread messages, and what a live update needs of a member.
import type { Knex } from 'knex';
import { isSqlite, type Runner } from '../db.js';
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
  const row = await batchedFirstRow<BadgeCountsRow>(db, BADGE_COUNTS[isSqlite(db) ? 'sqlite' : 'mysql'], [userId]);
  return row && badgeCountsOf(row);
}

export interface BadgeCountsRow {
  unread: number | string | null;
  likes: number | string | null;
}

export const badgeCountsOf = (row: BadgeCountsRow) => ({ unread: Number(row.unread ?? 0), likes: Number(row.likes ?? 0) });

/**
 * A profile's badge totals as two columns, unread and likes: unreadOf() and newLikesCount() as
 * SQL text, `profile` being a column or a placeholder (never input).
 */
export const badgeCountColumns = (dialect: Dialect, profile: string) => `(SELECT SUM(ucp.unread_count) FROM conversation_participants AS ucp WHERE ucp.profile_id = ${profile} AND ucp.deleted_at IS NULL) AS unread,
  ${newLikesCount(dialect, profile)} AS likes`;

type Dialect = 'sqlite' | 'mysql';

/**
 * Received likes not looked at yet, from profiles that are active (the Likes badge), as a
 * subquery's text; `profile` as above.
 *
 * MariaDB reads each liker's status from the small (id, status) index. SQLite instead looks each
 * liker up among the profiles that are *not* active, a partial index of those alone
 * (profiles_not_active, migration 20261207090100): the likers are spread over every profile, and
 * reading all their statuses touched pages of the whole profiles index, each mapped into the
 * process with its neighbours (10,000 members' event streams: 29 MB of RSS; issue 17). SQLite's
 * planner prefers the rowid to any index on an id lookup, hence INDEXED BY; a statement naming an
 * index that is gone fails to compile, loudly. `is_new = 1` is a literal: it selects the partial
 * likes_new_to index of new likes only.
 */
export const newLikesCount = (dialect: Dialect, profile: string) =>
  dialect === 'sqlite'
    ? `(SELECT COUNT(*) FROM likes AS nl WHERE nl.to_profile_id = ${profile} AND nl.is_new = 1
    AND NOT EXISTS (SELECT 1 FROM profiles AS nlp INDEXED BY profiles_not_active WHERE nlp.id = nl.from_profile_id AND nlp.status <> 'active'))`
    : `(SELECT COUNT(*) FROM likes AS nl JOIN profiles AS nlp ON nlp.id = nl.from_profile_id WHERE nl.to_profile_id = ${profile} AND nl.is_new = 1 AND nlp.status = 'active')`;

/** memberBadgeCounts as a fixed text (batchedFirstRow), by dialect. */
const BADGE_COUNTS = {
  sqlite: `SELECT ${badgeCountColumns('sqlite', 'p.id')} FROM users AS u JOIN profiles AS p ON p.user_id = u.id WHERE u.id = ? LIMIT 1`,
  mysql: `SELECT ${badgeCountColumns('mysql', 'p.id')} FROM users AS u JOIN profiles AS p ON p.user_id = u.id WHERE u.id = ? LIMIT 1`,
};
