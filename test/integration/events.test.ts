// Live events (issue 5, point 5): GET /api/events opens with the member's counts and credits, then
// carries what is published for that member and nobody else, in any app process (Redis pub/sub).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import supertest from 'supertest';
import type { LiveEvent } from '../../types/events.js';
import { startAppProcess, type AppProcess } from '../helpers/app-processes.js';
import { describeEachBackend } from '../helpers/backends.js';
import { EventStreamClient, loginCookie } from '../helpers/event-stream.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';

const until = async (check: () => boolean, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const message = (conversationId: number, body: string): LiveEvent => ({
  type: 'message',
  message: {
    id: Math.floor(Math.random() * 1e9), conversation_id: conversationId, mine: false, kind: 'text', body, gift: null, photo: null,
    created_at: new Date().toISOString(), read: false, client_id: null,
  },
});

describeEachBackend('live events', (env) => {
  const db = () => env().rt.db;
  const events = () => env().rt.services.events;
  let server: Server;
  let baseUrl: string;
  const open: EventStreamClient[] = [];

  before(async () => {
    server = env().app.listen(0);
    await new Promise<void>((resolve) => server.once('listening', resolve));
    baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  });

  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function member(o: { credits?: number } = {}) {
    const m = await createMember(db(), { name: 'Live' });
    if (o.credits !== undefined) await db()('users').where({ id: m.id }).update({ credits: o.credits, paid_user: true });
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    return { ...m, profileId, cookie: await loginCookie(baseUrl, m.email, m.password) };
  }

  async function stream(cookie?: string) {
    const s = await EventStreamClient.open(baseUrl, cookie);
    open.push(s);
    return s;
  }

  /** A conversation between two profiles where `reader` has `unread` unread messages. */
  async function conversation(reader: number, other: number, unread: number, deleted = false) {
    const now = Date.now();
    const [low, high] = reader < other ? [reader, other] : [other, reader];
    const [id] = await db()('conversations').insert({ profile_low_id: low, profile_high_id: high, started_by_profile_id: other, last_message_at: now, created_at: now });
    await db()('conversation_participants').insert([
      { conversation_id: Number(id), profile_id: reader, unread_count: unread, last_message_at: now, deleted_at: deleted ? now : null },
      { conversation_id: Number(id), profile_id: other, unread_count: 0, last_message_at: now },
    ]);
    return Number(id);
  }

  it('opens with the counts and credits, then delivers what is published for the member', async () => {
    const me = await member({ credits: 42 });
    const a = await member();
    const b = await member();
    await conversation(me.profileId, a.profileId, 3);
    await conversation(me.profileId, b.profileId, 5, true); // deleted on my side: not counted
    await db()('likes').insert({ from_profile_id: a.profileId, to_profile_id: me.profileId, source: 'normal', is_new: true, created_at: Date.now() });

    const s = await stream(me.cookie);
    expect(s.status).to.equal(200);
    expect(s.headers['content-type']).to.match(/^text\/event-stream/);
    expect(s.headers['cache-control']).to.include('no-cache');
    expect(s.headers['x-accel-buffering']).to.equal('no');
    expect(await s.nextOf('counts')).to.deep.equal({ type: 'counts', num_unread_messages: 3, num_new_likes: 1 });
    expect(await s.nextOf('credits')).to.deep.equal({ type: 'credits', credits: 42 });
    expect(s.retry).to.equal(5000);

    const event = message(7, 'Hello there');
    await events().publish(me.id, event);
    const got = await s.next((e) => e.event === 'message');
    expect(JSON.parse(got.data)).to.deep.equal(event);
    expect(got.id).to.match(/^\d+$/);
    const ids = s.events.map((e) => Number(e.id));
    expect(ids).to.deep.equal([...ids].sort((x, y) => x - y)).and.have.lengthOf(new Set(ids).size);

    // The same numbers for the badges of pages and GET /api/user.php, and for the chat's publishing.
    expect(await env().rt.services.badges.countsFor(me.id)).to.deep.equal({ type: 'counts', num_unread_messages: 3, num_new_likes: 1 });
    const user = (await (await loggedInAgent(env().app, me.email, me.password)).get('/api/user.php').expect(200)).body.user;
    expect(user.num_unread_messages).to.equal(3);
    await env().rt.services.badges.publishCounts(me.id);
    await env().rt.services.badges.publishCredits(me.id, 41);
    const again = await s.next((e) => e.event === 'counts' && e !== s.events.find((x) => x.event === 'counts'));
    expect(JSON.parse(again.data)).to.deep.equal({ type: 'counts', num_unread_messages: 3, num_new_likes: 1 });
    expect(JSON.parse((await s.next((e) => e.event === 'credits' && e.data.includes('41'))).data)).to.deep.equal({ type: 'credits', credits: 41 });
  });

  it('refuses visitors, forged cookies and sessions whose account is gone with 403 authentication_required', async () => {
    const res = await supertest(env().app).get('/api/events').set('Host', 'localhost').expect(403);
    expect(res.body.error.code).to.equal('authentication_required');
    expect((await stream()).status).to.equal(403);
    const me = await member();
    const forged = me.cookie.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await stream(forged)).status).to.equal(403);
    await db()('users').where({ id: me.id }).update({ status: 'deleted' });
    const gone = await stream(me.cookie);
    expect(gone.status).to.equal(403);
    expect(events().listenerCount(me.id)).to.equal(0);
  });

  it('answers members ahead of the middleware chain, and through it the same way', async () => {
    const me = await member({ credits: 5 });
    const fast = await stream(me.cookie);
    // DESIGN.md §8: an open stream keeps no Express request state (no request id, no logger).
    expect(fast.headers['x-request-id']).to.equal(undefined);
    expect(await fast.nextOf('credits')).to.deep.equal({ type: 'credits', credits: 5 });
    // A path the fast path leaves alone (a query string) goes through Express's route.
    const routed = await EventStreamClient.open(baseUrl, me.cookie, '/api/events?via=express');
    open.push(routed);
    expect(routed.status).to.equal(200);
    expect(routed.headers['x-request-id']).to.be.a('string');
    expect(await routed.nextOf('credits')).to.deep.equal({ type: 'credits', credits: 5 });
    await events().publish(me.id, message(4, 'to both'));
    await Promise.all([fast.next((e) => e.data.includes('to both')), routed.next((e) => e.data.includes('to both'))]);
  });

  it('never delivers another member\'s events', async () => {
    const me = await member();
    const other = await member();
    const mine = await stream(me.cookie);
    const theirs = await stream(other.cookie);
    await Promise.all([mine.nextOf('credits'), theirs.nextOf('credits')]);
    await events().publish(other.id, message(1, 'for the other member'));
    await events().publish(me.id, message(2, 'for me'));
    await mine.next((e) => e.data.includes('for me'));
    await theirs.next((e) => e.data.includes('for the other member'));
    expect(mine.events.some((e) => e.data.includes('for the other member'))).to.equal(false);
    expect(theirs.events.some((e) => e.data.includes('for me'))).to.equal(false);
  });

  it('unsubscribes when the browser closes the stream, and delivers to every open tab', async () => {
    const me = await member();
    const tab1 = await stream(me.cookie);
    const tab2 = await stream(me.cookie);
    await Promise.all([tab1.nextOf('credits'), tab2.nextOf('credits')]);
    expect(events().listenerCount(me.id)).to.equal(2);
    await events().publish(me.id, message(3, 'both tabs'));
    await Promise.all([tab1.next((e) => e.data.includes('both tabs')), tab2.next((e) => e.data.includes('both tabs'))]);
    tab1.close();
    await until(() => events().listenerCount(me.id) === 1);
    tab2.close();
    await until(() => events().listenerCount(me.id) === 0);
    // With Redis the process leaves the member's channel too.
    const redis = env().rt.redis;
    if (redis) {
      const subscribers = async () => Number((await redis.pubSubNumSub(`amora:events:${me.id}`))[`amora:events:${me.id}`] ?? 0);
      const deadline = Date.now() + 3000;
      while ((await subscribers()) !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await subscribers()).to.equal(0);
    }
  });

  describe('across app processes (Redis only: the embedded setup is one process, nothing crosses)', function () {
    // Two real processes on one database and Redis, as behind a load balancer.
    this.timeout(60_000);
    let a: AppProcess | undefined;
    let b: AppProcess | undefined;

    before(async function () {
      if (!env().backend.redisUrl) return this.skip();
      [a, b] = await Promise.all([startAppProcess(env().backend), startAppProcess(env().backend)]);
    });

    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it('delivers a message sent through one process on a stream opened on the other', async function () {
      if (!a || !b) return this.skip();
      const m = await createMember(db(), { name: 'Across' });
      const receiverProfile = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
      const s = await EventStreamClient.open(b.baseUrl, await loginCookie(b.baseUrl, m.email, m.password));
      open.push(s);
      await s.nextOf('credits');
      const sender = await createMember(db(), { name: 'Sender' });
      await db().transaction((tx) => applyCreditDelta(tx, { userId: sender.id, delta: 50, reason: 'grant' }));
      const cookie = await loginCookie(a.baseUrl, sender.email, sender.password);
      const page = await fetch(`${a.baseUrl}/settings`, { headers: { cookie } });
      const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())![1]!;
      // The CSRF token pairs with the cookie the page set.
      const withCsrf = [cookie, ...page.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
      const sent = await fetch(`${a.baseUrl}/api/messages.php`, {
        method: 'POST',
        headers: { cookie: withCsrf, 'x-csrf-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ profile: receiverProfile, body: 'from process A', client_id: `across${Date.now()}` }),
      });
      expect(sent.status).to.equal(201);
      const event = await s.nextOf('message');
      expect(event).to.deep.include({ type: 'message' });
      expect((event as Extract<LiveEvent, { type: 'message' }>).message).to.include({ body: 'from process A', mine: false });
      // The receiver's badge goes up: a counts event with the new unread total.
      await s.next((e) => e.event === 'counts' && (JSON.parse(e.data) as { num_unread_messages: number }).num_unread_messages === 1);
    });

    it('ends open streams when a process shuts down, so it stops at once', async function () {
      if (!a || !b) return this.skip();
      const m = await createMember(db(), { name: 'Shutdown' });
      const s = await EventStreamClient.open(b.baseUrl, await loginCookie(b.baseUrl, m.email, m.password));
      open.push(s);
      await s.nextOf('credits');
      const started = Date.now();
      const code = await b.stop();
      await s.whenEnded();
      expect(code).to.equal(0);
      expect(Date.now() - started).to.be.lessThan(5000);
    });
  });
});
