// Login limits that cannot be turned against members (issue 13, DESIGN.md §7): the pair lockout
// with the SPEC.md §8 message, the per-address limit, the per-account slowdown, points taken
// before hashing, password reset while locked out, failing closed, and all of it across app
// instances and processes on one database and Redis. Instances here get small limits through the
// service's constructor and count the passwords they hash.
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import type { Express } from 'express';
import { createClient } from 'redis';
import supertest from 'supertest';
import { createApp } from '../../server/app.js';
import { createDb, type Db } from '../../server/db.js';
import { verifyPassword } from '../../server/lib/passwords.js';
import { AuthService } from '../../server/services/accounts/auth-service.js';
import { LoginThrottle, type LoginLimits } from '../../server/services/accounts/login-throttle.js';
import type { RedisClient } from '../../server/sessions.js';
import { startAppProcess, type AppProcess } from '../helpers/app-processes.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { testAssets } from '../helpers/test-assets.js';

const LOCKOUT_15 = 'Too many incorrect attempts, account blocked for 15 min.';

let ipCounter = 0;
/** A fresh client address (documentation ranges), so tests never share a counter. */
const newIpv4 = () => `203.0.113.${++ipCounter}`;
const newIpv6Net = () => `2001:db8:${(++ipCounter).toString(16)}:1`;

/**
 * A member whose password is stored at a low scrypt cost: the real verifyPassword reads the cost
 * from the stored hash, so counting checks stays honest while the suite stays fast.
 */
async function member(db: Db) {
  const password = 'a good long password';
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 1024, r: 8, p: 1 });
  const passwordHash = ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  return createMember(db, { password, passwordHash });
}

interface Instance {
  app: Express;
  /** Passwords checked (scrypt) by this instance. */
  hashes: () => number;
  /** The slowdown delays this instance held answers back for. */
  delays: number[];
}

type Agent = ReturnType<typeof supertest.agent>;

/** A visitor at `ip` (through the trusted loopback proxy) with a CSRF token. */
async function visitor(target: Express | string, ip: string, host = 'localhost'): Promise<{ a: Agent; token: string; ip: string }> {
  const a = supertest.agent(target);
  if (typeof target !== 'string') a.set('Host', host);
  const page = await a.get('/login').set('X-Forwarded-For', ip).expect(200);
  return { a, token: csrfFrom(page.text), ip };
}

function apiLogin(v: { a: Agent; token: string; ip: string }, email: string, password: string) {
  return v.a.post('/api/user.php').set('X-Forwarded-For', v.ip).set('x-csrf-token', v.token).send({ email, password });
}

function formLogin(v: { a: Agent; token: string; ip: string }, email: string, password: string) {
  return v.a.post('/login').set('X-Forwarded-For', v.ip).type('form').send({ _csrf: v.token, email, password });
}

describeEachBackend('login limits', (env) => {
  const db = () => env().rt.db;

  /** An app on the shared database and Redis whose login limits and password check are its own. */
  function instance(limits: Partial<LoginLimits> = {}, store: { db?: Db; redis?: RedisClient } = {}): Instance {
    const rt = env().rt;
    let hashes = 0;
    const delays: number[] = [];
    const throttle = new LoginThrottle(store.db ?? rt.db, store.db ? undefined : (store.redis ?? rt.redis), limits, (ms) => {
      delays.push(ms);
      return sleep(ms);
    });
    const verify = (password: string, stored: string) => {
      hashes++;
      return verifyPassword(password, stored);
    };
    const auth = new AuthService(rt.db, throttle, { verifyPassword: verify });
    const app = createApp({ ...rt, services: { ...rt.services, auth }, assets: testAssets() });
    return { app, hashes: () => hashes, delays };
  }

  it('locks the account and address pair at the 5th wrong password with the SPEC message, on both paths; other addresses still get in', async () => {
    const m = await member(db());
    const inst = instance();
    const here = await visitor(inst.app, newIpv4());
    for (let i = 1; i <= 4; i++) {
      const r = await apiLogin(here, m.email, `wrong ${i}`).expect(401);
      expect(r.body.error.code).to.equal('login_failed');
    }
    const fifth = await apiLogin(here, m.email, 'wrong 5').expect(429);
    expect(fifth.body.error).to.deep.equal({ code: 'rate_limited', message: LOCKOUT_15 });
    expect(inst.hashes()).to.equal(5);
    // The right password from the locked pair is refused without being checked, on both paths.
    const right = await apiLogin(here, m.email, m.password).expect(429);
    expect(right.body.error.message).to.equal(LOCKOUT_15);
    const page = await formLogin(here, m.email, m.password).expect(429);
    expect(page.text).to.include(LOCKOUT_15);
    expect(inst.hashes()).to.equal(5);
    // The member, anywhere else, is not locked out.
    const elsewhere = await visitor(inst.app, newIpv4());
    await apiLogin(elsewhere, m.email, m.password).expect(200);
    const formElsewhere = await visitor(inst.app, `${newIpv6Net()}::1`);
    await formLogin(formElsewhere, m.email, m.password).expect(303);
  });

  it("says the lockout in the site's language on the form, for an unknown e-mail alike", async () => {
    const inst = instance({ pairAttempts: 1 });
    const nl = await visitor(inst.app, newIpv4(), 'nl.localhost');
    const page = await formLogin(nl, `nobody-${Date.now()}@example.com`, 'a guess').expect(429);
    expect(page.text).to.include('Te veel onjuiste pogingen, account geblokkeerd voor 15 min.');
  });

  it('counts wrong passwords per address across accounts, unknown e-mails alike, IPv6 by its /64', async () => {
    const m = await member(db());
    const inst = instance({ addressAttempts: 2 });
    const net = newIpv6Net();
    for (let i = 1; i <= 2; i++) {
      // Other addresses of the same /64, other accounts, none of which exist.
      const v = await visitor(inst.app, `${net}::${i}`);
      const r = await apiLogin(v, `nobody-${i}-${Date.now()}@example.com`, 'a guess').expect(401);
      expect(r.body.error.code).to.equal('login_failed');
    }
    const sameNet = await visitor(inst.app, `${net}:ffff:ffff:ffff:ffff`);
    const refused = await apiLogin(sameNet, m.email, m.password).expect(429);
    expect(refused.body.error).to.deep.equal({ code: 'rate_limited', message: 'Too many incorrect attempts from your network. Please try again in 60 min.' });
    const form = await formLogin(sameNet, m.email, m.password).expect(429);
    expect(form.text).to.include('from your network');
    expect(inst.hashes()).to.equal(2);
    // The next /64 and IPv4 clients have their own count.
    await apiLogin(await visitor(inst.app, `${newIpv6Net()}::1`), m.email, m.password).expect(200);
    await apiLogin(await visitor(inst.app, newIpv4()), m.email, m.password).expect(200);
  });

  it('slows down, never locks, an account guessed at from many addresses', async () => {
    const m = await member(db());
    const inst = instance({ accountSlowAfter: 2, slowDelayMs: 100, maxSlowDelayMs: 200 });
    const took: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const v = await visitor(inst.app, newIpv4());
      const started = Date.now();
      await apiLogin(v, m.email, `wrong ${i}`).expect(401);
      took.push(Date.now() - started);
    }
    // Free up to 2 wrong passwords, then a delay that doubles up to its bound.
    expect(inst.delays).to.deep.equal([100, 200, 200]);
    expect(took[2]).to.be.at.least(100);
    expect(took[3]).to.be.at.least(200);
    expect(took[4]).to.be.at.least(200);
    // The member still gets in (after the bounded delay), on both paths.
    const started = Date.now();
    await apiLogin(await visitor(inst.app, newIpv4()), m.email, m.password).expect(200);
    expect(Date.now() - started).to.be.at.least(200);
    await formLogin(await visitor(inst.app, newIpv4()), m.email, m.password).expect(303);
    expect(inst.hashes()).to.equal(7);
  });

  it('hashes at most the limit for 50 concurrent wrong passwords across two app instances', async () => {
    const m = await member(db());
    const [one, two] = [instance(), instance()];
    const ip = newIpv4();
    const [v1, v2] = await Promise.all([visitor(one.app, ip), visitor(two.app, ip)]);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => apiLogin(i % 2 ? v1 : v2, m.email, `guess ${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(one.hashes() + two.hashes()).to.be.at.most(5).and.at.least(1);
    expect(statuses.filter((s) => s === 401).length).to.be.at.most(4);
    expect(statuses.filter((s) => s === 429).length).to.be.at.least(46);
    expect(statuses.every((s) => s === 401 || s === 429)).to.equal(true);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.body.error.message).to.match(/^Too many incorrect attempts, account blocked for 1[45] min\.$/);
    // The member is still welcome from elsewhere, on either instance.
    await apiLogin(await visitor(two.app, newIpv4()), m.email, m.password).expect(200);
  });

  it('clears the pair when the member gets the password right', async () => {
    const m = await member(db());
    const inst = instance({ pairAttempts: 2 });
    const v = await visitor(inst.app, newIpv4());
    await apiLogin(v, m.email, 'wrong 1').expect(401);
    await apiLogin(v, m.email, m.password).expect(200);
    // Logged in, the session (and its CSRF token) is new: a fresh visitor at the same address.
    const same = await visitor(inst.app, v.ip);
    await apiLogin(same, m.email, 'wrong 2').expect(401);
    const locked = await apiLogin(same, m.email, 'wrong 3').expect(429);
    expect(locked.body.error.message).to.equal(LOCKOUT_15);
  });

  it('keeps password reset open to a locked-out member, and the new password starts the pair afresh', async () => {
    const m = await member(db());
    const inst = instance({ pairAttempts: 2 });
    const v = await visitor(inst.app, newIpv4());
    await apiLogin(v, m.email, 'wrong 1').expect(401);
    await apiLogin(v, m.email, 'wrong 2').expect(429);
    await apiLogin(v, m.email, m.password).expect(429);

    const form = await v.a.get('/reset-password').set('X-Forwarded-For', v.ip).expect(200);
    await v.a.post('/reset-password').set('X-Forwarded-For', v.ip).type('form').send({ _csrf: csrfFrom(form.text), email: m.email }).expect(303);
    const mail = await db()('mail_outbox').where({ to_address: m.email, template: 'passwordReset' }).orderBy('id', 'desc').first();
    const link = /\/reset-password\/do\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const set = await v.a.get(`/reset-password/do?token=${link}`).set('X-Forwarded-For', v.ip).expect(200);
    const password = 'a brand new passphrase';
    await v.a
      .post('/reset-password/do')
      .set('X-Forwarded-For', v.ip)
      .type('form')
      .send({ _csrf: csrfFrom(set.text), token: link, password, password_confirm: password })
      .expect(303);

    const again = await visitor(inst.app, v.ip);
    await apiLogin(again, m.email, password).expect(200);
    expect(inst.hashes()).to.equal(3);
  });

  it('fails closed: no password is checked when the counters cannot be reached', async () => {
    const m = await member(db());
    // A store that cannot answer: Redis with its connection closed, or a database without the table.
    let closed: RedisClient | undefined;
    let broken: Db | undefined;
    if (env().backend.redisUrl) {
      closed = createClient({ url: env().backend.redisUrl }) as unknown as RedisClient;
      await closed.connect();
      await closed.quit();
    } else broken = createDb(`sqlite:${join(mkdtempSync(join(tmpdir(), 'amora-broken-')), 'empty.sqlite')}`);
    try {
      const inst = instance({}, { db: broken, redis: closed });
      const v = await visitor(inst.app, newIpv4());
      const api = await apiLogin(v, m.email, m.password).expect(503);
      expect(api.body.error.code).to.equal('service_unavailable');
      const page = await formLogin(v, m.email, m.password).expect(503);
      expect(page.text).to.include('An error occured, please try again later.');
      expect(inst.hashes()).to.equal(0);
    } finally {
      await broken?.destroy();
    }
  });

  describe('across app processes (Redis: the embedded setup is one process)', function () {
    let a: AppProcess | undefined;
    let b: AppProcess | undefined;

    before(async function () {
      if (!env().backend.redisUrl) return this.skip();
      [a, b] = await Promise.all([startAppProcess(env().backend), startAppProcess(env().backend)]);
    });

    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it('locks the pair in one process and the other refuses it too, while another address gets in', async function () {
      if (!a || !b) return this.skip();
      const m = await member(db());
      const ip = newIpv4();
      const onA = await visitor(a.baseUrl, ip);
      for (let i = 1; i <= 4; i++) await apiLogin(onA, m.email, `wrong ${i}`).expect(401);
      const fifth = await apiLogin(onA, m.email, 'wrong 5').expect(429);
      expect(fifth.body.error.message).to.equal(LOCKOUT_15);
      const onB = await visitor(b.baseUrl, ip);
      const refused = await apiLogin(onB, m.email, m.password).expect(429);
      expect(refused.body.error.message).to.equal(LOCKOUT_15);
      await apiLogin(await visitor(b.baseUrl, newIpv4()), m.email, m.password).expect(200);
    });
  });
});
