// SQL for single-use tokens (activation, password reset, e-mail change, reactivation).
import type { Runner } from '../db.js';

export async function insertToken(db: Runner, t: { userId: number; purpose: string; hash: string; payload: string | null; expiresAt: number }): Promise<void> {
  await db('tokens').insert({ user_id: t.userId, purpose: t.purpose, token_hash: t.hash, payload: t.payload, expires_at: t.expiresAt, created_at: Date.now() });
}

export async function findUsableToken(db: Runner, purpose: string, hash: string, now: number): Promise<{ id: number; user_id: number; payload: string | null } | undefined> {
  return (await db('tokens')
    .where({ purpose, token_hash: hash })
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .first('id', 'user_id', 'payload')) as { id: number; user_id: number; payload: string | null } | undefined;
}

/** Marks a token used; false when it was already used or expired (guarded, so only one wins). */
export async function useToken(db: Runner, id: number, now: number): Promise<boolean> {
  const changed = await db('tokens').where({ id }).whereNull('used_at').andWhere('expires_at', '>', now).update({ used_at: now });
  return changed === 1;
}

/** Earlier unused tokens of the same purpose stop working when a new one is sent. */
export async function retireTokens(db: Runner, userId: number, purpose: string, now: number): Promise<void> {
  await db('tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: now });
}
