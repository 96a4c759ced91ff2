// SQL for the embedded presence record (no Redis): members with a live event stream open in the
// app process, until `expires_at` unless the stream's heartbeat renews it (a row a crash left
// behind simply expires; the next stream of that member overwrites it).
import type { Runner } from '../db.js';

const CHUNK = 500;

export async function markPresent(db: Runner, userIds: number[], expiresAt: number): Promise<void> {
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = userIds.slice(i, i + CHUNK).map((userId) => ({ user_id: userId, expires_at: expiresAt }));
    await db('presence').insert(rows).onConflict('user_id').merge(['expires_at']);
  }
}

export async function markAbsent(db: Runner, userId: number): Promise<void> {
  await db('presence').where('user_id', userId).delete();
}

export async function isPresent(db: Runner, userId: number, now: number): Promise<boolean> {
  return Boolean(await db('presence').where('user_id', userId).andWhere('expires_at', '>', now).first('user_id'));
}
