// SQL for logging in.
import type { Runner } from '../db.js';

export async function findCredentials(db: Runner, siteId: number, email: string): Promise<{ id: number; password_hash: string; status: string } | undefined> {
  return (await db('users').where({ site_id: siteId, email }).first('id', 'password_hash', 'status')) as
    | { id: number; password_hash: string; status: string }
    | undefined;
}

export async function markLoggedIn(db: Runner, userId: number): Promise<void> {
  const now = Date.now();
  await db('users').where({ id: userId }).update({ last_login_at: now, updated_at: now });
  await db('profiles').where({ user_id: userId }).update({ last_active_at: now });
}
