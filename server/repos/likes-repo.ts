// SQL for likes: directed edges (from → to), unique per pair; two edges facing each other are a match.
import { firstRow, isSqlite, type Runner } from '../db.js';
import { batchedAllRows, batchedFirstRow } from '../db-read-batch.js';
import type { LikeListType } from '../../types/likes.js';
import { newLikesCount } from './badges-repo.js';
import { cardColumns, type ProfileRow } from './profiles-repo.js';

export type LikeSource = 'normal' | 'swipe' | 'auto';

/**
 * Inserts the like unless it exists; true when this call created it. Run it in a transaction:
 * on SQLite that serialises the check and the insert; on MySQL an ignored insert reports id 0.
 */
export async function insertLike(db: Runner, fromId: number, toId: number, source: LikeSource, now: number): Promise<boolean> {
  const before = await db('likes').where({ from_profile_id: fromId, to_profile_id: toId }).first('id');
  if (before) return false;
  const res = await db('likes')
    .insert({ from_profile_id: fromId, to_profile_id: toId, source, is_new: true, created_at: now })
    .onConflict(['from_profile_id', 'to_profile_id'])
    .ignore();
  return Array.isArray(res) && Number(res[0]) > 0;
}

export async function deleteLike(db: Runner, fromId: number, toId: number): Promise<boolean> {
  return Number(await db('likes').where({ from_profile_id: fromId, to_profile_id: toId }).delete()) > 0;
}

export async function deleteLikesBetween(db: Runner, a: number, b: number): Promise<void> {
  await db('likes')
    .where((q) => q.where({ from_profile_id: a, to_profile_id: b }).orWhere({ from_profile_id: b, to_profile_id: a }))
    .delete();
}

/** likeStateBetween()'s statement, a fixed text (batchedAllRows): every profile page of a member asks it. */
const LIKES_BETWEEN = 'SELECT from_profile_id, is_new FROM likes WHERE (from_profile_id = ? AND to_profile_id = ?) OR (from_profile_id = ? AND to_profile_id = ?)';

/** Which of the two directed likes exist between the viewer and another profile. */
export interface LikeState {
  liked: boolean;
  likedBy: boolean;
  likedByNew: boolean;
}

export async function likeStateBetween(db: Runner, me: number, other: number): Promise<LikeState> {
  const rows = await batchedAllRows<{ from_profile_id: number; is_new: number | boolean }>(db, LIKES_BETWEEN, [me, other, other, me]);
  const mine = rows.find((r) => Number(r.from_profile_id) === me);
  const theirs = rows.find((r) => Number(r.from_profile_id) === other);
  return { liked: Boolean(mine), likedBy: Boolean(theirs), likedByNew: Boolean(theirs?.is_new) };
}

/** Clears the "new" flag of the like `fromId` gave `toId` (the receiver opened that profile). */
export async function markLikeSeen(db: Runner, fromId: number, toId: number): Promise<void> {
  await db('likes').where({ from_profile_id: fromId, to_profile_id: toId, is_new: true }).update({ is_new: false });
}

/** Received likes not looked at yet, from visible profiles (the Likes badge; badges-repo's newLikesCount). */
export async function countNewLikes(db: Runner, profileId: number): Promise<number> {
  const row = await batchedFirstRow<{ n: number | string }>(db, NEW_LIKES[isSqlite(db) ? 'sqlite' : 'mysql'], [profileId]);
  return Number(row?.n ?? 0);
}
const NEW_LIKES = { sqlite: `SELECT ${newLikesCount('sqlite', '?')} AS n`, mysql: `SELECT ${newLikesCount('mysql', '?')} AS n` };

export interface LikeListRow extends ProfileRow {
  like_new: number | boolean;
  liked_at: number;
}

/** A received like whose reverse edge exists: the two are a match. */
const IS_MATCH = 'EXISTS (SELECT 1 FROM likes AS r WHERE r.from_profile_id = l.to_profile_id AND r.to_profile_id = l.from_profile_id)';

/** The list's likes as `l` joined to the other profile as `p`, those of profile `?` (its first binding). */
function likesOfType(type: LikeListType): string {
  const [otherCol, selfCol] = type === 'sent' ? ['l.to_profile_id', 'l.from_profile_id'] : ['l.from_profile_id', 'l.to_profile_id'];
  return `likes AS l JOIN profiles AS p ON p.id = ${otherCol} WHERE ${selfCol} = ? AND p.status = 'active'${type === 'matches' ? ` AND ${IS_MATCH}` : ''}`;
}

/**
 * Each list's page as a fixed text, made once (batchedAllRows): /likes shows the three lists on every
 * view, and knex built each statement anew. The main photo is joined as activeMainPhoto() joins it.
 */
const LIKE_LISTS: Record<LikeListType, string> = Object.fromEntries(
  (['received', 'sent', 'matches'] as const).map((type) => {
    const from = likesOfType(type).replace(' WHERE ', " LEFT JOIN photos AS ph ON ph.id = p.main_photo_id AND ph.status = 'active' WHERE ");
    const likeNew = type === 'sent' ? '0' : 'l.is_new';
    return [type, `SELECT ${cardColumns().join(', ')}, ${likeNew} AS like_new, l.created_at AS liked_at FROM ${from} ORDER BY l.created_at DESC, l.id DESC LIMIT ? OFFSET ?`];
  }),
) as Record<LikeListType, string>;

/**
 * One page of a like list with the other profile's card. Received and sent walk the
 * (to|from, created) index; matches are received likes whose reverse edge exists.
 */
export async function listLikes(db: Runner, profileId: number, type: LikeListType, limit: number, offset: number): Promise<LikeListRow[]> {
  return batchedAllRows<LikeListRow>(db, LIKE_LISTS[type], [profileId, limit, offset]);
}

export async function countLikes(db: Runner, profileId: number, type: LikeListType): Promise<number> {
  const row = await firstRow<{ n: number | string }>(db, `SELECT COUNT(*) AS n FROM ${likesOfType(type)}`, [profileId]);
  return Number(row?.n ?? 0);
}

/** The three lists' totals in one fixed statement (/likes shows them all). */
const ALL_COUNTS = `SELECT ${(['received', 'sent', 'matches'] as const).map((type) => `(SELECT COUNT(*) FROM ${likesOfType(type)}) AS ${type}`).join(', ')}`;

export async function countAllLikes(db: Runner, profileId: number): Promise<Record<LikeListType, number>> {
  const row = await batchedFirstRow<Record<LikeListType, number | string>>(db, ALL_COUNTS, [profileId, profileId, profileId]);
  return { received: Number(row?.received ?? 0), sent: Number(row?.sent ?? 0), matches: Number(row?.matches ?? 0) };
}

/** Ids among `ids` that the viewer has liked (for like buttons on result cards). */
export async function likedAmong(db: Runner, me: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db('likes').where('from_profile_id', me).whereIn('to_profile_id', ids).select('to_profile_id');
  return new Set(rows.map((r: { to_profile_id: number }) => Number(r.to_profile_id)));
}

export async function lastLikeReceivedAt(db: Runner, profileId: number, source: LikeSource): Promise<number | null> {
  const row = await db('likes').where({ to_profile_id: profileId, source }).max({ at: 'created_at' }).first();
  return row?.at == null ? null : Number(row.at);
}
