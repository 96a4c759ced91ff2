// Creates members directly in the database for tests (signup has its own tests).
import type { Db } from '../../server/db.js';
import { hashPassword } from '../../server/lib/passwords.js';
import type { Server } from 'node:http';
import supertest from 'supertest';
import { csrfFrom } from './http.js';

let counter = 0;

export async function createMember(
  db: Db,
  o: { siteId?: number; email?: string; password?: string; language?: string; name?: string; status?: string; passwordHash?: string } = {},
): Promise<{ id: number; email: string; password: string }> {
  const now = Date.now();
  const email = o.email ?? `member-${now}-${counter++}@example.com`;
  const password = o.password ?? 'a good long password';
  const [id] = await db('users').insert({
    site_id: o.siteId ?? 1, email, password_hash: o.passwordHash ?? (await hashPassword(password)), status: o.status ?? 'active', language: o.language ?? 'en',
    signup_date: now, confirmed_at: (o.status ?? 'active') === 'active' ? now : null, created_at: now, updated_at: now,
  });
  await db('profiles').insert({
    user_id: id, name: o.name ?? 'Sam', gender: 'female', sexuality: 'hetero', birth_date: '1992-04-01', country: 'GB',
    last_active_at: now, created_at: now, updated_at: now,
  });
  return { id: Number(id), email, password };
}

/** A member from `country`, logged in over real HTTP on a listening server (a provider's webhook needs one). */
export async function memberOverHttp(db: Db, server: Server, host: string, o: { name: string; country: string }) {
  const m = await createMember(db, { name: o.name });
  await db('profiles').where({ user_id: m.id }).update({ country: o.country });
  const a = supertest.agent(server).set('Host', host);
  const login = await a.get('/login').expect(200);
  await a.post('/login').type('form').send({ _csrf: csrfFrom(login.text), email: m.email, password: m.password }).expect(303);
  return { ...m, a };
}
