// The chat pages (issue 5, point 1): /chats, /chats/{id} and /members/{id}/chat for members only,
// opening a conversation reads it, foreign ids are 404s, and without JavaScript a member can read
// older pages, send through a plain form (a re-posted form is stored once) and delete.
import { expect } from 'chai';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import type { ChatPaneProps } from '../../types/chat.js';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

const PRICE = 10; // the default message_credits

/** The chat pane island's props as the page serialized them. */
function paneProps(html: string): ChatPaneProps {
  const mark = /data-island="chat-pane" data-props="(island-\d+)"/.exec(html);
  if (!mark) throw new Error('no chat pane on the page');
  const script = new RegExp(`<script type="application/json" id="${mark[1]}">(.*?)</script>`, 's').exec(html);
  return JSON.parse(script![1]!) as ChatPaneProps;
}

describeEachBackend('chat pages', (env) => {
  const db = () => env().rt.db;
  let seq = 0;
  const clientId = () => `p${Date.now().toString(36)}${(seq++).toString(36).padStart(4, '0')}x`;

  async function member(o: { credits?: number; premium?: boolean; name?: string } = {}) {
    const m = await createMember(db(), { name: o.name ?? 'Pager' });
    if (o.premium) await db()('users').where({ id: m.id }).update({ paid_user: true, premium_since: Date.now() });
    if (o.credits) await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: o.credits!, reason: 'grant' }));
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    const send = (body: Record<string, unknown>) => a.post('/api/messages.php').set('x-csrf-token', token).send({ client_id: clientId(), ...body }).expect(201);
    return { ...m, a, token, profileId, send };
  }
  const balance = async (userId: number) => Number((await db()('users').where({ id: userId }).first('credits')).credits);

  it('sends visitors to the login with the page to come back to', async () => {
    const visitor = agent(env().app);
    for (const path of ['/chats', '/chats/1', '/members/1/chat']) {
      const res = await visitor.get(path).expect(303);
      expect(res.headers.location).to.equal(`/login?next=${encodeURIComponent(path)}`);
    }
  });

  it('lists the conversations with their unread counts on /chats, in the chat layout, not indexed', async () => {
    const writer = await member({ credits: 100, name: 'Writer' });
    const reader = await member({ name: 'Reader' });
    const sent = await writer.send({ profile: reader.profileId, body: 'first' });
    await writer.send({ conversation: sent.body.message.conversation_id, body: 'second' });
    const res = await reader.a.get('/chats').expect(200);
    expect(res.text).to.include('class="layout-chat"');
    expect(res.text).to.include('<meta name="robots" content="noindex">');
    expect(res.text).to.include('<title>Messages |');
    const props = paneProps(res.text);
    expect(props.conversationId).to.equal(null);
    expect(props.partner).to.equal(null);
    expect(props.chats).to.have.length(1);
    expect(props.chats[0]).to.deep.include({ num_unread_messages: 2 });
    expect(props.chats[0]!.profile).to.include({ id: writer.profileId, name: 'Writer' });
    expect(props.chats[0]!.conversation).to.include({ id: sent.body.message.conversation_id, last_message: 'second' });
    expect(res.text).to.include(`href="/chats/${sent.body.message.conversation_id}"`);
  });

  it('renders a conversation with its history and reads it on opening; older pages without JavaScript', async () => {
    const writer = await member({ credits: 1000, premium: true, name: 'Chatty' });
    const reader = await member({ name: 'Listener' });
    const first = await writer.send({ profile: reader.profileId, body: 'message 0' });
    const conv = first.body.message.conversation_id as number;
    for (let i = 1; i < 35; i++) await writer.send({ conversation: conv, body: `message ${i}` });
    expect((await reader.a.get('/api/chats.php').expect(200)).body.num_unread_messages).to.equal(35);
    expect((await reader.a.get('/chats').expect(200)).text).to.include('data-testid="messages-badge"');

    const res = await reader.a.get(`/chats/${conv}`).expect(200);
    expect(res.text).not.to.include('data-testid="messages-badge"');
    expect(res.text).to.include('<title>Chat with Chatty |');
    const props = paneProps(res.text);
    expect(props).to.deep.include({ conversationId: conv, hasMore: true, hasNewer: false, credits: 0 });
    // Read before the page is made (its list is asked with the conversation, then again): the
    // page's own list shows it read.
    expect(props.chats.find((c) => c.conversation.id === conv)!.num_unread_messages).to.equal(0);
    expect(props.partner).to.include({ id: writer.profileId, name: 'Chatty' });
    expect(props.messages.map((m) => m.body)).to.deep.equal(Array.from({ length: 30 }, (_, i) => `message ${i + 5}`));
    expect(props.price).to.include({ messageCredits: PRICE, messageLength: 1000 });
    expect(props.formClientId).to.match(/^[a-f0-9]{32}$/);
    expect(res.text).to.include('message 34');
    // Read on opening: no unread left, the writer's messages are read, the top bar shows no badge.
    expect((await reader.a.get('/api/chats.php').expect(200)).body.num_unread_messages).to.equal(0);
    const unread = await db()('conversation_participants').where({ conversation_id: conv, profile_id: reader.profileId }).first('unread_count');
    expect(Number(unread.unread_count)).to.equal(0);
    expect(await db()('messages').where({ conversation_id: conv }).whereNull('read_at')).to.have.length(0);
    expect(paneProps((await reader.a.get('/chats').expect(200)).text).chats[0]!.num_unread_messages).to.equal(0);

    const oldest = props.messages[0]!.id;
    expect(res.text).to.include(`href="/chats/${conv}?before=${oldest}"`);
    const older = paneProps((await reader.a.get(`/chats/${conv}?before=${oldest}`).expect(200)).text);
    expect(older.messages.map((m) => m.body)).to.deep.equal(['message 0', 'message 1', 'message 2', 'message 3', 'message 4']);
    expect(older).to.deep.include({ hasMore: false, hasNewer: true });
    await reader.a.get(`/chats/${conv}?before=abc`).expect(404);
  });

  it('answers 404 for a conversation that is not the member’s, or no conversation at all', async () => {
    const a = await member({ credits: 30, name: 'Ann' });
    const b = await member({ name: 'Ben' });
    const stranger = await member({ name: 'Stranger' });
    const conv = (await a.send({ profile: b.profileId, body: 'private' })).body.message.conversation_id as number;
    const res = await stranger.a.get(`/chats/${conv}`).expect(404);
    expect(res.text).not.to.include('private');
    await stranger.a.get('/chats/999999').expect(404);
    await stranger.a.get('/chats/abc').expect(404);
    await stranger.a.post(`/chats/${conv}/delete`).type('form').send({ _csrf: stranger.token }).expect(404);
    expect(await db()('conversation_participants').where({ conversation_id: conv }).whereNotNull('deleted_at')).to.have.length(0);
    // Unread stays for its member: a stranger's visit reads nothing.
    expect((await b.a.get('/api/chats.php').expect(200)).body.num_unread_messages).to.equal(1);
  });

  it('/members/{id}/chat goes to the existing conversation, else shows an empty one; hidden, own and blocked profiles are refused', async () => {
    const me = await member({ credits: 50, name: 'Opener' });
    const other = await member({ name: 'Other' });
    const fresh = await createProfile(db(), env().rt.services.media, { gender: 'female' });
    const empty = await me.a.get(`/members/${fresh.id}/chat`).expect(200);
    const props = paneProps(empty.text);
    expect(props).to.deep.include({ conversationId: null, messages: [], hasMore: false });
    expect(props.partner?.id).to.equal(fresh.id);
    expect(empty.text).to.include(`name="profile" value="${fresh.id}"`);

    const conv = (await me.send({ profile: other.profileId, body: 'hello' })).body.message.conversation_id as number;
    expect((await me.a.get(`/members/${other.profileId}/chat`).expect(303)).headers.location).to.equal(`/chats/${conv}`);
    expect((await other.a.get(`/members/${me.profileId}/chat`).expect(303)).headers.location).to.equal(`/chats/${conv}`);

    await me.a.get(`/members/${me.profileId}/chat`).expect(404);
    await me.a.get('/members/999999/chat').expect(404);
    await db()('profiles').where({ id: fresh.id }).update({ status: 'hidden' });
    await me.a.get(`/members/${fresh.id}/chat`).expect(404);
    const blocker = await member({ name: 'Blocker' });
    await blocker.a.post('/api/block.php').set('x-csrf-token', blocker.token).send({ profile: me.profileId }).expect(200);
    const blocked = await me.a.get(`/members/${blocker.profileId}/chat`).expect(403);
    expect(blocked.text).to.include('You&#x27;re blocked by Blocker.');
    expect((await blocker.a.get(`/members/${me.profileId}/chat`).expect(403)).text).to.include('one of you has blocked the other');
  });

  it('sends without JavaScript: the form posts, is stored and charged once when posted again, and comes back', async () => {
    const me = await member({ credits: 100, name: 'NoScript' });
    const other = await member({ name: 'Friend' });
    const form = paneProps((await me.a.get(`/members/${other.profileId}/chat`).expect(200)).text);
    const fields = { _csrf: me.token, profile: other.profileId, body: 'Hi without JavaScript', client_id: form.formClientId };
    const first = await me.a.post('/chats/send').type('form').send(fields).expect(303);
    const conv = Number(/^\/chats\/(\d+)$/.exec(first.headers.location!)![1]);
    const again = await me.a.post('/chats/send').type('form').send(fields).expect(303);
    expect(again.headers.location).to.equal(`/chats/${conv}`);
    expect(await db()('messages').where({ sender_profile_id: me.profileId })).to.have.length(1);
    expect(await balance(me.id)).to.equal(100 - PRICE);

    const page = paneProps((await me.a.get(`/chats/${conv}`).expect(200)).text);
    expect(page.formClientId).not.to.equal(form.formClientId);
    expect(page.messages.map((m) => [m.body, m.mine])).to.deep.equal([['Hi without JavaScript', true]]);
    const second = await me.a.post('/chats/send').type('form').send({ _csrf: me.token, conversation: conv, body: 'second', client_id: page.formClientId }).expect(303);
    expect(second.headers.location).to.equal(`/chats/${conv}`);
    expect(await db()('messages').where({ conversation_id: conv })).to.have.length(2);
    expect(await balance(me.id)).to.equal(100 - 2 * PRICE);
  });

  it('leads to the credits page when the credits run out, and shows other errors above the form', async () => {
    const poor = await member({ credits: PRICE - 1, name: 'Poor' });
    const other = await member({ name: 'Rich' });
    const res = await poor.a.post('/chats/send').type('form').send({ _csrf: poor.token, profile: other.profileId, body: 'hi', client_id: clientId() }).expect(303);
    expect(res.headers.location).to.equal('/credits?notice=insufficient_credits');
    expect((await poor.a.get(res.headers.location!).expect(200)).text).to.include('data-testid="insufficient-credits"');
    expect(await db()('messages').where({ sender_profile_id: poor.profileId })).to.have.length(0);
    expect(await balance(poor.id)).to.equal(PRICE - 1);

    const me = await member({ credits: 100, name: 'Verbose' });
    const tooLong = await me.a.post('/chats/send').type('form').send({ _csrf: me.token, profile: other.profileId, body: 'x'.repeat(1001), client_id: clientId() }).expect(303);
    expect(tooLong.headers.location).to.equal(`/members/${other.profileId}/chat?error=messageTooLong`);
    const shown = paneProps((await me.a.get(tooLong.headers.location!).expect(200)).text);
    expect(shown.formError).to.deep.equal({ message: 'Your message is too long; the maximum is 1000 characters.', creditsLink: false });
    expect(await balance(me.id)).to.equal(100);
    // A made-up error key shows nothing.
    expect(paneProps((await me.a.get(`/members/${other.profileId}/chat?error=<b>`).expect(200)).text).formError).to.equal(null);

    const free = await member({ credits: 200, name: 'Free' });
    const [x, y, z] = [await member({ name: 'X' }), await member({ name: 'Y' }), await member({ name: 'Z' })];
    await free.send({ profile: x.profileId, body: 'one' });
    await free.send({ profile: y.profileId, body: 'two' });
    const limit = await free.a.post('/chats/send').type('form').send({ _csrf: free.token, profile: z.profileId, body: 'three', client_id: clientId() }).expect(303);
    expect(limit.headers.location).to.equal(`/members/${z.profileId}/chat?error=freeConversationLimit`);
    expect(paneProps((await free.a.get(limit.headers.location!).expect(200)).text).formError?.creditsLink).to.equal(true);
  });

  it('deletes a conversation with the plain form and goes back to the list', async () => {
    const me = await member({ credits: 30, name: 'Deleter' });
    const other = await member({ name: 'Gone' });
    const conv = (await me.send({ profile: other.profileId, body: 'bye' })).body.message.conversation_id as number;
    const res = await me.a.post(`/chats/${conv}/delete`).type('form').send({ _csrf: me.token }).expect(303);
    expect(res.headers.location).to.equal('/chats');
    expect(paneProps((await me.a.get('/chats').expect(200)).text).chats).to.deep.equal([]);
    const row = await db()('conversation_participants').where({ conversation_id: conv, profile_id: me.profileId }).first('deleted_at');
    expect(row.deleted_at).not.to.equal(null);
    // Only for this member: the partner still has it.
    expect(paneProps((await other.a.get('/chats').expect(200)).text).chats.map((c) => c.conversation.id)).to.deep.equal([conv]);
  });
});
