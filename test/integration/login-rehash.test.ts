// Passwords stored as scrypt before argon2id (issue 17 point 4): they still log in, and the right
// password is then stored again as argon2id at today's cost, without signing anyone out.
import { randomBytes, scryptSync } from 'node:crypto';
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

/** A hash exactly as hashPassword stored them before: scrypt$N$r$p$salt$hash at N=2^17, r=8, p=1. */
function oldScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', 2 ** 17, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describeEachBackend('login with an old scrypt password', (env) => {
  const storedHash = async (id: number) => (await env().rt.db('users').where({ id }).first('password_hash', 'password_changed_at')) as {
    password_hash: string;
    password_changed_at: number | string | null;
  };

  async function login(email: string, password: string, status: number) {
    const a = agent(env().app);
    const page = await a.get('/login').expect(200);
    await a.post('/api/user.php').set('x-csrf-token', csrfFrom(page.text)).send({ email, password }).expect(status);
    return a;
  }

  it('logs in, stores the password again as argon2id, and logs in with that; a wrong password changes nothing', async () => {
    const old = oldScryptHash('an old long password');
    const m = await createMember(env().rt.db, { password: 'an old long password', passwordHash: old });
    const changedAt = Date.now() - 86_400_000;
    await env().rt.db('users').where({ id: m.id }).update({ password_changed_at: changedAt });

    await login(m.email, 'not the password', 401);
    expect((await storedHash(m.id)).password_hash).to.equal(old);

    const first = await login(m.email, m.password, 200);
    const upgraded = await storedHash(m.id);
    expect(upgraded.password_hash).to.match(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
    // The same password, so no session is signed out: password_changed_at stays as it was.
    expect(Number(upgraded.password_changed_at)).to.equal(changedAt);

    await login(m.email, m.password, 200);
    await login(m.email, 'an old long passwore', 401);
    expect((await storedHash(m.id)).password_hash).to.equal(upgraded.password_hash);
    await first.get('/api/user.php').set('X-Request-Type', 'client').expect(200);
  });
});
