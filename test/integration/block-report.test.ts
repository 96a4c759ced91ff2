// Report and block everywhere (issue 18.5): from the profile, the chat header and each chat list
// entry (links that work without JavaScript: the complaint form with the profile chosen, the block
// confirmation page); "Blocked members" on /settings with Unblock, which brings back neither the
// conversation nor the likes the block deleted, and never lifts the other member's own block.
import { expect } from 'chai';
import type { LiveEvent } from '../../types/events.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { uniqueName } from '../helpers/names.js';

describeEachBackend('report and block', (env) => {
  const db = () => env().rt.db;
  let seq = 0;

  async function member(name: string) {
    const m = await createMember(db(), { name: uniqueName(name) });
    await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: 200, reason: 'grant' }));
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const profile = await db()('profiles').where({ user_id: m.id }).first('id', 'name');
    const send = async (to: number, body: string) =>
      Number((await a.post('/api/messages.php').set('x-csrf-token', token).send({ profile: to, body, client_id: `block-report-${Date.now()}-${seq++}` }).expect(201)).body.message.conversation_id);
    const like = (to: number) => a.post('/api/like.php').set('x-csrf-token', token).send({ profile: to }).expect(200);
    return { ...m, a, token, profileId: Number(profile.id), name: String(profile.name), send, like };
  }

  it('offers report and block on the profile, in the chat header and in each chat list entry', async () => {
    const me = await member('Mona');
    const other = await member('Otto');
    const c = await me.send(other.profileId, 'Hello Otto');
    const report = `href="/complaints?profile=${other.profileId}#complaint-form"`;

    const profile = (await me.a.get(`/members/${other.profileId}`).expect(200)).text;
    expect(profile).to.include(report).and.include(`action="/members/${other.profileId}/block"`);

    const header = (await me.a.get(`/chats/${c}`).expect(200)).text;
    const head = header.slice(header.indexOf('<header class="chat-head"'), header.indexOf('</header>', header.indexOf('<header class="chat-head"')));
    expect(head).to.include(report).and.include(`href="/members/${other.profileId}/block?next=%2Fchats%2F${c}"`);

    const list = (await me.a.get('/chats').expect(200)).text;
    const entry = list.slice(list.indexOf(`data-conversation-id="${c}"`), list.indexOf('</li>', list.indexOf(`data-conversation-id="${c}"`)));
    expect(entry).to.include('data-testid="chat-item-menu"').and.include(report).and.include(`href="/members/${other.profileId}/block?next=%2Fchats"`);
    expect(entry).to.include(`Report ${other.name}`).and.include(`Block ${other.name}…`);

    // The report link opens the form with the profile chosen; sending it keeps what it is about.
    const form = (await me.a.get(`/complaints?profile=${other.profileId}`).expect(200)).text;
    expect(form).to.match(/<option value="profile" selected="">/);
    expect(form).to.include(`name="profile" value="${other.profileId}"`);
    const sent = await me.a
      .post('/complaints')
      .type('form')
      .send({ _csrf: me.token, subject: 'profile', profile: String(other.profileId), message: 'This profile asks for money outside the site.', email: me.email })
      .expect(303);
    expect(sent.headers.location).to.match(/^\/complaints\?sent=[A-Z2-9]{4}-[A-Z2-9]{4}#complaint-form$/);
    expect(await db()('complaints').where({ user_id: me.id }).first('subject', 'about_profile_id')).to.deep.include({ subject: 'profile', about_profile_id: other.profileId });
  });

  it('asks before blocking, and refuses what cannot be blocked', async () => {
    const me = await member('Bea');
    const other = await member('Cas');
    const confirm = (await me.a.get(`/members/${other.profileId}/block?next=%2Fchats`).expect(200)).text;
    expect(confirm).to.include('data-testid="block-confirm"').and.include(`Block ${other.name}?`);
    expect(confirm).to.include(`action="/members/${other.profileId}/block"`).and.include('href="/chats"');
    expect(confirm).to.include('do not come back');
    // A page outside the tabs, like /settings and the complaint form: no tab marked as current.
    const currentTab = (html: string) => /<a href="([^"]+)"[^>]*aria-current="page"/.exec(/<nav class="[^"]*member-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '')?.[1];
    expect(confirm).to.include('member-nav');
    expect(currentTab(confirm)).to.equal(undefined);
    for (const path of ['/settings', '/complaints']) expect(currentTab((await me.a.get(path).expect(200)).text), path).to.equal(undefined);
    expect(currentTab((await me.a.get(`/members/${other.profileId}`).expect(200)).text)).to.equal('/members');
    expect(currentTab((await me.a.get('/chats').expect(200)).text)).to.equal('/chats');
    // Another site's address as the way back: the profile instead.
    expect((await me.a.get(`/members/${other.profileId}/block?next=%2F%2Fevil.example`).expect(200)).text).to.include(`href="/members/${other.profileId}"`);
    await me.a.get(`/members/${me.profileId}/block`).expect(404);
    await me.a.get('/members/999999999/block').expect(404);
    await me.a.get('/members/abc/block').expect(404);
    const visitor = await agent(env().app).get(`/members/${other.profileId}/block`).expect(303);
    expect(visitor.headers.location).to.equal(`/login?next=${encodeURIComponent(`/members/${other.profileId}/block`)}`);
    // Nothing was blocked by looking.
    expect(await db()('blocks').where({ blocker_profile_id: me.profileId })).to.have.length(0);
  });

  it('blocks after the confirmation, tells both open chats, lists the block on /settings and unblocks from there', async () => {
    const me = await member('Dana');
    const other = await member('Emil');
    const c = await me.send(other.profileId, 'Hi Emil');
    await me.like(other.profileId);
    await other.like(me.profileId);
    const heard: Record<string, LiveEvent[]> = { me: [], other: [] };
    const events = env().rt.services.events;
    const offs = [events.subscribe(me.id, (e) => heard.me!.push(e)), events.subscribe(other.id, (e) => heard.other!.push(e))];
    await Promise.all([events.subscribed(me.id), events.subscribed(other.id)]);
    try {
      const done = await me.a.post(`/members/${other.profileId}/block`).type('form').send({ _csrf: me.token }).expect(303);
      expect(done.headers.location).to.equal(`/members?blocked=${other.profileId}`);
      const removed = { type: 'conversation_removed', conversation_id: c };
      for (const who of ['me', 'other'] as const) {
        for (let i = 0; i < 50 && !heard[who]!.some((e) => e.type === 'conversation_removed'); i++) await new Promise((r) => setTimeout(r, 20));
        expect(heard[who], who).to.deep.include(removed);
      }
    } finally {
      offs.forEach((off) => off());
    }
    // Already blocked: the confirmation leads to the profile with its Unblock.
    await me.a.get(`/members/${other.profileId}/block`).expect(303).expect('location', `/members/${other.profileId}`);

    const settings = (await me.a.get('/settings').expect(200)).text;
    const section = settings.slice(settings.indexOf('id="blocked-members"'));
    expect(section).to.include(other.name).and.include(`action="/settings/blocked/${other.profileId}/unblock"`);
    expect(section).to.include('do not come back');
    // The blocked member's own list is empty: the block is not theirs to lift.
    expect((await other.a.get('/settings').expect(200)).text).to.include('data-testid="blocked-none"');

    const undo = await me.a.post(`/settings/blocked/${other.profileId}/unblock`).type('form').send({ _csrf: me.token }).expect(303);
    expect(undo.headers.location).to.equal('/settings#blocked-members');
    const after = (await me.a.get(undo.headers.location!).expect(200)).text;
    expect(after).to.include(`${other.name} is no longer blocked.`).and.include('data-testid="blocked-none"');
    // Said once: a reload does not repeat it.
    expect((await me.a.get('/settings').expect(200)).text).not.to.include('is no longer blocked');
    expect(await db()('blocks').where({ blocker_profile_id: me.profileId })).to.have.length(0);
    // What the block deleted stays deleted.
    expect(await db()('conversations').where({ id: c })).to.have.length(0);
    expect(await db()('likes').whereIn('from_profile_id', [me.profileId, other.profileId]).whereIn('to_profile_id', [me.profileId, other.profileId])).to.have.length(0);
    await me.a.get(`/members/${other.profileId}`).expect(200);
  });

  it('names in the unblock notice only a profile this member really unblocked', async () => {
    const me = await member('Hana');
    const stranger = await member('Ivo');
    const blocker = await member('Jon');
    await blocker.a.post(`/members/${me.profileId}/block`).type('form').send({ _csrf: blocker.token }).expect(303);
    const blocks = async () => (await db()('blocks').select('blocker_profile_id', 'blocked_profile_id').orderBy(['blocker_profile_id', 'blocked_profile_id']));
    const before = await blocks();
    // An id in the address names nobody, blocked or not, and the page still answers.
    for (const id of [stranger.profileId, blocker.profileId, me.profileId, 999999999]) {
      const page = (await me.a.get(`/settings?unblocked=${id}#blocked-members`).expect(200)).text;
      expect(page, String(id)).not.to.include('is no longer blocked');
    }
    // Unblock of a profile this member never blocked: a stranger, or one who blocked this member.
    for (const other of [stranger, blocker]) {
      const res = await me.a.post(`/settings/blocked/${other.profileId}/unblock`).type('form').send({ _csrf: me.token }).expect(303);
      expect(res.headers.location).to.equal('/settings#blocked-members');
      const page = (await me.a.get(res.headers.location!).expect(200)).text;
      expect(page).not.to.include('is no longer blocked').and.not.include(other.name);
    }
    await me.a.post('/settings/blocked/999999999/unblock').type('form').send({ _csrf: me.token }).expect(404);
    expect(await blocks()).to.deep.equal(before);
    // In German, the real one is named in German.
    await me.a.post(`/members/${stranger.profileId}/block`).type('form').send({ _csrf: me.token }).expect(303);
    await me.a.post(`/settings/blocked/${stranger.profileId}/unblock`).type('form').send({ _csrf: me.token }).expect(303);
    const german = (await me.a.get('/settings').set('Cookie', 'amora_lang=de').expect(200)).text;
    expect(german).to.include(`${stranger.name} ist nicht mehr blockiert.`);
  });

  it("unblocking never lifts the other member's own block", async () => {
    const me = await member('Fay');
    const other = await member('Gus');
    await me.a.post(`/members/${other.profileId}/block`).type('form').send({ _csrf: me.token }).expect(303);
    await other.a.post(`/members/${me.profileId}/block`).type('form').send({ _csrf: other.token }).expect(303);
    await me.a.post(`/settings/blocked/${other.profileId}/unblock`).type('form').send({ _csrf: me.token }).expect(303);
    expect(await db()('blocks').where({ blocker_profile_id: other.profileId, blocked_profile_id: me.profileId })).to.have.length(1);
    // Still blocked by the other: the profile stays shut, and the other still sees the block in their list.
    await me.a.get(`/members/${other.profileId}`).expect(403);
    expect((await other.a.get('/settings').expect(200)).text).to.include(`action="/settings/blocked/${me.profileId}/unblock"`);
  });
});
