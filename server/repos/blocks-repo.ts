// SQL for blocks: a directed edge (blocker → blocked); either direction hides the two from each other.
import type { Runner } from '../db.js';
import { batchedAllRows } from '../db-read-batch.js';

export async function insertBlock(db: Runner, blockerId: number, blockedId: number, now: number): Promise<void> {
  await db('blocks')
    .insert({ blocker_profile_id: blockerId, blocked_profile_id: blockedId, created_at: now })
    .onConflict(['blocker_profile_id', 'blocked_profile_id'])
    .ignore();
}

export async function deleteBlock(db: Runner, blockerId: number, blockedId: number): Promise<boolean> {
  return Number(await db('blocks').where({ blocker_profile_id: blockerId, blocked_profile_id: blockedId }).delete()) > 0;
}

/** blockStateBetween()'s statement, a fixed text (batchedAllRows): every profile page of a member asks it. */
const BLOCKS_BETWEEN = 'SELECT blocker_profile_id FROM blocks WHERE (blocker_profile_id = ? AND blocked_profile_id = ?) OR (blocker_profile_id = ? AND blocked_profile_id = ?)';

/** Which way a block stands between two profiles (both can be true). */
export async function blockStateBetween(db: Runner, me: number, other: number): Promise<{ blockedByMe: boolean; blockedMe: boolean }> {
  const rows = await batchedAllRows<{ blocker_profile_id: number }>(db, BLOCKS_BETWEEN, [me, other, other, me]);
  return {
    blockedByMe: rows.some((r) => Number(r.blocker_profile_id) === me),
    blockedMe: rows.some((r) => Number(r.blocker_profile_id) === other),
  };
}

/** blockedEitherWay()'s statement, a fixed text (batchedAllRows): every search of a member asks it. */
const BLOCKED_EITHER_WAY = 'SELECT blocked_profile_id AS id FROM blocks WHERE blocker_profile_id = ? UNION SELECT blocker_profile_id AS id FROM blocks WHERE blocked_profile_id = ?';

/** Every profile the viewer must not meet: those they blocked and those who blocked them. */
export async function blockedEitherWay(db: Runner, me: number): Promise<number[]> {
  const rows = await batchedAllRows<{ id: number | string }>(db, BLOCKED_EITHER_WAY, [me, me]);
  return rows.map((r) => Number(r.id));
}

/** Deletes the conversation of the pair (messages and participants go with it); returns its ids. */
export async function deleteConversationBetween(db: Runner, a: number, b: number): Promise<number[]> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const ids = ((await db('conversations').where({ profile_low_id: low, profile_high_id: high }).pluck('id')) as (number | string)[]).map(Number);
  if (!ids.length) return [];
  await db('messages').whereIn('conversation_id', ids).delete();
  await db('conversation_participants').whereIn('conversation_id', ids).delete();
  await db('conversations').whereIn('id', ids).delete();
  return ids;
}

export interface BlockedProfileRow {
  id: number;
  name: string;
  main_file_key: string | null;
  blocked_at: number;
}

/** The profiles `me` has blocked (the blocks `me` can lift), newest block first, with their approved main photo. */
export async function blockedBy(db: Runner, me: number, limit: number): Promise<BlockedProfileRow[]> {
  const rows = (await db({ b: 'blocks' })
    .join({ p: 'profiles' }, 'p.id', 'b.blocked_profile_id')
    .leftJoin({ ph: 'photos' }, function () {
      this.on('ph.id', '=', 'p.main_photo_id').andOnVal('ph.status', '=', 'active');
    })
    .where('b.blocker_profile_id', me)
    .orderBy([{ column: 'b.created_at', order: 'desc' }, { column: 'b.blocked_profile_id', order: 'desc' }])
    .limit(limit)
    .select('p.id', 'p.name', 'ph.file_key as main_file_key', 'b.created_at as blocked_at')) as { id: number | string; name: string; main_file_key: string | null; blocked_at: number | string }[];
  return rows.map((r) => ({ id: Number(r.id), name: r.name, main_file_key: r.main_file_key, blocked_at: Number(r.blocked_at) }));
}

/**
 * Whether a block stands either way between the member of `userId` and any of `profileIds`: a
 * notification about them queued before the block is not sent (mail and push workers).
 */
export async function memberBlocksEitherWay(db: Runner, userId: number, profileIds: number[]): Promise<boolean> {
  if (profileIds.length === 0) return false;
  const own = (await db('profiles').where({ user_id: userId }).first('id')) as { id: number | string } | undefined;
  if (!own) return false;
  const me = Number(own.id);
  const hit = await db('blocks')
    .where((q) => q.where('blocker_profile_id', me).whereIn('blocked_profile_id', profileIds))
    .orWhere((q) => q.where('blocked_profile_id', me).whereIn('blocker_profile_id', profileIds))
    .first('blocker_profile_id');
  return hit !== undefined;
}
