// SQL for logging in.
import type { Runner } from '../db.js';
import { insertLogin, type LoginMethod } from './member-logins-repo.js';

export interface Credentials {
  id: number;
  password_hash: string;
  status: string;
  password_changed_at: number | null;
}

export async function findCredentials(db: Runner, siteId: number, email: string): Promise<Credentials | undefined> {
  return (await db('users').where({ site_id: siteId, email }).first('id', 'password_hash', 'status', 'password_changed_at')) as Credentials | undefined;
}

/** The login's time on the account and profile, and a row of the member's login history. */
export async function markLoggedIn(db: Runner, userId: number, ip: string, method: LoginMethod = 'password'): Promise<void> {
  const now = Date.now();
  await db('users').where({ id: userId }).update({ last_login_at: now, updated_at: now });
  await db('profiles').where({ user_id: userId }).update({ last_active_at: now });
  await insertLogin(db, userId, ip, method, now);
}

export async function findAccountByEmail(db: Runner, siteId: number, email: string): Promise<{ id: number; status: string; language: string; name: string } | undefined> {
  return (await db({ u: 'users' })
    .join({ p: 'profiles' }, 'p.user_id', 'u.id')
    .where({ 'u.site_id': siteId, 'u.email': email })
    .first('u.id', 'u.status', 'u.language', 'p.name')) as { id: number; status: string; language: string; name: string } | undefined;
}

export async function updatePassword(db: Runner, userId: number, passwordHash: string, now: number): Promise<void> {
  await db('users').where({ id: userId }).update({ password_hash: passwordHash, password_changed_at: now, updated_at: now });
}

/**
 * The same password hashed again at today's cost (login upgrades old hashes): password_changed_at
 * stays, so no session is signed out, and only while `oldHash` is still stored, so a password
 * changed meanwhile is never overwritten.
 */
export async function rehashPassword(db: Runner, userId: number, oldHash: string, newHash: string): Promise<void> {
  await db('users').where({ id: userId, password_hash: oldHash }).update({ password_hash: newHash });
}

export async function findEmailOf(db: Runner, userId: number): Promise<string | undefined> {
  const row = await db('users').where({ id: userId }).first('email');
  return row?.email as string | undefined;
}
