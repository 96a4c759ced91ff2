// SQL for blocks: a directed edge (blocker → blocked); either direction hides the two from each other.
import type { Runner } from '../db.js';

export async function insertBlock(db: Runner, blockerId: number, blockedId: number, now: number): Promise<void> {
  await db('blocks')
    .insert({ blocker_profile_id: blockerId, blocked_profile_id: blockedId, created_at: now })
    .onConflict(['blocker_profile_id', 'blocked_profile_id'])
    .ignore();
}

export async function deleteBlock(db: Runner, blockerId: number, blockedId: number): Promise<boolean> {
  return Number(await db('blocks').where({ blocker_profile_id: blockerId, blocked_profile_id: blockedId }).delete()) > 0;
}

/** Which way a block stands between two profiles (both can be true). */
export async function blockStateBetween(db: Runner, me: number, other: number): Promise<{ blockedByMe: boolean; blockedMe: boolean }> {
  const rows = (await db('blocks')
    .select('blocker_profile_id')
    .where((q) => q.where({ blocker_profile_id: me, blocked_profile_id: other }).orWhere({ blocker_profile_id: other, blocked_profile_id: me }))) as {
    blocker_profile_id: number;
  }[];
  return {
    blockedByMe: rows.some((r) => Number(r.blocker_profile_id) === me),
    blockedMe: rows.some((r) => Number(r.blocker_profile_id) === other),
  };
}

/** Every profile the viewer must not meet: those they blocked and those who blocked them. */
export async function blockedEitherWay(db: Runner, me: number): Promise<number[]> {
  const [out, inc] = await Promise.all([
    db('blocks').where('blocker_profile_id', me).pluck('blocked_profile_id'),
    db('blocks').where('blocked_profile_id', me).pluck('blocker_profile_id'),
  ]);
  return [...new Set([...out, ...inc].map(Number))];
}

/** Deletes the conversation of the pair (messages and participants go with it, by cascade). */
export async function deleteConversationBetween(db: Runner, a: number, b: number): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const ids = await db('conversations').where({ profile_low_id: low, profile_high_id: high }).pluck('id');
  if (!ids.length) return;
  await db('messages').whereIn('conversation_id', ids).delete();
  await db('conversation_participants').whereIn('conversation_id', ids).delete();
  await db('conversations').whereIn('id', ids).delete();
}
