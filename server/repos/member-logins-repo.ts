// SQL for the member's login history (migrations/…_member_logins.ts).
import type { Runner } from '../db.js';

export type LoginMethod = 'password' | 'reset_link' | 'reactivation_link';

export async function insertLogin(db: Runner, userId: number, ip: string, method: LoginMethod, now: number): Promise<void> {
  await db('member_logins').insert({ user_id: userId, ip: ip.slice(0, 64), method, created_at: now });
}

/** Logins older than `before` go (the history a member sees covers the last year). */
export async function deleteLoginsBefore(db: Runner, before: number): Promise<number> {
  return db('member_logins').where('created_at', '<', before).delete();
}
