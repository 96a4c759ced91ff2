// Presence across app processes (issue 16) on MariaDB + Redis: a stream open on process A makes
// the member online on the pages process B renders; the beacon sent to B makes them away on A's
// pages and ends the stream A holds; and their last activity is written once a minute, whichever
// process sees it.
import { expect } from 'chai';
import { pino } from 'pino';
import { LastActiveRecorder } from '../../server/services/presence/last-active.js';
import { redisCircuit } from '../../server/lib/redis-circuit.js';
import { startAppProcess, type AppProcess } from '../helpers/app-processes.js';
import { describeEachBackend } from '../helpers/backends.js';
import type { EventStreamClient } from '../helpers/event-stream.js';
import { loginCookie } from '../helpers/event-stream.js';
import { createMember } from '../helpers/members.js';
import { csrfOf, eventually, openStream, presenceOnProfilePage, presenceSeenBy, sendBeacon } from '../helpers/presence.js';

describeEachBackend('presence across processes', (env) => {
  const db = () => env().rt.db;
  let a: AppProcess | undefined;
  let b: AppProcess | undefined;
  const open: EventStreamClient[] = [];

  before(async function () {
    if (!env().backend.redisUrl) return this.skip();
    [a, b] = await Promise.all([startAppProcess(env().backend), startAppProcess(env().backend)]);
  });

  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  async function member(name: string) {
    const m = await createMember(db(), { name });
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    return { ...m, profileId, cookieA: await loginCookie(a!.baseUrl, m.email, m.password), cookieB: await loginCookie(b!.baseUrl, m.email, m.password) };
  }

  it('a stream on A makes the card B renders say online; the beacon on B makes A say away and ends A\'s stream', async function () {
    if (!a || !b) return this.skip();
    const dora = await member('Dora');
    const anna = await member('Anna');
    // First in the search results (they sort by activity), whatever other tests left there.
    await db()('profiles').where({ id: dora.profileId }).update({ last_active_at: Date.now() + 1e10 });
    const s = await openStream(a.baseUrl, dora.cookieA);
    open.push(s.stream);

    expect(await presenceOnProfilePage(b.baseUrl, anna.cookieB, dora.profileId)).to.equal('online');
    expect(await presenceSeenBy(b.baseUrl, anna.cookieB, dora.profileId)).to.deep.equal({ state: 'online' });
    // A search page of B: Dora's card says it too.
    const search = await (await fetch(`${b.baseUrl}/members?gender=female`, { headers: { cookie: anna.cookieB } })).text();
    const card = new RegExp(`data-profile-id="${dora.profileId}"[^]*?</a>`).exec(search)?.[0] ?? '';
    expect(card).to.include('data-presence="online"');

    const { token, cookie } = await csrfOf(b.baseUrl, dora.cookieB);
    expect((await sendBeacon(b.baseUrl, { cookie, token, stream: s.id })).status).to.equal(204);
    expect(await presenceOnProfilePage(a.baseUrl, anna.cookieA, dora.profileId)).to.equal('away');
    await s.stream.whenEnded();
    // The ended stream's heartbeat on A does not bring the claim back.
    expect(await presenceSeenBy(a.baseUrl, anna.cookieA, dora.profileId)).to.deep.include({ state: 'away' });

    // Shown again, the page's new stream goes to B this time.
    const again = await openStream(b.baseUrl, dora.cookieB);
    open.push(again.stream);
    expect(await presenceSeenBy(a.baseUrl, anna.cookieA, dora.profileId)).to.deep.equal({ state: 'online' });
    again.stream.close();
    await eventually(async () => (await presenceSeenBy(a!.baseUrl, anna.cookieA, dora.profileId))?.state === 'away');
  });

  it('writes a member\'s last activity once a minute, whichever process sees it', async function () {
    if (!a || !b) return this.skip();
    const redis = env().rt.redis!;
    const logger = pino({ level: 'silent' });
    const one = new LastActiveRecorder({ db: db(), redis, circuit: redisCircuit(redis), logger });
    const two = new LastActiveRecorder({ db: db(), redis, circuit: redisCircuit(redis), logger });
    const dora = await createMember(db(), { name: 'Dora' });
    const stored = async () => Number((await db()('profiles').where({ user_id: dora.id }).first('last_active_at')).last_active_at);
    const t0 = Date.now();
    await one.touch([dora.id], t0);
    expect(await stored()).to.equal(t0);
    // Another process, seconds later: the minute is not over.
    await two.touch([dora.id], t0 + 5000);
    expect(await stored()).to.equal(t0);
    // The same process later on: its own memory holds it back too, without asking Redis.
    await one.touch([dora.id], t0 + 30_000);
    expect(await stored()).to.equal(t0);
    // Redis forgets after a minute (its key expires); the next activity is written.
    await redis.del(`amora:presence:active:${dora.id}`);
    await two.touch([dora.id], t0 + 66_000);
    expect(await stored()).to.equal(t0 + 66_000);
  });
});
