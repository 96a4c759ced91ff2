// A member for the logged-in scenarios (DESIGN.md §8 measures search logged in): a user with a
// profile, a few blocks both ways and some likes, as a real member would have; and the login.
import type { Db } from '../server/db.js';
import { hashPassword } from '../server/lib/passwords.js';
import type { Target } from './processes.js';

export const BENCH_EMAIL = 'bench-member@amora.local';
export const BENCH_PASSWORD = 'bench member password';

/** Adds the member to a seeded database (once); blocks and likes touch random visible profiles. */
export async function addBenchMember(db: Db): Promise<void> {
  if (await db('users').where({ email: BENCH_EMAIL }).first('id')) return;
  const now = Date.now();
  const [userId] = await db('users').insert({
    site_id: 1, email: BENCH_EMAIL, password_hash: await hashPassword(BENCH_PASSWORD), status: 'active', language: 'en',
    signup_date: now, confirmed_at: now, created_at: now, updated_at: now,
  });
  const [profileId] = await db('profiles').insert({
    user_id: userId, name: 'Bench', gender: 'male', sexuality: 'hetero', birth_date: '1985-05-05', country: 'GB', region: 'North West',
    city: 'Manchester', last_active_at: now, created_at: now, updated_at: now,
  });
  const others = (await db('profiles').where('status', 'active').whereNot('id', profileId).orderBy('last_active_at', 'desc').limit(60).pluck('id')).map(Number);
  const blocks = others.slice(0, 20).map((id, i) => (i % 2 ? { blocker_profile_id: profileId, blocked_profile_id: id } : { blocker_profile_id: id, blocked_profile_id: profileId }));
  await db('blocks').insert(blocks.map((b) => ({ ...b, created_at: now })));
  await db('likes').insert(others.slice(20, 60).map((id) => ({ from_profile_id: id, to_profile_id: profileId, source: 'normal', is_new: true, created_at: now })));
}

export async function benchProfileId(db: Db): Promise<number> {
  const row = (await db('profiles').join('users', 'users.id', 'profiles.user_id').where('users.email', BENCH_EMAIL).first('profiles.id as id')) as { id: number } | undefined;
  if (!row) throw new Error('bench: the bench member is missing');
  return Number(row.id);
}

/** Logs the member in through the API (CSRF token and cookie from the login page); the cookie header to send, as a browser would. */
export async function benchMemberCookie(target: Target): Promise<string> {
  const page = await fetch(`${target.url}/login`, { headers: { host: 'localhost' } });
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1];
  const cookies = page.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!token) throw new Error('bench: no CSRF token on /login');
  const res = await fetch(`${target.url}/api/user.php`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookies.join('; ') },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`bench: member login failed with ${res.status}`);
  const session = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const cookie = ['amora_entry=1', ...session].join('; ');
  // The first page binds a CSRF token to the new session; a browser sends its cookie from then on.
  return withCsrfCookie(target, cookie, '/members');
}

/** What a visitor's browser sends after its first page: the entry confirmed and the CSRF cookie. */
export function benchVisitorCookie(target: Target): Promise<string> {
  return withCsrfCookie(target, 'amora_entry=1', '/login');
}

async function withCsrfCookie(target: Target, cookie: string, path: string): Promise<string> {
  const page = await fetch(`${target.url}${path}`, { headers: { host: 'localhost', cookie }, redirect: 'manual' });
  await page.arrayBuffer();
  const csrf = page.headers.getSetCookie().find((c) => c.startsWith('amora.csrf='))?.split(';')[0];
  if (!csrf) throw new Error(`bench: no CSRF cookie from ${path}`);
  return `${cookie}; ${csrf}`;
}
