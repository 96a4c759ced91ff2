// Blocked members appear nowhere (issue 18.5): after a block, either way, neither shows the other in
// search, likes, chats, the profile and chat pages, the swipe game, the match finder, automatic
// likes, presence or the landers; and a mail or push about the other that was queued before the
// block is dropped when the worker comes to send it.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { upsertSubscription } from '../../server/repos/push-repo.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

/** A moment before every other queued row: the workers' `now` for this test's rows only. */
const LONG_AGO = 1000;

describeEachBackend('blocked members appear nowhere', (env) => {
  const db = () => env().rt.db;
  const services = () => env().rt.services;
  const shownIds = (html: string) => [...html.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
  // The profiles made here lead every feed (most recently active): hidden afterwards, so that the
  // suites after this one on the shared database find theirs first again. They live in a region of
  // their own, so that the searches below find them whatever other suites left before this one.
  const made: number[] = [];
  const REGION = `Blockshire ${randomBytes(4).toString('hex')}`;
  afterEach(async () => {
    if (made.length) await db()('profiles').whereIn('id', made.splice(0)).update({ status: 'hidden', last_active_at: 0 });
  });

  async function member(name: string, o: { gender?: 'male' | 'female'; push?: boolean } = {}) {
    const m = await createMember(db(), { name });
    await db()('users').where({ id: m.id }).update({ paid_user: true, premium_since: Date.now() });
    await db()('profiles').where({ user_id: m.id }).update({ gender: o.gender ?? 'female', country: 'GB', region: REGION, last_active_at: Date.now() + 95_000_000 });
    await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: 300, reason: 'grant' }));
    if (o.push) await upsertSubscription(db(), m.id, randomBytes(32).toString('hex'), JSON.stringify({ endpoint: `https://push.example/${m.id}`, keys: { p256dh: 'k', auth: 'a' } }));
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    made.push(profileId);
    return { ...m, a, token, profileId };
  }

  /** Runs the mail and push workers over the given rows only (others of the shared database wait). */
  async function deliverOnly(mailIds: number[], pushIds: number[]) {
    await db()('mail_outbox').whereIn('id', mailIds).update({ next_attempt_at: LONG_AGO });
    await db()('push_outbox').whereIn('id', pushIds).update({ next_attempt_at: LONG_AGO, created_at: LONG_AGO });
    await services().mail.deliverDue({ now: LONG_AGO + 1 });
    await services().pushDelivery.deliverDue({ now: LONG_AGO + 1 });
  }

  it('hides both ways after a block, on every page and API, and drops mail and push queued before it', async () => {
    const me = await member('Maren', { push: true });
    const blocker = await member('Bruno', { gender: 'male' }); // blocks me
    const host = await createProfile(db(), services().media, {
      name: 'Falk', gender: 'male', country: 'GB', region: REGION, birthDate: '1990-02-02', fictional: true, appearance: 'sexy', race: 'white', lastActiveAt: Date.now() + 99_000_000,
    }); // I block it
    made.push(host.id);
    const api = (method: 'post' | 'get', url: string, body?: object) => (method === 'post' ? me.a.post(url).set('x-csrf-token', me.token).send(body) : me.a.get(url).set('X-Request-Type', 'client'));

    // Before: each is there, so that "not there" below means something.
    await api('post', '/api/like.php', { profile: blocker.profileId }).expect(200);
    await blocker.a.post('/api/like.php').set('x-csrf-token', blocker.token).send({ profile: me.profileId }).expect(200);
    await db()('likes').insert({ from_profile_id: host.id, to_profile_id: me.profileId, source: 'auto', is_new: true, created_at: Date.now() });
    const toMe = await blocker.a.post('/api/messages.php').set('x-csrf-token', blocker.token).send({ profile: me.profileId, body: 'Hi Maren', client_id: `everywhere-b-${me.id}` }).expect(201);
    const fromMe = await api('post', '/api/messages.php', { profile: host.id, body: 'Hi Falk', client_id: `everywhere-h-${me.id}` }).expect(201);
    await services().operatorChat.reply(Number(fromMe.body.message.conversation_id), 'Hi Maren', { messageLength: 1000 });
    await services().notifications.idle();
    const queuedMails = (await db()('mail_outbox').where({ user_id: me.id, status: 'pending' }).whereIn('about_profile_id', [blocker.profileId, host.id]).pluck('id')).map(Number);
    const queuedPushes = (await db()('push_outbox').where({ user_id: me.id, status: 'pending' }).whereIn('about_profile_id', [blocker.profileId, host.id]).pluck('id')).map(Number);
    expect(queuedMails.length).to.be.at.least(3); // a conversation, a like, and the host's message
    expect(queuedPushes.length).to.be.at.least(3);

    const search = `/members?gender=male&country=GB&countryregion=${encodeURIComponent(REGION)}`;
    expect(shownIds((await me.a.get(search).expect(200)).text)).to.include.members([blocker.profileId, host.id]);
    expect((await api('get', '/api/likes.php').expect(200)).body.liked_by.map((l: { id: number }) => l.id)).to.include.members([blocker.profileId, host.id]);
    expect((await api('get', '/api/chats.php').expect(200)).body.chats.map((c: { profile: { id: number } }) => c.profile.id)).to.include.members([blocker.profileId, host.id]);
    expect((await api('get', '/api/swipe.php').expect(200)).body.profiles.map((p: { id: number }) => p.id)).to.include(host.id);
    expect(shownIds((await me.a.get('/match-finder?age=35%2B&appearance=sexy&race=white').expect(200)).text)).to.include(host.id);

    // The blocks: one by the other member, one by me.
    await blocker.a.post(`/members/${me.profileId}/block`).type('form').send({ _csrf: blocker.token }).expect(303);
    await me.a.post(`/members/${host.id}/block`).type('form').send({ _csrf: me.token }).expect(303);
    const gone = [blocker.profileId, host.id];

    expect(shownIds((await me.a.get(search).expect(200)).text)).not.to.include.members([blocker.profileId]);
    expect(shownIds((await me.a.get(search).expect(200)).text)).not.to.include(host.id);
    expect(shownIds((await blocker.a.get(`/members?gender=female&country=GB&countryregion=${encodeURIComponent(REGION)}`).expect(200)).text)).not.to.include(me.profileId);
    const likes = (await api('get', '/api/likes.php').expect(200)).body;
    for (const list of [likes.profiles, likes.liked_by, likes.liked, likes.matches]) expect((list as { id: number }[]).map((p) => p.id)).not.to.include.oneOf(gone);
    for (const page of ['/likes', '/likes/received', '/likes/sent', '/likes/matches']) expect(shownIds((await me.a.get(page).expect(200)).text), page).not.to.include.oneOf(gone);
    await me.a.get(`/likes/m/${blocker.profileId}`).expect(404);
    expect((await api('get', '/api/chats.php').expect(200)).body.chats.map((c: { profile: { id: number } }) => c.profile.id)).not.to.include.oneOf(gone);
    const chats = (await me.a.get('/chats').expect(200)).text;
    expect(chats).not.to.include(`/members/${blocker.profileId}/block`).and.not.include(`/members/${host.id}/block`);
    expect((await api('get', '/api/swipe.php').expect(200)).body.profiles.map((p: { id: number }) => p.id)).not.to.include.oneOf(gone);
    expect(shownIds((await me.a.get('/swipe-game').expect(200)).text)).not.to.include.oneOf(gone);
    expect(shownIds((await me.a.get('/match-finder?age=35%2B&appearance=sexy&race=white').expect(200)).text)).not.to.include.oneOf(gone);
    const liker = await api('get', '/api/auto-like.php');
    if (liker.status === 200) expect(gone).not.to.include(liker.body.id);
    const presence = (await api('get', `/api/presence.php?profiles=${gone.join(',')}`).expect(200)).body.presence as Record<string, unknown>;
    for (const id of gone) expect(presence[String(id)] ?? null).to.equal(null);

    // Profiles and chats: the blocked-by message, or the member's own blocked note with nothing of the profile.
    const refused = await me.a.get(`/members/${blocker.profileId}`).expect(403);
    expect(refused.text).to.include('You&#x27;re blocked by Bruno. You do not have access to this page.');
    await me.a.get(`/members/${blocker.profileId}/chat`).expect(403);
    const own = (await me.a.get(`/members/${host.id}`).expect(200)).text;
    expect(own).to.include('data-testid="blocked-by-me"').and.not.include('data-island="photo-gallery"');
    await me.a.get(`/members/${host.id}/chat`).expect(403);
    await me.a.get(`/chats/${Number(toMe.body.message.conversation_id)}`).expect(404);
    // Landers are for visitors: a member goes to the site, or to the profile, which says the above.
    await me.a.get('/landers/adultonly').expect(303).expect('location', '/members');
    await me.a.get(`/members/${blocker.profileId}/landing`).expect(303).expect('location', `/members/${blocker.profileId}`);

    // Mail and push queued before the blocks: dropped when the workers come to them.
    await deliverOnly(queuedMails, queuedPushes);
    const mails = await db()('mail_outbox').whereIn('id', queuedMails).select('status', 'last_error');
    expect(mails.map((m: { status: string }) => m.status)).to.deep.equal(queuedMails.map(() => 'suppressed'));
    expect(mails[0].last_error).to.match(/block/);
    const pushes = await db()('push_outbox').whereIn('id', queuedPushes).select('status', 'last_error');
    expect(pushes.map((p: { status: string; last_error: string }) => [p.status, p.last_error])).to.deep.equal(queuedPushes.map(() => ['dropped', 'blocked']));
  });

  it('drops a weekly digest queued before the member blocked a profile it shows', async () => {
    const me = await member('Wendy');
    const other = await createProfile(db(), services().media, { name: 'Wim', gender: 'male' });
    const keep = await createProfile(db(), services().media, { name: 'Kai', gender: 'male' });
    const id = await services().mail.enqueue({
      siteId: 1, userId: me.id, to: me.email, template: 'weekly_update', language: 'en', subject: 'New this week', html: '<p>Wim, Kai</p>', text: 'Wim, Kai',
      notificationType: 'weekly_updates', aboutProfileIds: [keep.id, other.id],
    });
    const untouched = await services().mail.enqueue({
      siteId: 1, userId: me.id, to: me.email, template: 'weekly_update', language: 'en', subject: 'New this week', html: '<p>Kai</p>', text: 'Kai',
      notificationType: 'weekly_updates', aboutProfileIds: [keep.id],
    });
    await me.a.post(`/members/${other.id}/block`).type('form').send({ _csrf: me.token }).expect(303);
    await deliverOnly([id, untouched], []);
    expect((await db()('mail_outbox').where({ id }).first('status')).status).to.equal('suppressed');
    expect((await db()('mail_outbox').where({ id: untouched }).first('status')).status).to.equal('sent');
  });
});
