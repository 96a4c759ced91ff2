// Bench data for the memory scenarios: 10,000 members with accounts (one open event stream per
// member) sharing one password (the login burst logs 50 of them in at once). Their profiles are
// hidden, so search stays as seeded. Written in bulk; the password is hashed once.
import type { Db } from '../server/db.js';
import { hashPassword } from '../server/lib/passwords.js';
import { insertRows, nextId } from './seed-large.js';

export const STREAM_MEMBERS = 10_000;
export const STREAM_MEMBER_PASSWORD = 'bench stream member password';
export const streamMemberEmail = (i: number) => `bench-stream-${i}@amora.local`;

/** Adds the members; returns their user and profile ids in order (member i is streamMemberEmail(i)). */
export async function seedStreamMembers(db: Db, count = STREAM_MEMBERS): Promise<{ userIds: number[]; profileIds: number[] }> {
  const hash = await hashPassword(STREAM_MEMBER_PASSWORD);
  const now = Date.now();
  const firstUser = await nextId(db, 'users');
  const firstProfile = await nextId(db, 'profiles');
  const users: Record<string, unknown>[] = [];
  const profiles: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    users.push({ id: firstUser + i, site_id: 1, email: streamMemberEmail(i), password_hash: hash, status: 'active', language: 'en', signup_date: now, confirmed_at: now, created_at: now, updated_at: now });
    profiles.push({ id: firstProfile + i, user_id: firstUser + i, name: `Stream${i}`, status: 'hidden', gender: i % 2 ? 'female' : 'male', sexuality: 'hetero', birth_date: '1990-01-01', country: 'GB', last_active_at: now, created_at: now, updated_at: now });
  }
  await db.transaction(async (tx) => {
    await insertRows(tx, 'users', users);
    await insertRows(tx, 'profiles', profiles);
  });
  return { userIds: users.map((u) => u.id as number), profileIds: profiles.map((p) => p.id as number) };
}
