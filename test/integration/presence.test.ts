// Presence (issue 16): online while a page with the event stream is open, away after the
// page-hidden beacon or when the stream closes, with the last activity; nothing for invisible and
// deleted members; fictional profiles as the site's setting says; and the beacon's refusals.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import { LAST_ACTIVE_KEY_PREFIX, LastActiveRecorder } from '../../server/services/presence/last-active.js';
import { describeEachBackend } from '../helpers/backends.js';
import type { EventStreamClient } from '../helpers/event-stream.js';
import { createProfile } from '../helpers/profiles.js';
import { csrfOf, eventually, httpMember, openStream, presenceOnProfilePage, presenceSeenBy, sendBeacon, type HttpMember } from '../helpers/presence.js';

describeEachBackend('presence', (env) => {
  const db = () => env().rt.db;
  const services = () => env().rt.services;
  let server: Server;
  let baseUrl: string;
  const open: EventStreamClient[] = [];

  before(async () => {
    server = env().app.listen(0);
    await new Promise<void>((resolve) => server.once('listening', resolve));
    baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    for (const s of open.splice(0)) s.close();
    await services().sites.updateSettings('localhost', {}, ['fictional_presence']);
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const member = (name: string) => httpMember(db(), baseUrl, name);
  /** Lets the next activity of the member be written (the once-a-minute throttle, here and in Redis). */
  async function forgetLastActiveWrites(m: HttpMember) {
    services().presence.lastActive.prune(Date.now() + 3600_000);
    await env().rt.redis?.del(`${LAST_ACTIVE_KEY_PREFIX}${m.id}`);
  }
  const lastActiveOf = async (m: HttpMember) => Number((await db()('profiles').where({ id: m.profileId }).first('last_active_at')).last_active_at);

  async function stream(m: HttpMember) {
    const s = await openStream(baseUrl, m.cookie);
    open.push(s.stream);
    return s;
  }

  /** A conversation between the two, so each sees the other in the chat list. */
  async function conversation(a: number, b: number) {
    const now = Date.now();
    const [low, high] = a < b ? [a, b] : [b, a];
    const [id] = await db()('conversations').insert({ profile_low_id: low, profile_high_id: high, started_by_profile_id: a, last_message_at: now, created_at: now });
    await db()('conversation_participants').insert([
      { conversation_id: Number(id), profile_id: a, unread_count: 0, last_message_at: now },
      { conversation_id: Number(id), profile_id: b, unread_count: 0, last_message_at: now },
    ]);
    return Number(id);
  }

  async function chatPartnerPresence(viewer: HttpMember, partnerProfileId: number) {
    const res = await fetch(`${baseUrl}/api/chats.php`, { headers: { cookie: viewer.cookie } });
    const answer = (await res.json()) as { chats: { profile: { id: number; presence: unknown } }[] };
    return answer.chats.find((c) => c.profile.id === partnerProfileId)?.profile.presence;
  }

  it('shows a member online while a stream is open, to members and visitors, in the chat list and on the profile', async () => {
    const dora = await member('Dora');
    const anna = await member('Anna');
    await conversation(anna.profileId, dora.profileId);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'away', minutes: 1 });

    await stream(dora);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'online' });
    expect(await chatPartnerPresence(anna, dora.profileId)).to.deep.equal({ state: 'online' });
    expect(await presenceOnProfilePage(baseUrl, anna.cookie, dora.profileId)).to.equal('online');
    expect(await presenceOnProfilePage(baseUrl, undefined, dora.profileId)).to.equal('online');
    const page = await (await fetch(`${baseUrl}/members/${dora.profileId}`)).text();
    expect(page).to.include('Online now');
    // One's own profile shows no presence.
    expect(await presenceOnProfilePage(baseUrl, dora.cookie, dora.profileId)).to.equal(null);
  });

  it('makes the member away at once after the beacon, ends that stream, and online again with a new one', async () => {
    const dora = await member('Dora');
    const anna = await member('Anna');
    const before = Date.now();
    const first = await stream(dora);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'online' });
    // An old last activity shows the beacon's own write (the stream's open wrote it a moment ago).
    await db()('profiles').where({ id: dora.profileId }).update({ last_active_at: before - 3 * 3600_000 });
    await forgetLastActiveWrites(dora);

    const { token, cookie } = await csrfOf(baseUrl, dora.cookie);
    const res = await sendBeacon(baseUrl, { cookie, token, stream: first.id });
    expect(res.status).to.equal(204);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'away', minutes: 1 });
    expect(await presenceOnProfilePage(baseUrl, anna.cookie, dora.profileId)).to.equal('away');
    await first.stream.whenEnded();
    expect(await lastActiveOf(dora)).to.be.at.least(before);
    expect(await services().presence.isOnline(dora.id)).to.equal(false);

    // The page is shown again: a new stream.
    await stream(dora);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'online' });
  });

  it('counts only the hidden page as hidden: another open page keeps the member online; a beacon without a stream hides all', async () => {
    const dora = await member('Dora');
    const anna = await member('Anna');
    const phone = await stream(dora);
    const laptop = await stream(dora);
    const { token, cookie } = await csrfOf(baseUrl, dora.cookie);
    expect((await sendBeacon(baseUrl, { cookie, token, stream: phone.id })).status).to.equal(204);
    await phone.stream.whenEnded();
    expect(laptop.stream.ended).to.equal(false);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'online' });

    expect((await sendBeacon(baseUrl, { cookie, token })).status).to.equal(204);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.include({ state: 'away' });
    await laptop.stream.whenEnded();
  });

  it('makes the member away when the stream closes, with the last activity kept', async () => {
    const dora = await member('Dora');
    const anna = await member('Anna');
    await db()('profiles').where({ id: dora.profileId }).update({ last_active_at: Date.now() - 5 * 3600_000 });
    await forgetLastActiveWrites(dora);
    const opened = Date.now();
    const s = await stream(dora);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'online' });
    s.stream.close();
    await eventually(async () => (await presenceSeenBy(baseUrl, anna.cookie, dora.profileId))?.state === 'away');
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'away', minutes: 1 });
    expect(await lastActiveOf(dora)).to.be.at.least(opened);
    // Hours later (by the clock of what is stored): "active 2 hours ago" in the member's words.
    await db()('profiles').where({ id: dora.profileId }).update({ last_active_at: Date.now() - 2 * 3600_000 - 60_000 });
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'away', minutes: 121 });
    const html = await (await fetch(`${baseUrl}/members/${dora.profileId}`, { headers: { cookie: anna.cookie } })).text();
    expect(html).to.include('Active 2 hours ago');
    // A week on, nothing.
    await db()('profiles').where({ id: dora.profileId }).update({ last_active_at: Date.now() - 8 * 86400_000 });
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.equal(null);
  });

  it('shows nothing for invisible and deleted members, even while their stream is open', async () => {
    const dora = await member('Dora');
    const anna = await member('Anna');
    await conversation(anna.profileId, dora.profileId);
    await stream(dora);
    expect(await chatPartnerPresence(anna, dora.profileId)).to.deep.equal({ state: 'online' });
    await services().accountSettings.setInvisible(dora.id, true);
    expect(await chatPartnerPresence(anna, dora.profileId)).to.equal(null);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.equal(null);
    await services().accountSettings.setInvisible(dora.id, false);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'online' });
    await db()('users').where({ id: dora.id }).update({ status: 'deleted' });
    await db()('profiles').where({ id: dora.profileId }).update({ status: 'hidden' });
    expect(await chatPartnerPresence(anna, dora.profileId)).to.equal(null);
  });

  it('shows fictional profiles as the site setting says; an operator reply is activity', async () => {
    const anna = await member('Anna');
    const { id: fictional } = await createProfile(db(), services().media, { fictional: true, lastActiveAt: Date.now() - 3 * 3600_000 - 60_000 });
    const c = await conversation(anna.profileId, fictional);
    // The default: the profile's own last activity.
    expect(await presenceSeenBy(baseUrl, anna.cookie, fictional)).to.deep.equal({ state: 'away', minutes: 181 });
    expect(await presenceOnProfilePage(baseUrl, undefined, fictional)).to.equal('away');
    await services().operatorChat.reply(c, 'Hello from the operator', { messageLength: 1000 });
    expect(await presenceSeenBy(baseUrl, anna.cookie, fictional)).to.deep.equal({ state: 'away', minutes: 1 });

    await services().sites.updateSettings('localhost', { fictional_presence: 'none' });
    expect(await presenceSeenBy(baseUrl, anna.cookie, fictional)).to.equal(null);
    expect(await chatPartnerPresence(anna, fictional)).to.equal(null);
    expect(await presenceOnProfilePage(baseUrl, undefined, fictional)).to.equal(null);

    await services().sites.updateSettings('localhost', { fictional_presence: 'always_online' });
    expect(await presenceSeenBy(baseUrl, anna.cookie, fictional)).to.deep.equal({ state: 'online' });
    expect(await presenceOnProfilePage(baseUrl, anna.cookie, fictional)).to.equal('online');

    await expectRefused(() => services().sites.updateSettings('localhost', { fictional_presence: 'sometimes' }));
  });

  async function expectRefused(call: () => Promise<unknown>) {
    const err = await call().then(() => undefined, (e: unknown) => e as { code?: string });
    expect(err?.code).to.equal('validation_failed');
  }

  it('refuses visitors, cross-site beacons, a missing token and bad input cleanly, changing nothing', async () => {
    const dora = await member('Dora');
    const anna = await member('Anna');
    const s = await stream(dora);
    const { token, cookie } = await csrfOf(baseUrl, dora.cookie);
    const visitor = await csrfOf(baseUrl, undefined);
    const codeOf = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code });

    expect(await codeOf(await sendBeacon(baseUrl, { cookie: visitor.cookie, token: visitor.token }))).to.deep.equal({ status: 403, code: 'authentication_required' });
    expect(await codeOf(await sendBeacon(baseUrl, { cookie, stream: s.id }))).to.deep.equal({ status: 403, code: 'invalid_csrf_token' });
    expect(await codeOf(await sendBeacon(baseUrl, { cookie, token, stream: s.id, origin: 'https://evil.example' }))).to.deep.equal({ status: 403, code: 'cross_site_request' });
    for (const bad of [{ stream: 'not-a-stream-id' }, { stream: s.id, query: 'other=1' }, { stream: s.id, body: '{"stream":"x"}' }, { stream: s.id, body: '[1]' }]) {
      const res = await sendBeacon(baseUrl, { cookie, token, ...bad });
      expect(res.status, JSON.stringify(bad)).to.equal(400);
      expect(JSON.stringify(await res.json())).not.to.match(/at |SELECT|stack/i);
    }
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.deep.equal({ state: 'online' });
    expect(s.stream.ended).to.equal(false);

    expect((await fetch(`${baseUrl}/api/presence.php?profiles=${dora.profileId}`)).status).to.equal(403);
    for (const q of ['', 'profiles=', 'profiles=abc', 'profiles=0', `profiles=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`]) {
      expect((await fetch(`${baseUrl}/api/presence.php?${q}`, { headers: { cookie: anna.cookie } })).status, q).to.equal(400);
    }
    // Blocked either way: not told.
    await services().blocks.block({ userId: dora.id, profileId: dora.profileId, premium: false }, anna.profileId);
    expect(await presenceSeenBy(baseUrl, anna.cookie, dora.profileId)).to.equal(undefined);
  });

  it('writes last activity at most once a minute per member, 500 members to a statement', async () => {
    const recorder = new LastActiveRecorder({ db: db(), logger: pino({ level: 'silent' }) });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await member(`Busy${i}`)).id);
    const many = [...ids, ...Array.from({ length: 600 }, (_, i) => 2_000_000_000 + i)];
    const statements: string[] = [];
    const count = (q: { sql: string }) => statements.push(q.sql);
    db().on('query', count);
    const t0 = Date.now() + 3600_000;
    const stored = async () => (await db()('profiles').whereIn('user_id', ids).pluck('last_active_at')).map(Number);
    try {
      await recorder.touch(many, t0);
      expect(statements.filter((sql) => /update/i.test(sql))).to.have.length(2);
      expect(await stored()).to.deep.equal([t0, t0, t0]);
      statements.length = 0;
      await recorder.touch(many, t0 + 59_000);
      expect(statements).to.have.length(0);
      expect(await stored()).to.deep.equal([t0, t0, t0]);
      recorder.prune(t0 + 61_000);
      await recorder.touch(ids, t0 + 61_000);
      expect(await stored()).to.deep.equal([t0 + 61_000, t0 + 61_000, t0 + 61_000]);
    } finally {
      db().off('query', count);
    }
  });

  it('asks who is online once for a page of cards, never per card', async () => {
    const anna = await member('Anna');
    const presence = services().presence;
    const original = presence.onlineAmong.bind(presence);
    const calls: number[][] = [];
    presence.onlineAmong = (ids: number[]) => {
      calls.push(ids);
      return original(ids);
    };
    try {
      for (let i = 0; i < 3; i++) await member(`Card${i}`);
      const res = await fetch(`${baseUrl}/members?gender=female`, { headers: { cookie: anna.cookie } });
      expect(res.status).to.equal(200);
      const cards = (await res.text()).match(/class="card"/g) ?? [];
      expect(cards.length).to.be.greaterThan(3);
      expect(calls).to.have.length(1);
      expect(calls[0]!.length).to.be.at.least(3);
    } finally {
      presence.onlineAmong = original;
    }
  });
});
