// The production SMS path (DESIGN.md §2): the HTTP gateway adapter against a local node:http
// server standing in for the gateway — JSON {to, body}, the bearer token, failures as
// SmsDeliveryError — and the configuration that chooses it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import { loadConfig } from '../../server/config.js';
import type { Db } from '../../server/db.js';
import { createSmsSender } from '../../server/services/sms/create-sms-sender.js';
import { GatewaySmsSender } from '../../server/services/sms/gateway-sms-sender.js';
import { OutboxSmsSender } from '../../server/services/sms/outbox-sms-sender.js';
import { maskPhone, SmsDeliveryError } from '../../server/services/sms/sms-sender.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

describe('SMS gateway adapter', () => {
  const logger = pino({ level: 'silent' });
  let server: Server;
  let url: string;
  let received: Received[] = [];
  let answer: { status: number; delayMs?: number } = { status: 200 };

  before(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(raw || 'null') });
        setTimeout(() => res.writeHead(answer.status, { 'content-type': 'application/json' }).end('{"id":"sms-1"}'), answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sms`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received = [];
    answer = { status: 200 };
  });

  it('POSTs {to, body} as JSON with the bearer token', async () => {
    await new GatewaySmsSender({ url, token: 's3cret' }, logger).send('+4915123456789', 'Your Amora code: 123456', 7);
    expect(received).to.have.length(1);
    expect(received[0]).to.deep.include({ method: 'POST', url: '/v1/sms', body: { to: '+4915123456789', body: 'Your Amora code: 123456' } });
    expect(received[0]!.headers['content-type']).to.equal('application/json');
    expect(received[0]!.headers.authorization).to.equal('Bearer s3cret');
  });

  it('sends no Authorization header without a token', async () => {
    await new GatewaySmsSender({ url }, logger).send('+31612345678', 'hello');
    expect(received[0]!.headers.authorization).to.equal(undefined);
  });

  it('turns a refusal, a timeout and an unreachable gateway into SmsDeliveryError', async () => {
    answer = { status: 503 };
    const refused = await new GatewaySmsSender({ url }, logger).send('+31612345678', 'x').catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(SmsDeliveryError);
    expect((refused as Error).message).to.include('503');

    answer = { status: 200, delayMs: 500 };
    const slow = await new GatewaySmsSender({ url, timeoutMs: 100 }, logger).send('+31612345678', 'x').catch((e: unknown) => e);
    expect(slow).to.be.instanceOf(SmsDeliveryError);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await new GatewaySmsSender({ url: `http://127.0.0.1:${port}/` }, logger).send('+31612345678', 'x').catch((e: unknown) => e);
    expect(unreachable).to.be.instanceOf(SmsDeliveryError);
  });

  it('is chosen by SMS_GATEWAY_URL; without it SMS go to the outbox and the log', () => {
    const db = {} as Db;
    const withGateway = loadConfig({ SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: 'tok' }, { envFile: false });
    expect(withGateway.smsGateway).to.deep.equal({ url, token: 'tok' });
    expect(createSmsSender(withGateway, db, logger)).to.be.instanceOf(GatewaySmsSender);
    const embedded = loadConfig({}, { envFile: false });
    expect(embedded.smsGateway).to.equal(undefined);
    expect(createSmsSender(embedded, db, logger)).to.be.instanceOf(OutboxSmsSender);
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://gateway' }, { envFile: false })).to.throw(/SMS_GATEWAY_URL/);
  });

  it('masks all but the last three digits of a phone number for logs and pages', () => {
    expect(maskPhone('+4915123456789')).to.equal('+••••••••••789');
    expect(maskPhone('0612345678')).to.equal('•••••••678');
  });
});
