// SMTP misbehaves (DESIGN.md §7, issue 13): the peer answers 421, then 550, then nothing at all,
// then recovers. Signups stay fast throughout (mail leaves through the outbox, in the background);
// a 421 or a silent server is tried again later, a 550 is the server's final word and is not; the
// circuit opens after repeated faults so the worker stops waiting on a dead server; once the peer
// is healthy every waiting mail is delivered exactly once. Runs on MariaDB + Redis when configured
// (the outbox is the same SQL on SQLite, which mail.test.ts covers).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Express } from 'express';
import { createApp } from '../../server/app.js';
import { bootstrap, type Runtime } from '../../server/boot.js';
import { loadConfig } from '../../server/config.js';
import { allCircuits } from '../../server/lib/circuit.js';
import { createLogger } from '../../server/logger.js';
import { BACKENDS, envFor } from '../helpers/backends.js';
import { faultySmtp, type FaultySmtp } from '../helpers/faulty-smtp.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { uniqueName } from '../helpers/names.js';
import { testAssets } from '../helpers/test-assets.js';

const backend = BACKENDS[BACKENDS.length - 1]!;
/** A signup hashes a password (scrypt, ~0.1-2 s on a busy CI box); it never waits on SMTP, see the silent case. */
const SIGNUP_MS = 5000;
const MINUTE = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = Date.now();
  const value = await work();
  return { ms: Date.now() - started, value };
}

describe(`[${backend.name}] SMTP faults`, function () {
  this.timeout(60_000);
  let peer: FaultySmtp;
  let rt: Runtime;
  let app: Express;

  before(async () => {
    const shared = await envFor(backend); // migrated and seeded
    // Mail other tests left waiting goes out through the shared environment's .eml files first,
    // so that only this test's mails meet the faulty peer.
    await shared.rt.services.mail.deliverDue({ now: Date.now() + 7 * 24 * 60 * MINUTE, limit: 10_000 });
    peer = await faultySmtp();
    const config = loadConfig(
      {
        NODE_ENV: 'test', DATABASE_URL: backend.databaseUrl, REDIS_URL: backend.redisUrl, SMTP_URL: peer.url, PAYMENT_PROVIDER: 'test',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'amora-smtpfault-')), SEED_DEMO: 'false',
      },
      { envFile: false },
    );
    rt = await bootstrap(config, createLogger({ logLevel: 'silent' }), { migrate: false });
    app = createApp({ ...rt, assets: testAssets() });
  });

  after(async () => {
    await rt?.close();
    await peer?.stop();
  });

  async function signup(): Promise<{ email: string; ms: number }> {
    const a = agent(app);
    const token = csrfFrom((await a.get('/login').expect(200)).text);
    const email = `smtp-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
    const res = await timed(() =>
      a.post('/api/signup.php').set('x-csrf-token', token).send({
        name: uniqueName('Robin'), email, password: 'a fine long password', birth_year: 1994, birth_month: 5, birth_day: 17, gender: 'female',
        sexuality: 'hetero', country: 'GB', region: 'London', city: 'London',
      }),
    );
    expect(res.value.status).to.equal(201);
    return { email, ms: res.ms };
  }

  const row = (email: string) => rt.db('mail_outbox').where({ to_address: email }).first('status', 'attempts', 'last_error');
  const received = (email: string) => peer.mails.filter((m) => m.to.includes(email)).length;
  const circuit = () => allCircuits().find((c) => c.name === `smtp 127.0.0.1:${new URL(peer.url).port}`);

  it('keeps signups fast, retries 421 and silence, gives up on 550, opens the circuit, and delivers each mail once after', async () => {
    // 421 at the greeting: tried again later.
    await peer.set('421');
    const first = await signup();
    expect(first.ms).to.be.below(SIGNUP_MS);
    const refused = await timed(() => rt.services.mail.deliverDue()); // the signup's own run, or one after it
    expect(await row(first.email)).to.include({ status: 'pending', attempts: 1 });
    expect((await row(first.email)).last_error).to.match(/421/);

    // 550 at RCPT: the server's final word on that mail.
    await peer.set('550');
    const rejectedTo = `smtp-550-${Date.now()}@example.org`;
    await rt.services.mail.enqueue({ siteId: null, userId: null, to: rejectedTo, template: 'test', language: 'en', subject: 'Never', html: '<p>Never</p>', text: 'Never' });
    await rt.services.mail.deliverDue();
    expect(await row(rejectedTo)).to.include({ status: 'failed', attempts: 1 });
    expect((await row(rejectedTo)).last_error).to.match(/550/);

    // Silence: the greeting deadline ends each try; signups do not wait for it.
    await peer.set('silent');
    const second = await signup();
    expect(second.ms).to.be.below(SIGNUP_MS);
    // The signup has answered while its mail's first try is still waiting for a greeting.
    expect(await row(second.email)).to.include({ status: 'pending', attempts: 0 });
    const silentRun = await timed(() => rt.services.mail.deliverDue());
    expect(silentRun.ms).to.be.below(5000);
    expect(await row(second.email)).to.include({ status: 'pending', attempts: 1 });
    await rt.services.mail.deliverDue({ now: Date.now() + 2 * MINUTE });
    expect(circuit()?.state()).to.equal('open');
    // Open: the worker leaves the outbox alone and returns at once.
    const before = [await row(first.email), await row(second.email)];
    const idle = await timed(() => rt.services.mail.deliverDue({ now: Date.now() + 10 * MINUTE }));
    expect(idle.ms).to.be.below(200);
    expect([await row(first.email), await row(second.email)]).to.deep.equal(before);
    const third = await signup();
    expect(third.ms).to.be.below(SIGNUP_MS);

    // Healthy again: after the circuit's pause, everything waiting goes out once.
    await peer.set('healthy');
    const healing = Date.now();
    for (let later = 2; ; later++) {
      await rt.services.mail.deliverDue({ now: Date.now() + later * 60 * MINUTE });
      if ((await Promise.all([first, second, third].map((s) => row(s.email)))).every((r) => r.status === 'sent')) break;
      if (Date.now() - healing > 15_000) throw new Error('mail not delivered within 15 s of the peer recovering');
      await sleep(250);
    }
    const healed = Date.now() - healing;
    await rt.services.mail.deliverDue({ now: Date.now() + 48 * 60 * MINUTE });
    expect([first, second, third].map((s) => received(s.email))).to.deep.equal([1, 1, 1]);
    expect(received(rejectedTo)).to.equal(0);
    expect(await row(rejectedTo)).to.include({ status: 'failed' });
    expect(circuit()?.state()).to.equal('closed');
    console.log(`      SMTP: 421 run ${refused.ms} ms, silent run ${silentRun.ms} ms, open circuit run ${idle.ms} ms; signups ${first.ms}/${second.ms}/${third.ms} ms; delivered ${healed} ms after recovery`);
  });
});
