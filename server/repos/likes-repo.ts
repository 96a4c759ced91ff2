// SQL for likes: directed edges (from → to), unique per pair; two edges facing each other are a match.
import type { Knex } from 'knex';
import type { Runner } from '../db.js';
import type { LikeListType } from '../../types/likes.js';
import { cardColumns, activeMainPhoto, type ProfileRow } from './profiles-repo.js';

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

/** Which of the two directed likes exist between the viewer and another profile. */
export async function likeStateBetween(db: Runner, me: number, other: number): Promise<{ liked: boolean; likedBy: boolean; likedByNew: boolean }> {
  const rows = (await db('likes')
    .select('from_profile_id', 'is_new')
    .where((q) => q.where({ from_profile_id: me, to_profile_id: other }).orWhere({ from_profile_id: other, to_profile_id: me }))) as {
    from_profile_id: number;
    is_new: number | boolean;
  }[];
  const mine = rows.find((r) => Number(r.from_profile_id) === me);
  const theirs = rows.find((r) => Number(r.from_profile_id) === other);
  return { liked: Boolean(mine), likedBy: Boolean(theirs), likedByNew: Boolean(theirs?.is_new) };
}

/** Clears the "new" flag of the like `fromId` gave `toId` (the receiver opened that profile). */
export async function markLikeSeen(db: Runner, fromId: number, toId: number): Promise<void> {
  await db('likes').where({ from_profile_id: fromId, to_profile_id: toId, is_new: true }).update({ is_new: false });
}

/** New received likes from profiles that are still visible. */
/**
 * Received likes not looked at yet, from visible profiles (the Likes badge). `to` is a profile id,
 * or a column of an outer query (a correlated subquery, see badges-repo).
 */
export function newLikesTo(db: Runner, to: number | Knex.Raw) {
  return db({ nl: 'likes' })
    .join({ nlp: 'profiles' }, 'nlp.id', 'nl.from_profile_id')
    .where('nl.to_profile_id', to)
    .andWhere({ 'nl.is_new': true, 'nlp.status': 'active' });
}

export async function countNewLikes(db: Runner, profileId: number): Promise<number> {
  const row = await newLikesTo(db, profileId).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export interface LikeListRow extends ProfileRow {
  like_new: number | boolean;
  liked_at: number;
}

/**
 * One page of a like list with the other profile's card. Received and sent walk the
 * (to|from, created) index; matches are received likes whose reverse edge exists.
 */
export async function listLikes(db: Runner, profileId: number, type: LikeListType, limit: number, offset: number): Promise<LikeListRow[]> {
  const otherCol = type === 'sent' ? 'l.to_profile_id' : 'l.from_profile_id';
  const selfCol = type === 'sent' ? 'l.from_profile_id' : 'l.to_profile_id';
  const q = db({ l: 'likes' })
    .join({ p: 'profiles' }, 'p.id', otherCol)
    .leftJoin({ ph: 'photos' }, activeMainPhoto)
    .select([...cardColumns(), type === 'sent' ? db.raw('0 as like_new') : 'l.is_new as like_new', 'l.created_at as liked_at'])
    .where(selfCol, profileId)
    .andWhere('p.status', 'active')
    .orderBy([{ column: 'l.created_at', order: 'desc' }, { column: 'l.id', order: 'desc' }])
    .limit(limit)
    .offset(offset);
  if (type === 'matches') {
    q.whereExists(function reverse() {
      this.from({ r: 'likes' }).select(db.raw('1')).whereRaw('r.from_profile_id = l.to_profile_id').andWhereRaw('r.to_profile_id = l.from_profile_id');
    });
  }
  return (await q) as LikeListRow[];
}

export async function countLikes(db: Runner, profileId: number, type: LikeListType): Promise<number> {
  const otherCol = type === 'sent' ? 'l.to_profile_id' : 'l.from_profile_id';
  const selfCol = type === 'sent' ? 'l.from_profile_id' : 'l.to_profile_id';
  const q = db({ l: 'likes' }).join({ p: 'profiles' }, 'p.id', otherCol).where(selfCol, profileId).andWhere('p.status', 'active');
  if (type === 'matches') {
    q.whereExists(function reverse() {
      this.from({ r: 'likes' }).select(db.raw('1')).whereRaw('r.from_profile_id = l.to_profile_id').andWhereRaw('r.to_profile_id = l.from_profile_id');
    });
  }
  const row = await q.count({ n: '*' }).first();
  return Number(row?.n ?? 0);
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
