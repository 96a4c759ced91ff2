// Members for browser tests, made straight in the server's own SQLite file (what a member cannot do
// alone in a test: credits bought, premium, a like received), and the login form as a member uses it.
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { Page } from 'playwright-core';
import { hashPassword } from '../server/lib/passwords.js';
import type { Harness } from './harness.js';

export function serverDb(h: Harness): Knex {
  return knexFactory({ client: 'better-sqlite3', connection: { filename: join(h.dataDir, 'e2e.sqlite') }, useNullAsDefault: true });
}

let seq = 0;

export interface E2eMember {
  email: string;
  password: string;
  userId: number;
  profileId: number;
  name: string;
}

/** An active member with a profile (no photo) in GB. */
export async function createE2eMember(db: Knex, name: string, o: { gender?: 'male' | 'female'; birthDate?: string } = {}): Promise<E2eMember> {
  const now = Date.now();
  const email = `e2e-${now}-${seq++}@example.org`;
  const password = 'a long browser-test password';
  const [userId] = await db('users').insert({
    site_id: 1, email, password_hash: await hashPassword(password), status: 'active', language: 'en', signup_date: now, confirmed_at: now, created_at: now, updated_at: now,
  });
  const [profileId] = await db('profiles').insert({
    user_id: userId, name, gender: o.gender ?? 'male', sexuality: 'hetero', birth_date: o.birthDate ?? '1988-03-03', country: 'GB', last_active_at: now, created_at: now, updated_at: now,
  });
  return { email, password, userId: Number(userId), profileId: Number(profileId), name };
}

/** Logs in through the form (the entry warning already dismissed) and waits for the member area. */
export async function logIn(page: Page, baseUrl: string, m: { email: string; password: string }): Promise<void> {
  await page.context().addCookies([{ name: 'amora_entry', value: String(Date.now()), url: baseUrl }]);
  await page.goto(baseUrl + '/login');
  await page.fill('input[name="email"]', m.email);
  await page.fill('input[name="password"]', m.password);
  await Promise.all([page.waitForURL(/\/members/), page.locator('form[action="/login"] button[type="submit"]').click()]);
}
