// The database stops answering (DESIGN.md §7, issue 13): a second app talks to the test MariaDB
// through a TCP proxy that can stall (a frozen server, a partition) or cut every connection (a
// killed server). Requests must get a 503 within the deadline instead of hanging, pages that need
// no database keep working, a transaction cut short leaves nothing behind, a retried chat send is
// stored and charged once, and the app heals by itself. MySQL only: SQLite runs in the process.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Express } from 'express';
import { createApp } from '../../server/app.js';
import { bootstrap, type Runtime } from '../../server/boot.js';
import { loadConfig } from '../../server/config.js';
import { createDb } from '../../server/db.js';
import { ServiceUnavailableError } from '../../server/lib/circuit.js';
import { createLogger } from '../../server/logger.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { BACKENDS, envFor, type TestEnv } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { testAssets } from '../helpers/test-assets.js';

const mysql = BACKENDS.find((b) => b.redisUrl);
/** The statement deadline (1.5 s) plus the error page; well within a visitor's patience. */
const FIRST_503_MS = 2500;
/** Once the circuit is open: no waiting at all. */
const OPEN_503_MS = 300;
/** The circuit's pause (2 s) and the probe. */
const HEAL_MS = 6000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = Date.now();
  const value = await work();
  return { ms: Date.now() - started, value };
}

/** Polls until `ok` holds; returns how long it took. */
async function until(ok: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!(await ok())) {
    if (Date.now() - started > withinMs) throw new Error(`not healed within ${withinMs} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}

function throughProxy(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

if (mysql) {
  describe('[mysql+redis] database faults', function () {
    this.timeout(60_000);
    let base: TestEnv;
    let proxy: TcpProxy;
    let rt: Runtime;
    let app: Express;

    before(async () => {
      base = await envFor(mysql);
      const target = new URL(mysql.databaseUrl);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 3306));
      const config = loadConfig(
        {
          NODE_ENV: 'test', DATABASE_URL: throughProxy(mysql.databaseUrl, proxy.port), REDIS_URL: mysql.redisUrl, PAYMENT_PROVIDER: 'test',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'amora-dbfault-')), SEED_DEMO: 'false',
        },
        { envFile: false },
      );
      rt = await bootstrap(config, createLogger({ logLevel: 'silent' }), { migrate: false });
      app = createApp({ ...rt, assets: testAssets() });
    });

    after(async () => {
      proxy?.resume();
      await rt?.close();
      await proxy?.close();
    });

    it('answers 503 within the deadline while the server is stalled, keeps pages without the database, heals after', async () => {
      const visitor = agent(app);
      const m = await createMember(base.rt.db);
      const member = await loggedInAgent(app, m.email, m.password);
      await visitor.get('/members').expect(200);
      await member.get('/api/credits.php').expect(200);

      proxy.stall();
      const first = await timed(() => visitor.get('/members'));
      expect(first.value.status).to.equal(503);
      expect(first.ms).to.be.below(FIRST_503_MS);
      const api = await timed(() => member.get('/api/credits.php'));
      expect(api.value.status).to.equal(503);
      expect(api.value.body.error.code).to.equal('service_unavailable');
      expect(api.ms).to.be.below(FIRST_503_MS);
      // Three faults open the circuit: from then on the 503 comes at once.
      let fast: number | undefined;
      for (let i = 0; i < 3 && fast === undefined; i++) {
        const next = await timed(() => visitor.get('/members'));
        expect(next.value.status).to.equal(503);
        if (next.ms < OPEN_503_MS) fast = next.ms;
      }
      expect(fast, 'the circuit opened').to.not.equal(undefined);
      // The login page needs no database.
      const login = await timed(() => agent(app).get('/login'));
      expect(login.value.status).to.equal(200);
      expect(login.ms).to.be.below(OPEN_503_MS);

      proxy.resume();
      const healed = await until(async () => (await visitor.get('/members')).status === 200, HEAL_MS);
      await member.get('/api/credits.php').expect(200);
      console.log(`      database stalled: first 503 after ${first.ms} ms, then ${fast} ms (circuit open); healed ${healed} ms after resume`);
    });

    it('rolls back a transaction that a stall cut short: nothing half-written', async () => {
      const m = await createMember(base.rt.db);
      const tag = `stall-${Date.now()}`;
      const attempt = timed(() =>
        rt.db.transaction(async (tx) => {
          await applyCreditDelta(tx, { userId: m.id, delta: 7, reason: 'grant', idempotencyKey: `${tag}-a` });
          proxy.stall();
          await applyCreditDelta(tx, { userId: m.id, delta: 5, reason: 'grant', idempotencyKey: `${tag}-b` });
        }),
      );
      const failed = await attempt.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failed).to.be.instanceOf(ServiceUnavailableError);
      proxy.resume();
      await until(async () => (await agent(app).get('/members')).status === 200, HEAL_MS);
      // The statement held back by the stall reaches the server on resume, but no COMMIT ever does.
      await until(async () => (await base.rt.db('credit_ledger').where('idempotency_key', 'like', `${tag}%`)).length === 0, 2000);
      await sleep(300);
      expect(await base.rt.db('credit_ledger').where('idempotency_key', 'like', `${tag}%`)).to.have.length(0);
      expect(Number((await base.rt.db('users').where({ id: m.id }).first('credits')).credits)).to.equal(0);
      expect((await base.rt.services.credits.audit({ userId: m.id })).mismatches).to.deep.equal([]);
    });

    it('refuses at once while the server is down, and a retried chat send is stored and charged once after it returns', async () => {
      const m = await createMember(base.rt.db);
      await base.rt.db.transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: 100, reason: 'grant' }));
      const to = (await createProfile(base.rt.db, base.rt.services.media, { gender: 'male' })).id;
      const member = await loggedInAgent(app, m.email, m.password);
      const token = csrfFrom((await member.get('/settings').expect(200)).text);
      const send = (clientId: string) => member.post('/api/messages.php').set('x-csrf-token', token).send({ profile: to, body: 'still there?', client_id: clientId });
      const clientId = `c${Date.now().toString(36)}dbcut`;

      await proxy.cut();
      const refused = await timed(() => send(clientId));
      expect(refused.value.status).to.equal(503);
      expect(refused.value.body.error.code).to.equal('service_unavailable');
      expect(refused.ms).to.be.below(1500);
      await proxy.restore();
      const healed = await until(async () => (await send(clientId)).status === 201, HEAL_MS);
      await send(clientId).expect(201);
      console.log(`      database down: 503 after ${refused.ms} ms; healed ${healed} ms after it came back`);

      expect(await base.rt.db('messages').where({ client_id: clientId })).to.have.length(1);
      expect(await base.rt.db('credit_ledger').where({ user_id: m.id, reason: 'message' })).to.have.length(1);
      expect((await base.rt.services.credits.audit({ userId: m.id })).mismatches).to.deep.equal([]);
    });

    it('answers 503 when the pool cannot hand out a connection in time', async () => {
      const target = new URL(mysql.databaseUrl);
      const own = await startTcpProxy(target.hostname, Number(target.port || 3306));
      const db = createDb(throughProxy(mysql.databaseUrl, own.port), { poolMax: 1, logger: createLogger({ logLevel: 'silent' }) });
      try {
        let release!: () => void;
        const held = db.transaction(async (tx) => {
          await tx.raw('select 1');
          await new Promise<void>((resolve) => (release = resolve));
        });
        await sleep(200);
        // More waiting requests than it takes to open the circuit (3 faults).
        const waiting = await Promise.all([1, 2, 3, 4].map(() => timed(() => db.raw('select 1').then(() => undefined, (err: unknown) => err))));
        for (const waited of waiting) {
          expect(waited.value).to.be.instanceOf(ServiceUnavailableError);
          expect(waited.ms).to.be.within(900, 1800);
        }
        // Every connection was busy, but the server answers: the circuit stays closed, and the
        // next request is served as soon as a connection is free (no 2 s of refusals for all).
        release();
        await held;
        const after = await timed(() => db.raw('select 1').then(() => 'answered', (err: unknown) => err));
        expect(after.value).to.equal('answered');
        expect(after.ms).to.be.below(500);
      } finally {
        await db.destroy();
        await own.close();
      }
    });
  });
}
