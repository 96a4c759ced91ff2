// The fictional-profile label (SPEC.md §1, issue 18.4): the site's fictional_singular shows on every
// place that shows a fictional profile: its card in search and likes, its profile, the chat header
// and the chat list entry, the mail and the push about its message or like, and the like modal.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { upsertSubscription } from '../../server/repos/push-repo.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import type { PushPayload } from '../../types/notifications.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

/** A label no other text of the site contains, so finding it means the label was put there. */
const LABEL = 'Staff-run persona';

describeEachBackend('fictional label everywhere', (env) => {
  const db = () => env().rt.db;
  const services = () => env().rt.services;

  before(async () => {
    await services().sites.updateSettings('localhost', { fictional_singular: LABEL });
  });
  // The profiles made here lead their feeds (most recently active): hidden afterwards, so that the
  // suites after this one on the shared database find theirs first again.
  const made: number[] = [];
  after(async () => {
    await services().sites.updateSettings('localhost', {}, ['fictional_singular']);
    if (made.length) await db()('profiles').whereIn('id', made.splice(0)).update({ status: 'hidden', last_active_at: 0 });
  });

  /** The markup of the element that starts at the first match of `start`, up to `end`. */
  function section(html: string, start: RegExp, end: string): string {
    const at = html.search(start);
    expect(at, String(start)).to.be.greaterThan(-1);
    return html.slice(at, html.indexOf(end, at) + end.length);
  }

  it('shows on the card, the profile, the chat header and list, the mail, the push and the like modal', async () => {
    const m = await createMember(db(), { name: 'Quinn' });
    await db()('users').where({ id: m.id }).update({ paid_user: true, premium_since: Date.now() });
    await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: 500, reason: 'grant' }));
    await upsertSubscription(db(), m.id, randomBytes(32).toString('hex'), JSON.stringify({ endpoint: `https://push.example/${m.id}`, keys: { p256dh: 'k', auth: 'a' } }));
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    // A fictional profile alone in a country nobody else uses here, first in its search.
    const host = await createProfile(db(), services().media, { name: 'Fenna', gender: 'male', country: 'NZ', fictional: true, lastActiveAt: Date.now() + 90_000_000 });
    const real = await createProfile(db(), services().media, { name: 'Rory', gender: 'male', country: 'NZ', fictional: false, lastActiveAt: Date.now() + 80_000_000 });
    made.push(host.id, real.id);
    expect((await a.get('/api/settings.php').expect(200)).body.settings.fictional_singular).to.equal(LABEL);

    // The card in search: the fictional one carries the label, the real one does not.
    const search = (await a.get('/members?country=NZ&gender=male').expect(200)).text;
    expect(section(search, new RegExp(`<a class="card" href="/members/${host.id}"`), '</a>')).to.include(`tag--fictional">${LABEL}<`);
    expect(section(search, new RegExp(`<a class="card" href="/members/${real.id}"`), '</a>')).not.to.include(LABEL);

    // The profile page: the label on the gallery and the site's warning.
    const profile = (await a.get(`/members/${host.id}`).expect(200)).text;
    expect(profile).to.include(`tag--fictional">${LABEL}<`);
    expect((await a.get(`/members/${real.id}`).expect(200)).text).not.to.include(`tag--fictional">${LABEL}<`);

    // The chat: a message to the profile, then its header and its entry in the list.
    const sent = await a.post('/api/messages.php').set('x-csrf-token', token).send({ profile: host.id, body: 'Hello Fenna', client_id: `label-${Date.now()}` }).expect(201);
    const c = Number(sent.body.message.conversation_id);
    const chat = (await a.get(`/chats/${c}`).expect(200)).text;
    expect(section(chat, /<header class="chat-head"/, '</header>')).to.include(`chat-tag">${LABEL}<`);
    const list = (await a.get('/chats').expect(200)).text;
    expect(section(list, new RegExp(`<a class="chat-item[^"]*" href="/chats/${c}"`), '</a>')).to.include(`chat-tag">${LABEL}<`);

    // The operator answers for the profile, and the profile likes the member: mail and push say who, with the label.
    const own = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    await services().operatorChat.reply(c, 'Hi Quinn', { messageLength: 1000 });
    await db()('likes').insert({ from_profile_id: host.id, to_profile_id: own, source: 'auto', is_new: true, created_at: Date.now() });
    await services().notifications.liked({ fromProfileId: host.id, toProfileId: own, match: false });
    await services().notifications.idle();
    const mails = (await db()('mail_outbox').where({ user_id: m.id, about_profile_id: host.id }).orderBy('id')) as { template: string; subject: string; html: string; text: string }[];
    expect(mails.map((x) => x.template)).to.deep.equal(['notify.newMessage', 'notify.like']);
    for (const mail of mails) {
      expect(mail.subject).to.include(`Fenna (${LABEL})`);
      expect(mail.html).to.include(`>${LABEL}</span>`);
      expect(mail.text).to.include(`Fenna (${LABEL})`);
    }
    const pushes = ((await db()('push_outbox').where({ user_id: m.id, about_profile_id: host.id }).orderBy('id')) as { payload: string }[]).map((r) => JSON.parse(r.payload) as PushPayload);
    expect(pushes.map((p) => p.title)).to.deep.equal([`New message from Fenna (${LABEL})`, `Fenna (${LABEL}) likes you`]);

    // The received like's card on /likes.
    const likes = (await a.get('/likes/received').expect(200)).text;
    expect(section(likes, new RegExp(`<a class="card" href="/members/${host.id}"`), '</a>')).to.include(`tag--fictional">${LABEL}<`);

    // The like modal of a match (the profile page after a like back) carries it.
    expect((await a.get(`/members/${host.id}?match=1`).expect(200)).text).not.to.include('"kind":"match"'); // no match yet: no modal
    await db()('likes').insert({ from_profile_id: own, to_profile_id: host.id, source: 'normal', is_new: true, created_at: Date.now() });
    const matched = (await a.get(`/members/${host.id}?match=1`).expect(200)).text;
    expect(matched).to.match(new RegExp(`"fictionalLabel":"${LABEL}"[^<]*"kind":"match"`));
  });
});
