// SQL for photos sent in chat: one row per picture, tied to its conversation; only the
// conversation's two members may fetch its files.
import type { Runner } from '../db.js';

export interface ChatPhotoRow {
  id: number;
  conversation_id: number | null;
  file_key: string;
}

export async function insertChatPhoto(
  db: Runner,
  p: { conversationId: number; senderProfileId: number; fileKey: string; width: number; height: number },
  now: number,
): Promise<number> {
  const [id] = await db('chat_photos').insert({
    conversation_id: p.conversationId, sender_profile_id: p.senderProfileId, file_key: p.fileKey, width: p.width, height: p.height, created_at: now,
  });
  return Number(id);
}

/** The photo with this file key when the profile is one of the two members of its conversation. */
export async function findChatPhotoOfMember(db: Runner, fileKey: string, profileId: number): Promise<ChatPhotoRow | undefined> {
  return (await db({ ph: 'chat_photos' })
    .join({ c: 'conversations' }, 'c.id', 'ph.conversation_id')
    .where('ph.file_key', fileKey)
    .andWhere((q) => q.where('c.profile_low_id', profileId).orWhere('c.profile_high_id', profileId))
    .first('ph.id', 'ph.conversation_id', 'ph.file_key')) as ChatPhotoRow | undefined;
}

/** Photos whose conversation is gone (blocks, purges): their files are to be deleted. */
export async function listOrphanChatPhotos(db: Runner, limit: number): Promise<ChatPhotoRow[]> {
  return (await db('chat_photos').whereNull('conversation_id').orderBy('id').limit(limit).select('id', 'conversation_id', 'file_key')) as ChatPhotoRow[];
}

export async function deleteChatPhotos(db: Runner, ids: number[]): Promise<void> {
  if (ids.length) await db('chat_photos').whereIn('id', ids).whereNull('conversation_id').delete();
}

export async function countOrphanChatPhotos(db: Runner): Promise<number> {
  const row = await db('chat_photos').whereNull('conversation_id').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
