// The push worker against a stand-in push service (test/helpers/push-service-standin.ts) that checks
// VAPID and decrypts the aes128gcm body with the subscription's own keys, as a browser would:
// what was queued arrives, gone subscriptions are deleted, 413 shrinks, 429/5xx come back later
// with back-off (only for the browsers that missed it), a push type switched off is not sent.
import { expect } from 'chai';
import { pino } from 'pino';
import webpush from 'web-push';
import type { PushPayload } from '../../types/notifications.js';
import type { Db } from '../../server/db.js';
import { PushDeliveryService } from '../../server/services/push/push-delivery-service.js';
import { describeEachBackend, type TestEnv } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { startPushStandin, type BrowserSubscriptionJson, type PushServiceStandin } from '../helpers/push-service-standin.js';

const silent = pino({ level: 'silent' });

/** A row as notify-events queues it (its insertPush lives in push-outbox-repo.ts). */
async function queuePush(db: Db, userId: number, payload: PushPayload | Record<string, unknown>, at = Date.now()): Promise<number> {
  const [id] = await db('push_outbox').insert({
    user_id: userId, payload: JSON.stringify(payload), notification_type: (payload as PushPayload).type ?? null, status: 'pending', attempts: 0, next_attempt_at: at, created_at: at,
  });
  return Number(id);
}

const likePush = (n: number): PushPayload => ({ type: 'like', title: `Anna liked you ${n}`, body: 'Have a look at her profile', url: '/likes', tag: `like-${n}`, icon: '/media/p/1-thumb.webp', badge: 3 });

describeEachBackend('push delivery worker', (env) => {
  let standin: PushServiceStandin;
  let worker: PushDeliveryService;
  let vapidPublicKey: string;
  const db = () => env().rt.db;
  const row = (id: number) => db()('push_outbox').where({ id }).first();

  before(async () => {
    standin = await startPushStandin();
    vapidPublicKey = (await env().rt.services.keys.vapidKeys()).publicKey;
    worker = workerFor(env(), standin);
  });
  after(async () => {
    await worker.stop();
    await standin.stop();
  });

  /** A member whose browser subscribed through POST /api/user.php?push=1, as the prompt does. */
  async function subscribedMember(count = 1): Promise<{ id: number; subs: BrowserSubscriptionJson[] }> {
    const m = await createMember(db(), { name: 'Pushy' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/members').expect(200)).text);
    const subs: BrowserSubscriptionJson[] = [];
    for (let i = 0; i < count; i++) {
      const sub = standin.subscribe(vapidPublicKey);
      await a.post('/api/user.php?push=1').set('x-csrf-token', token).send({ subscription: sub }).expect(201);
      subs.push(sub);
    }
    return { id: m.id, subs };
  }

  it('delivers what was queued: VAPID accepted, the decrypted payload equals the row, TTL, urgency and topic set', async () => {
    const m = await subscribedMember();
    const payload: PushPayload = { type: 'new_messages', title: 'New message from Anna', body: 'Open the chat to read it', url: '/chats/7', tag: 'chat-7', badge: 4 };
    const id = await queuePush(db(), m.id, payload);
    expect(await worker.deliverDue({ limit: 500 })).to.be.at.least(1);
    const got = standin.receivedBy(m.subs[0]!);
    expect(got).to.have.length(1);
    expect(got[0]!.refused).to.equal(undefined);
    expect(got[0]!.status).to.equal(201);
    expect(got[0]!.payload).to.deep.equal(payload);
    expect(got[0]!.headers).to.deep.equal({ ttl: '86400', urgency: 'high', topic: 'chat-7', contentEncoding: 'aes128gcm' });
    expect(await row(id)).to.include({ status: 'sent', last_error: null });
    // Sent once: a second run finds nothing of it to do.
    await worker.deliverDue({ limit: 500, now: Date.now() + 3600_000 });
    expect(standin.receivedBy(m.subs[0]!)).to.have.length(1);
  });

  it('deletes a subscription the push service calls gone (410) and still reaches the member\'s other browser', async () => {
    const m = await subscribedMember(2);
    standin.answerWith(m.subs[0]!, { status: 410 });
    const id = await queuePush(db(), m.id, likePush(1));
    await worker.deliverDue({ limit: 500 });
    const left = await db()('push_subscriptions').where({ user_id: m.id }).select('subscription');
    expect(left.map((r: { subscription: string }) => JSON.parse(r.subscription).endpoint)).to.deep.equal([m.subs[1]!.endpoint]);
    expect(standin.receivedBy(m.subs[1]!).map((r) => r.status)).to.deep.equal([201]);
    expect(await row(id)).to.include({ status: 'sent' });
  });

  it('answers 413 by sending once more without body and icon', async () => {
    const m = await subscribedMember();
    const payload = likePush(2);
    const { body: _body, icon: _icon, ...small } = payload;
    standin.limitPayload(m.subs[0]!, Buffer.byteLength(JSON.stringify({ ...small, body: '' })));
    const id = await queuePush(db(), m.id, payload);
    await worker.deliverDue({ limit: 500 });
    const got = standin.receivedBy(m.subs[0]!);
    expect(got.map((r) => r.status)).to.deep.equal([413, 201]);
    expect(got[1]!.payload).to.deep.equal({ ...small, body: '' });
    expect(await row(id)).to.include({ status: 'sent' });

    // Too large even shrunk: given up for that browser, not retried.
    standin.limitPayload(m.subs[0]!, 10);
    const id2 = await queuePush(db(), m.id, likePush(3));
    await worker.deliverDue({ limit: 500 });
    expect(standin.receivedBy(m.subs[0]!).slice(2).map((r) => r.status)).to.deep.equal([413, 413]);
    expect(await row(id2)).to.include({ status: 'failed' });
    expect(await db()('push_subscriptions').where({ user_id: m.id }).count({ n: '*' }).first()).to.deep.include({ n: 1 });
  });

  it('comes back after a 429 no sooner than Retry-After, and after a 503 with its back-off', async () => {
    const m = await subscribedMember();
    standin.answerWith(m.subs[0]!, { status: 429, headers: { 'Retry-After': '120' } }, { status: 503 });
    const now = Date.now();
    const id = await queuePush(db(), m.id, likePush(4), now);
    await worker.deliverDue({ limit: 500, now });
    let r = await row(id);
    expect(r).to.include({ status: 'pending', attempts: 1 });
    expect(Number(r.next_attempt_at)).to.equal(now + 120_000);
    expect(r.last_error).to.match(/429/);

    await worker.deliverDue({ limit: 500, now: now + 60_000 });
    expect(standin.receivedBy(m.subs[0]!)).to.have.length(1);
    await worker.deliverDue({ limit: 500, now: now + 120_000 });
    r = await row(id);
    // No Retry-After on the 503: the second step of the back-off (2 min).
    expect(r).to.include({ status: 'pending', attempts: 2 });
    expect(Number(r.next_attempt_at)).to.equal(now + 120_000 + 120_000);
    await worker.deliverDue({ limit: 500, now: now + 240_000 });
    expect(standin.receivedBy(m.subs[0]!).map((x) => x.status)).to.deep.equal([429, 503, 201]);
    expect(await row(id)).to.include({ status: 'sent', attempts: 3 });
  });

  it('retries only the browser that missed a push, not the one that has it', async () => {
    const m = await subscribedMember(2);
    standin.answerWith(m.subs[1]!, { status: 500 });
    const now = Date.now();
    const id = await queuePush(db(), m.id, likePush(5), now);
    await worker.deliverDue({ limit: 500, now });
    expect((await row(id)).status).to.equal('pending');
    await worker.deliverDue({ limit: 500, now: now + 31_000 });
    expect(standin.receivedBy(m.subs[0]!).map((x) => x.status)).to.deep.equal([201]);
    expect(standin.receivedBy(m.subs[1]!).map((x) => x.status)).to.deep.equal([500, 201]);
    expect(await row(id)).to.include({ status: 'sent' });
  });

  it('drops a push whose type the member switched off after it was queued', async () => {
    const m = await subscribedMember();
    const id = await queuePush(db(), m.id, likePush(6));
    await env().rt.services.notificationSettings.set(m.id, 'like', 'push', false);
    await worker.deliverDue({ limit: 500 });
    expect(standin.receivedBy(m.subs[0]!)).to.have.length(0);
    expect(await row(id)).to.include({ status: 'dropped', last_error: 'switched off' });
    // The e-mail switch is another matter: push of another type still goes.
    await queuePush(db(), m.id, { ...likePush(7), type: 'new_messages', url: '/chats/1' });
    await worker.deliverDue({ limit: 500 });
    expect(standin.receivedBy(m.subs[0]!)).to.have.length(1);
  });

  it('sends nothing that is not a PushPayload: extra fields, other origins, no subscription', async () => {
    const m = await subscribedMember();
    const sneaky = await queuePush(db(), m.id, { ...likePush(8), text: 'the message itself' });
    const offsite = await queuePush(db(), m.id, { ...likePush(9), url: '//evil.example/x' });
    const nobody = await createMember(db());
    const unsubscribed = await queuePush(db(), nobody.id, likePush(10));
    await worker.deliverDue({ limit: 500 });
    expect(standin.receivedBy(m.subs[0]!)).to.have.length(0);
    expect(await row(sneaky)).to.include({ status: 'failed', last_error: 'invalid payload' });
    expect(await row(offsite)).to.include({ status: 'failed', last_error: 'invalid payload' });
    expect(await row(unsubscribed)).to.include({ status: 'dropped', last_error: 'no subscription' });
  });

  it('is refused by the push service when signed with another key (the stand-in checks VAPID)', async () => {
    const m = await subscribedMember();
    const stranger = webpush.generateVAPIDKeys();
    const impostor = workerFor(env(), standin, stranger);
    const id = await queuePush(db(), m.id, likePush(11));
    await impostor.deliverDue({ limit: 500 });
    const got = standin.receivedBy(m.subs[0]!);
    expect(got.map((r) => [r.status, r.refused])).to.deep.equal([[403, 'key differs from the subscription\'s applicationServerKey']]);
    expect(await row(id)).to.include({ status: 'failed' });
    // The right key with a forged signature is refused too.
    const forged = webpush.getVapidHeaders(standin.origin, 'mailto:x@example.com', vapidPublicKey, stranger.privateKey, 'aes128gcm');
    const res = await fetchStandin(standin, m.subs[0]!, forged.Authorization);
    expect(res).to.equal(403);
    expect(standin.receivedBy(m.subs[0]!).at(-1)!.refused).to.equal('bad signature');
    await impostor.stop();
  });

  it('keeps a push for later while its push service is unreachable', async () => {
    const m = await subscribedMember();
    const now = Date.now();
    const id = await queuePush(db(), m.id, likePush(12), now);
    await standin.stop();
    try {
      await worker.deliverDue({ limit: 500, now });
    } finally {
      await standin.start();
    }
    const r = await row(id);
    expect(r).to.include({ status: 'pending', attempts: 1 });
    expect(Number(r.next_attempt_at)).to.be.at.least(now + 30_000);
  });
});

function workerFor(env: TestEnv, standin: PushServiceStandin, keys?: { publicKey: string; privateKey: string }): PushDeliveryService {
  const { services, db } = env.rt;
  return new PushDeliveryService({
    db, notificationSettings: services.notificationSettings, sites: services.sites, logger: silent, agent: standin.agent(),
    vapidKeys: () => (keys ? Promise.resolve(keys) : services.keys.vapidKeys()),
  });
}

/** Posts an empty push straight to the stand-in with the given Authorization header. */
async function fetchStandin(standin: PushServiceStandin, sub: BrowserSubscriptionJson, authorization: string): Promise<number> {
  const { request } = await import('node:https');
  return new Promise((resolve, reject) => {
    const req = request(sub.endpoint, { method: 'POST', agent: standin.agent(), headers: { Authorization: authorization, TTL: '60', 'Content-Length': '0' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
