// The payment provider and the SMS gateway stop answering (DESIGN.md §7, issue 13): each accepts
// the connection and then says nothing. Calls end at their deadline, repeated faults open the
// circuit so the next ones fail at once, and members see the localized "try again" with a 503:
// the checkout page's API, a provider webhook (so that the provider calls again) and the SMS code.
// (Healing after an outage: payments-mollie.test.ts; SMTP and the database: their own fault tests.)
import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Express } from 'express';
import { pino } from 'pino';
import { createApp } from '../../server/app.js';
import { bootstrap, type Runtime } from '../../server/boot.js';
import { loadConfig } from '../../server/config.js';
import { createLogger } from '../../server/logger.js';
import { MollieProvider } from '../../server/services/payments/mollie-provider.js';
import { ProviderError } from '../../server/services/payments/payment-provider.js';
import { GatewaySmsSender } from '../../server/services/sms/gateway-sms-sender.js';
import { SmsDeliveryError } from '../../server/services/sms/sms-sender.js';
import { BACKENDS, envFor } from '../helpers/backends.js';
import { agent, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { testAssets } from '../helpers/test-assets.js';

const backend = BACKENDS[BACKENDS.length - 1]!;
const DEADLINE_MS = 300;
const API_KEY = `test_${'x'.repeat(30)}`;

/** A server that accepts connections and never says a word (a frozen provider). */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const held = new Set<Socket>();
  const server: Server = createServer((socket) => {
    held.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of held) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = Date.now();
  const value = await work();
  return { ms: Date.now() - started, value };
}

describe(`[${backend.name}] payment provider and SMS gateway faults`, function () {
  this.timeout(30_000);
  let silent: Awaited<ReturnType<typeof silentServer>>;

  before(async () => {
    silent = await silentServer();
  });
  after(() => silent.close());

  it('Mollie: each call ends at its deadline, the circuit then refuses at once; checkout and webhook answer 503', async () => {
    const apiEndpoint = `https://127.0.0.1:${silent.port}/v2/`;
    // Made first, so that the circuit of this endpoint (shared by name) has the short deadline.
    const mollie = new MollieProvider({ apiKey: API_KEY, apiEndpoint, timeoutMs: DEADLINE_MS });
    const faults: number[] = [];
    for (let i = 0; i < 3; i++) {
      const call = await timed(() => mollie.fetch('tr_silent').catch((e: unknown) => e));
      expect(call.value).to.be.instanceOf(ProviderError);
      expect((call.value as ProviderError).unavailable).to.equal(true);
      faults.push(call.ms);
    }
    for (const ms of faults) expect(ms).to.be.within(DEADLINE_MS - 50, DEADLINE_MS + 700);

    await envFor(backend);
    const config = loadConfig(
      {
        NODE_ENV: 'test', DATABASE_URL: backend.databaseUrl, REDIS_URL: backend.redisUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'amora-provfault-')),
        SEED_DEMO: 'false', PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: API_KEY, MOLLIE_API_URL: apiEndpoint,
      },
      { envFile: false },
    );
    const rt: Runtime = await bootstrap(config, createLogger({ logLevel: 'silent' }), { migrate: false });
    try {
      const app: Express = createApp({ ...rt, assets: testAssets() });
      const m = await createMember(rt.db);
      const member = await loggedInAgent(app, m.email, m.password);
      const checkout = await timed(() => member.get('/api/credits.php'));
      expect(checkout.value.status).to.equal(503);
      expect(checkout.value.body.error).to.deep.equal({
        code: 'provider_unavailable',
        message: rt.i18n.getFixedT('en', 'errors')('paymentProviderUnavailable'),
      });
      expect(checkout.ms).to.be.below(1000);
      const webhook = await timed(() => agent(app).post('/webhooks/mollie').type('form').send({ id: 'tr_silent' }));
      expect(webhook.value.status).to.equal(503);
      expect(webhook.ms).to.be.below(1000);
      console.log(`      Mollie silent: faults after ${faults.join('/')} ms (deadline ${DEADLINE_MS} ms), then checkout 503 in ${checkout.ms} ms, webhook 503 in ${webhook.ms} ms`);
    } finally {
      await rt.close();
    }
  });

  it('SMS gateway: each send ends at its deadline, the circuit then refuses at once, as "unavailable"', async () => {
    const sms = new GatewaySmsSender({ url: `http://127.0.0.1:${silent.port}/v1/sms`, timeoutMs: DEADLINE_MS }, pino({ level: 'silent' }));
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      const sent = await timed(() => sms.send('+31612345678', 'Your code: 123456').catch((e: unknown) => e));
      expect(sent.value).to.be.instanceOf(SmsDeliveryError);
      expect((sent.value as SmsDeliveryError).unavailable).to.equal(true);
      times.push(sent.ms);
    }
    for (const ms of times.slice(0, 3)) expect(ms).to.be.within(DEADLINE_MS - 50, DEADLINE_MS + 700);
    expect(times[3]).to.be.below(50);
    console.log(`      SMS gateway silent: faults after ${times.slice(0, 3).join('/')} ms, then refused in ${times[3]} ms`);
  });
});
