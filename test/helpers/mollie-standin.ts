// A local stand-in for Mollie's API (https://docs.mollie.com/reference), for tests of the Mollie
// adapter and of checkouts end to end. It serves exactly the endpoints MollieProvider calls, with
// Mollie's JSON shapes (HAL `_links`, amounts as strings, Mollie's status values and error bodies),
// checks the API key, records every request, and lets a test act as Mollie and the world around
// it: the payer paying, the bank charging back, the merchant refunding in the dashboard, Mollie
// calling the webhook, and Mollie having an outage.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { generate } from 'selfsigned';
import { DEFAULT_METHODS, MOLLIE_LOCALES, type SequenceType, type StandinMethod } from './mollie-standin-data.js';
import {
  MollieError, MollieJson, invalid, parseAmount, remainingCents, token, type StandinPayment, type StandinRefund, type StandinStatus,
} from './mollie-standin-json.js';
import { freePort } from './smtp.js';

export type { StandinStatus } from './mollie-standin-json.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  headers: IncomingHttpHeaders;
}

interface Reply {
  status: number;
  body: unknown;
}

/** Stand-ins running in this process, and the certificate check setting from before the first one. */
let running = 0;
let tlsCheckBefore: string | undefined;

/** Starts a stand-in on a free port; call stop() when done. */
export async function startMollieStandin(): Promise<MollieStandin> {
  const standin = new MollieStandin(await freePort());
  await standin.start();
  return standin;
}

export class MollieStandin {
  readonly apiKey = `test_${token(30)}`;
  readonly origin: string;
  /** The base URL to give the Mollie client (its `apiEndpoint`). */
  readonly apiUrl: string;
  readonly requests: RecordedRequest[] = [];
  methods: StandinMethod[] = [...DEFAULT_METHODS];
  private readonly payments = new Map<string, StandinPayment>();
  private readonly customers = new Map<string, { id: string; mandates: Set<string> }>();
  private readonly idempotent = new Map<string, Reply>();
  private readonly json: MollieJson;
  private outage: number | null = null;
  private server: Server | undefined;

  constructor(readonly port: number) {
    this.origin = `https://127.0.0.1:${port}`;
    this.json = new MollieJson(this.origin);
    this.apiUrl = this.json.apiUrl;
  }

  /**
   * Listens (again, after stop(): the same port). The Mollie client trusts only its own bundle of
   * public root certificates, so certificate checks are off in this process while the stand-in runs.
   */
  async start(): Promise<void> {
    if (this.server) return;
    if (running++ === 0) {
      tlsCheckBefore = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    }
    // A throwaway certificate made for this run: nothing secret lives in the repository.
    const tls = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048, algorithm: 'sha256' });
    const server = createServer({ key: tls.private, cert: tls.cert }, (req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  /** Stops listening (Mollie unreachable); certificate checks are back once no stand-in runs. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    if (--running > 0) return;
    if (tlsCheckBefore === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsCheckBefore;
  }

  /** Every API request answers `status` (a 5xx: an outage) until called with null. */
  failWith(status: number | null): void {
    this.outage = status;
  }

  /** The payer (or the bank) decides: the payment moves to `status`. */
  setStatus(id: string, status: StandinStatus): void {
    const p = this.known(id);
    p.status = status;
    p.statusAt = new Date().toISOString();
  }

  /** The payer's bank takes `cents` of a paid payment back. */
  chargeback(id: string, cents: number): void {
    const p = this.known(id);
    if (p.status !== 'paid' || cents <= 0 || cents > remainingCents(p)) throw new Error(`stand-in: cannot charge back ${cents} of ${id}`);
    p.chargedBackCents += cents;
  }

  /** A refund made in Mollie's dashboard (the API's refunds endpoint does the same). */
  refund(id: string, cents: number): void {
    this.addRefund(this.known(id), cents);
  }

  /** Mollie telling the merchant that the payment changed: POST id=tr_… to its webhookUrl. */
  async callWebhook(id: string): Promise<{ status: number; body: string }> {
    const p = this.known(id);
    if (!p.webhookUrl) throw new Error(`stand-in: ${id} has no webhookUrl`);
    const res = await fetch(p.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie HTTP client/1.0' },
      body: new URLSearchParams({ id }).toString(),
    });
    return { status: res.status, body: await res.text() };
  }

  /** Recorded API requests to a path (e.g. '/v2/payments'), oldest first. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    if (req.method === 'GET' && url.pathname.startsWith('/checkout/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Mollie stand-in checkout</title>');
      return;
    }
    let reply: Reply;
    try {
      const body = await readJson(req);
      this.requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), body, headers: req.headers });
      reply = this.answer(req, url, body);
    } catch (err) {
      if (!(err instanceof MollieError)) console.error('mollie stand-in:', err);
      const e = err instanceof MollieError ? err : new MollieError(500, 'Internal Server Error', 'The stand-in failed.');
      reply = { status: e.status, body: e.json() };
    }
    const headers: Record<string, string> = { 'content-type': 'application/hal+json' };
    // Mollie's client retries 5xx answers after Retry-After seconds (2 s without one): keep tests quick.
    if (reply.status >= 500) headers['retry-after'] = '0';
    res.writeHead(reply.status, headers).end(JSON.stringify(reply.body));
  }

  private answer(req: IncomingMessage, url: URL, body: Record<string, unknown> | undefined): Reply {
    if (this.outage) throw new MollieError(this.outage, 'Service Unavailable', 'The service is temporarily unavailable.');
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      throw new MollieError(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    }
    const idempotencyKey = req.headers['idempotency-key'];
    const replayKey = typeof idempotencyKey === 'string' ? `${req.method} ${url.pathname} ${idempotencyKey}` : undefined;
    const replay = replayKey && this.idempotent.get(replayKey);
    if (replay) return replay;
    const reply = this.route(req.method ?? '', url, body ?? {});
    if (replayKey) this.idempotent.set(replayKey, reply);
    return reply;
  }

  private route(method: string, url: URL, body: Record<string, unknown>): Reply {
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/payments') return { status: 201, body: this.json.payment(this.createPayment(body)) };
    if (method === 'GET' && path === '/v2/payments') return { status: 200, body: this.json.payments([...this.payments.values()].reverse()) };
    if (method === 'GET' && (m = /^\/v2\/payments\/([^/]+)$/.exec(path))) return { status: 200, body: this.json.payment(this.paymentOr404(m[1]!)) };
    if (method === 'POST' && (m = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(path))) {
      const p = this.paymentOr404(m[1]!);
      return { status: 201, body: this.json.refund(p, this.createRefund(p, body)) };
    }
    if (method === 'GET' && path === '/v2/methods') return { status: 200, body: this.listMethods(url.searchParams) };
    if (method === 'POST' && path === '/v2/customers') return { status: 201, body: this.createCustomer(body) };
    if (method === 'POST' && (m = /^\/v2\/customers\/([^/]+)\/mandates$/.exec(path))) return { status: 201, body: this.createMandate(m[1]!, body) };
    throw new MollieError(404, 'Not Found', 'The resource could not be found.');
  }

  private createPayment(body: Record<string, unknown>): StandinPayment {
    const amount = parseAmount(body.amount);
    const sequenceType = (body.sequenceType ?? 'oneoff') as SequenceType;
    if (!['oneoff', 'first', 'recurring'].includes(sequenceType)) throw invalid('sequenceType', 'The sequence type is invalid.');
    if (typeof body.description !== 'string' || !body.description.trim()) throw invalid('description', 'The description is invalid.');
    if (sequenceType !== 'recurring' && !isHttpUrl(body.redirectUrl)) throw invalid('redirectUrl', 'The redirect URL is invalid.');
    if (body.webhookUrl !== undefined && !isHttpUrl(body.webhookUrl)) throw invalid('webhookUrl', 'The webhook URL is invalid.');
    if (body.locale !== undefined && !MOLLIE_LOCALES.has(String(body.locale))) throw invalid('locale', 'The locale is invalid.');
    const method = body.method === undefined || body.method === null ? null : String(body.method);
    if (method !== null) {
      const known = this.methods.find((x) => x.id === method && x.sequenceTypes.includes(sequenceType));
      if (!known) throw invalid('method', 'The payment method is invalid.');
      if (!known.currencies.includes(amount.currency)) throw invalid('amount.currency', `The currency is not supported by ${known.description}.`);
      if (amount.cents < known.minimumCents || (known.maximumCents !== null && amount.cents > known.maximumCents)) {
        throw invalid('amount.value', `The amount is out of range for ${known.description}.`);
      }
    }
    const customerId = typeof body.customerId === 'string' ? body.customerId : null;
    const mandateId = typeof body.mandateId === 'string' ? body.mandateId : null;
    if (sequenceType === 'recurring') {
      const customer = customerId ? this.customers.get(customerId) : undefined;
      if (!customer) throw invalid('customerId', 'The customer id is invalid.');
      if (!mandateId || !customer.mandates.has(mandateId)) throw invalid('mandateId', 'The mandate id is invalid.');
    }
    const now = new Date().toISOString();
    const p: StandinPayment = {
      id: `tr_${token(10)}`, createdAt: now, statusAt: now,
      // A recurring payment needs no payer: the bank is already asked to collect it.
      status: sequenceType === 'recurring' ? 'pending' : 'open',
      amountCents: amount.cents, currency: amount.currency, description: body.description, method,
      metadata: body.metadata ?? null, redirectUrl: sequenceType === 'recurring' ? null : String(body.redirectUrl),
      webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null, locale: typeof body.locale === 'string' ? body.locale : null,
      sequenceType, customerId, mandateId, refunds: [], chargedBackCents: 0,
    };
    this.payments.set(p.id, p);
    return p;
  }

  private createRefund(p: StandinPayment, body: Record<string, unknown>): StandinRefund {
    const amount = parseAmount(body.amount);
    if (amount.currency !== p.currency) throw invalid('amount.currency', 'The currency does not match the payment.');
    return this.addRefund(p, amount.cents);
  }

  private addRefund(p: StandinPayment, cents: number): StandinRefund {
    if (p.status !== 'paid') throw invalid('amount', 'The payment cannot be refunded.');
    if (cents <= 0 || cents > remainingCents(p)) throw invalid('amount', 'The amount is higher than the amount that can be refunded.');
    const refund = { id: `re_${token(10)}`, cents, createdAt: new Date().toISOString() };
    p.refunds.push(refund);
    return refund;
  }

  private createCustomer(body: Record<string, unknown>): Record<string, unknown> {
    const id = `cst_${token(10)}`;
    this.customers.set(id, { id, mandates: new Set() });
    return this.json.customer(id, body);
  }

  private createMandate(customerId: string, body: Record<string, unknown>): Record<string, unknown> {
    const customer = this.customers.get(customerId);
    if (!customer) throw new MollieError(404, 'Not Found', `No customer exists with token ${customerId}.`);
    if (body.method !== 'directdebit') throw invalid('method', 'The mandate method is invalid.');
    if (typeof body.consumerName !== 'string' || !body.consumerName.trim()) throw invalid('consumerName', 'The consumer name is invalid.');
    if (typeof body.consumerAccount !== 'string' || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(body.consumerAccount)) {
      throw invalid('consumerAccount', 'The consumer account is invalid.');
    }
    const id = `mdt_${token(10)}`;
    customer.mandates.add(id);
    return this.json.mandate(customerId, id, body);
  }

  private listMethods(query: URLSearchParams): Record<string, unknown> {
    const sequenceType = (query.get('sequenceType') ?? 'oneoff') as SequenceType;
    const wallets = (query.get('includeWallets') ?? '').split(',');
    const currency = query.get('amount[currency]');
    const value = query.get('amount[value]');
    const amount = currency && value ? parseAmount({ currency, value }) : undefined;
    const methods = this.methods.filter(
      (m) =>
        m.sequenceTypes.includes(sequenceType) &&
        (!m.wallet || wallets.includes(m.id)) &&
        (!amount || (m.currencies.includes(amount.currency) && amount.cents >= m.minimumCents && (m.maximumCents === null || amount.cents <= m.maximumCents))),
    );
    return this.json.methods(methods, amount?.currency ?? 'EUR');
  }

  private paymentOr404(id: string): StandinPayment {
    const p = this.payments.get(id);
    if (!p) throw new MollieError(404, 'Not Found', `No payment exists with token ${id}.`);
    return p;
  }

  private known(id: string): StandinPayment {
    const p = this.payments.get(id);
    if (!p) throw new Error(`stand-in: no payment ${id}`);
    return p;
  }
}

function isHttpUrl(value: unknown): boolean {
  return typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    throw new MollieError(400, 'Bad Request', 'The JSON body is invalid.');
  }
}
