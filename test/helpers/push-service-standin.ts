// A local stand-in for a browser's push service (RFC 8030), for tests of the push worker. It does
// what FCM or Mozilla's autopush do with a push: checks the VAPID Authorization header (RFC 8292:
// an ES256 JWT signed with the application server's key, `aud` the endpoint's origin, `exp` in the
// future and at most 24 h away, `sub` a contact), and, standing in for the browser too, decrypts the
// aes128gcm body (RFC 8188, RFC 8291) with the subscription's private key and auth secret. The
// test says how it answers: 201, or 410 (the browser unsubscribed), 413, 429 with Retry-After, …
//
// It speaks HTTPS like every real push service (PushService accepts https endpoints only), with a
// throwaway certificate made at start; the worker under test trusts it through its `agent` option,
// so certificate checks stay on everywhere else in the process.
import { createECDH, createPublicKey, hkdfSync, randomBytes, createDecipheriv, verify, type ECDH } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import { generate } from 'selfsigned';
import { freePort } from './smtp.js';

export interface StandinAnswer {
  status: number;
  headers?: Record<string, string>;
}

export interface ReceivedPush {
  subscriptionId: string;
  status: number;
  /** The decrypted body, parsed (undefined when it could not be decrypted or parsed). */
  payload: unknown;
  plaintextBytes: number;
  headers: { ttl?: string; urgency?: string; topic?: string; contentEncoding?: string };
  /** Why the push was refused before its body was looked at (bad VAPID), if it was. */
  refused?: string;
}

interface StandinSubscription {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
  /** The application server key the browser subscribed with (applicationServerKey). */
  vapidPublicKey: string;
  answers: StandinAnswer[];
  /** Answer 413 when the plaintext is larger than this (a push service's payload limit). */
  maxPlaintextBytes?: number;
}

export interface BrowserSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export async function startPushStandin(): Promise<PushServiceStandin> {
  const standin = new PushServiceStandin(await freePort());
  await standin.start();
  return standin;
}

export class PushServiceStandin {
  readonly origin: string;
  readonly received: ReceivedPush[] = [];
  /** PEM of the stand-in's certificate: give it to an https.Agent (`ca`) or NODE_EXTRA_CA_CERTS. */
  certificate = '';
  private readonly subscriptions = new Map<string, StandinSubscription>();
  private server: Server | undefined;

  constructor(readonly port: number) {
    this.origin = `https://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    const tls = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    this.certificate = tls.cert;
    const server = createServer({ key: tls.private, cert: tls.cert }, (req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** An agent that trusts this stand-in's certificate (and nothing else it does not already trust). */
  agent(): Agent {
    return new Agent({ ca: this.certificate });
  }

  /**
   * A browser subscribing with `vapidPublicKey`: a P-256 key pair and a 16-byte auth secret made
   * here, as the browser makes them; the JSON is what PushSubscription.toJSON() gives the page.
   */
  subscribe(vapidPublicKey: string): BrowserSubscriptionJson {
    const id = randomBytes(12).toString('base64url');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscriptions.set(id, { id, ecdh, auth, vapidPublicKey, answers: [] });
    return { endpoint: `${this.origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  }

  /** The next pushes to this subscription get these answers, in order; after them, 201. */
  answerWith(subscription: BrowserSubscriptionJson, ...answers: StandinAnswer[]): void {
    this.find(subscription).answers.push(...answers);
  }

  /** Pushes whose plaintext is larger than `bytes` get 413 Payload Too Large. */
  limitPayload(subscription: BrowserSubscriptionJson, bytes: number): void {
    this.find(subscription).maxPlaintextBytes = bytes;
  }

  receivedBy(subscription: BrowserSubscriptionJson): ReceivedPush[] {
    const id = this.find(subscription).id;
    return this.received.filter((r) => r.subscriptionId === id);
  }

  private find(subscription: BrowserSubscriptionJson): StandinSubscription {
    const id = subscription.endpoint.split('/').pop() ?? '';
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`unknown subscription ${subscription.endpoint}`);
    return sub;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const sub = this.subscriptions.get(id);
    if (req.method !== 'POST' || !sub) return end(res, 404);
    const headers = {
      ttl: header(req, 'ttl'),
      urgency: header(req, 'urgency'),
      topic: header(req, 'topic'),
      contentEncoding: header(req, 'content-encoding'),
    };
    const refused = this.checkVapid(header(req, 'authorization'), sub);
    if (refused) {
      this.received.push({ subscriptionId: id, status: 403, payload: undefined, plaintextBytes: 0, headers, refused });
      return end(res, 403);
    }
    if (header(req, 'ttl') === undefined) return end(res, 400);
    let plaintext: Buffer | undefined;
    try {
      if (headers.contentEncoding !== 'aes128gcm') throw new Error('not aes128gcm');
      plaintext = decryptAes128gcm(body, sub.ecdh, sub.auth);
    } catch {
      plaintext = undefined;
    }
    let payload: unknown;
    try {
      payload = plaintext ? JSON.parse(plaintext.toString('utf8')) : undefined;
    } catch {
      payload = undefined;
    }
    const tooLarge = sub.maxPlaintextBytes !== undefined && (plaintext?.length ?? 0) > sub.maxPlaintextBytes;
    const answer: StandinAnswer = !plaintext ? { status: 400 } : tooLarge ? { status: 413 } : (sub.answers.shift() ?? { status: 201 });
    this.received.push({ subscriptionId: id, status: answer.status, payload, plaintextBytes: plaintext?.length ?? 0, headers });
    end(res, answer.status, answer.headers);
  }

  /** RFC 8292 §2, §3: `vapid t=<JWT>, k=<public key>`; returns why it is refused, or undefined. */
  private checkVapid(authorization: string | undefined, sub: StandinSubscription): string | undefined {
    const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
    if (!m) return 'no vapid authorization';
    const [jwt, key] = [m[1]!, m[2]!];
    if (key !== sub.vapidPublicKey) return 'key differs from the subscription\'s applicationServerKey';
    const [head, claims, signature] = jwt.split('.') as [string, string, string];
    const raw = Buffer.from(key, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) return 'bad public key';
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) return 'bad signature';
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
    const now = Date.now() / 1000;
    if (header.alg !== 'ES256') return 'alg is not ES256';
    if (c.aud !== this.origin) return `aud ${c.aud} is not ${this.origin}`;
    if (typeof c.exp !== 'number' || c.exp <= now || c.exp > now + 24 * 3600) return 'exp missing, past or more than 24 h away';
    if (!c.sub || !/^(mailto:|https:)/.test(c.sub)) return 'sub missing';
    return undefined;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function end(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Length': '0' });
  res.end();
}

/**
 * RFC 8188 aes128gcm with the RFC 8291 key schedule, as the browser decrypts: salt (16) ‖ record
 * size (4) ‖ key id length (1) ‖ key id = the sender's public key ‖ records.
 */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends in a 0x02 delimiter followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
