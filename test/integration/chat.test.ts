// Chat and its money rules (issue 5): each message is debited in its own transaction with a
// guarded update, a retried send is stored and charged once, 20 parallel sends with credits for
// 3 store exactly 3; free members start at most 2 conversations; only the two members of a
// conversation can read, send to or delete it.
import { expect } from 'chai';
import type { LiveEvent } from '../../types/events.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

const PRICE = 10; // the default message_credits

describeEachBackend('chat', (env) => {
  const db = () => env().rt.db;
  let seq = 0;
  const clientId = () => `c${Date.now().toString(36)}${(seq++).toString(36).padStart(4, '0')}x`;

  async function member(o: { credits?: number; premium?: boolean; name?: string; status?: string } = {}) {
    const m = await createMember(db(), { name: o.name ?? 'Chatter' });
    if (o.premium) await db()('users').where({ id: m.id }).update({ paid_user: true, premium_since: Date.now() });
    if (o.credits) await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: o.credits!, reason: 'grant' }));
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    if (o.status) await db()('users').where({ id: m.id }).update({ status: o.status });
    const send = (body: Record<string, unknown>) => a.post('/api/messages.php').set('x-csrf-token', token).send({ client_id: clientId(), ...body });
    return { ...m, a, token, profileId, send };
  }
  const fictional = async () => (await createProfile(db(), env().rt.services.media, { gender: 'male' })).id;
  const balance = async (userId: number) => Number((await db()('users').where({ id: userId }).first('credits')).credits);

  it('stores a message with its debit and ledger row, opens the conversation, counts it unread for the receiver', async () => {
    const me = await member({ credits: 50 });
    const other = await member({ name: 'Receiver' });
    const res = await me.send({ profile: other.profileId, body: '  Hello there!  ' }).expect(201);
    expect(res.body.credits).to.equal(50 - PRICE);
    expect(res.body.message).to.include({ mine: true, kind: 'text', body: 'Hello there!', read: false });
    expect(await balance(me.id)).to.equal(40);
    const ledger = await db()('credit_ledger').where({ user_id: me.id, reason: 'message' });
    expect(ledger).to.have.length(1);
    expect(ledger[0]).to.include({ delta: -PRICE, balance_after: 40 });
    const chats = (await other.a.get('/api/chats.php').expect(200)).body;
    expect(chats.num_unread_messages).to.equal(1);
    expect(chats.chats[0]).to.deep.include({ num_unread_messages: 1 });
    expect(chats.chats[0].conversation.id).to.equal(res.body.message.conversation_id);
    expect(chats.chats[0].profile.id).to.equal(me.profileId);
    const history = (await other.a.get(`/api/messages.php?conversation=${res.body.message.conversation_id}`).expect(200)).body;
    expect(history.messages.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).to.deep.equal([['Hello there!', false]]);
    await other.a.post('/api/chat-read.php').set('x-csrf-token', other.token).send({ conversation: res.body.message.conversation_id }).expect(200);
    expect((await other.a.get('/api/chats.php').expect(200)).body.num_unread_messages).to.equal(0);
    const mine = (await me.a.get(`/api/messages.php?conversation=${res.body.message.conversation_id}`).expect(200)).body.messages;
    expect(mine[0]).to.include({ mine: true, read: true });
  });

  it('stores and charges a retried send once, also when the retries race', async () => {
    const me = await member({ credits: 100 });
    const to = await fictional();
    const id = clientId();
    const first = await me.send({ profile: to, body: 'once', client_id: id }).expect(201);
    const again = await me.send({ profile: to, body: 'once', client_id: id }).expect(201);
    expect(again.body.message.id).to.equal(first.body.message.id);
    const raceId = clientId();
    const raced = await Promise.all(Array.from({ length: 6 }, () => me.send({ profile: to, body: 'raced', client_id: raceId })));
    expect(raced.map((r) => r.status)).to.deep.equal([201, 201, 201, 201, 201, 201]);
    expect(new Set(raced.map((r) => r.body.message.id)).size).to.equal(1);
    expect(await db()('messages').where({ sender_profile_id: me.profileId })).to.have.length(2);
    expect(await balance(me.id)).to.equal(100 - 2 * PRICE);
    expect(await db()('credit_ledger').where({ user_id: me.id, reason: 'message' })).to.have.length(2);
  });

  it('20 parallel sends with credits for 3 store exactly 3 messages and leave the right balance', async () => {
    const me = await member({ credits: PRICE + 5 });
    const to = await fictional();
    await me.send({ profile: to, body: 'first, to open the conversation' }).expect(201);
    await db().transaction((tx) => applyCreditDelta(tx, { userId: me.id, delta: 3 * PRICE, reason: 'grant' }));
    // Balance now 3 × PRICE + 5: three more fit, the fourth does not.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => me.send({ profile: to, body: `parallel ${i}` })));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 402);
    expect(ok).to.have.length(3);
    expect(refused).to.have.length(17);
    expect(refused[0]!.body.error).to.include({ code: 'insufficient_credits', message: 'You do not have enough credits' });
    expect(await db()('messages').where({ sender_profile_id: me.profileId })).to.have.length(4);
    expect(await balance(me.id)).to.equal(5);
    const sum = await db()('credit_ledger').where({ user_id: me.id }).sum({ s: 'delta' }).first();
    expect(Number(sum?.s)).to.equal(5);
  });

  it('loses nothing when two members write to each other at the same moment', async () => {
    const a = await member({ credits: 100, premium: true, name: 'Ada' });
    const b = await member({ credits: 100, premium: true, name: 'Bo' });
    const sends = [...Array.from({ length: 8 }, (_, i) => a.send({ profile: b.profileId, body: `a${i}` })), ...Array.from({ length: 8 }, (_, i) => b.send({ profile: a.profileId, body: `b${i}` }))];
    const results = await Promise.all(sends);
    expect(results.map((r) => r.status).filter((s) => s !== 201)).to.deep.equal([]);
    const convs = new Set(results.map((r) => r.body.message.conversation_id));
    expect(convs.size).to.equal(1);
    const [conv] = [...convs];
    expect(await db()('messages').where({ conversation_id: conv })).to.have.length(16);
    expect([await balance(a.id), await balance(b.id)]).to.deep.equal([100 - 8 * PRICE, 100 - 8 * PRICE]);
    const unread = await db()('conversation_participants').where({ conversation_id: conv }).orderBy('profile_id').pluck('unread_count');
    expect(unread.map(Number)).to.deep.equal([8, 8]);
  });

  it('lets a free member start 2 conversations, a premium member more; replies are not limited', async () => {
    const free = await member({ credits: 200 });
    const [a, b, c] = [await fictional(), await fictional(), await fictional()];
    await free.send({ profile: a, body: 'hi a' }).expect(201);
    await free.send({ profile: b, body: 'hi b' }).expect(201);
    const third = await free.send({ profile: c, body: 'hi c' }).expect(403);
    expect(third.body.error.code).to.equal('conversation_limit');
    expect(await balance(free.id)).to.equal(200 - 2 * PRICE);
    await free.send({ profile: a, body: 'again a' }).expect(201);
    const writer = await member({ credits: 50, name: 'Writer' });
    await writer.send({ profile: free.profileId, body: 'hello free' }).expect(201);
    await free.send({ profile: writer.profileId, body: 'a reply is fine' }).expect(201);
    const premium = await member({ credits: 200, premium: true });
    for (const to of [a, b, c]) await premium.send({ profile: to, body: 'hi' }).expect(201);
  });

  it('refuses writing to a blocked member, replying to an unconfirmed one, empty and too long messages, without charging', async () => {
    const me = await member({ credits: 100 });
    const unconfirmed = await member({ name: 'Newbie', status: 'not_confirmed' });
    const res = await me.send({ profile: unconfirmed.profileId, body: 'hi' }).expect(403);
    expect(res.body.error).to.include({ code: 'partner_not_confirmed' });
    expect(res.body.error.message).to.include('Newbie');
    const blocker = await member({ name: 'Blocker' });
    await blocker.a.post('/api/block.php').set('x-csrf-token', blocker.token).send({ profile: me.profileId }).expect(200);
    expect((await me.send({ profile: blocker.profileId, body: 'hi' }).expect(403)).body.error.code).to.equal('blocked');
    const to = await fictional();
    expect((await me.send({ profile: to, body: '   ' }).expect(400)).body.error.code).to.equal('validation_failed');
    const long = await me.send({ profile: to, body: 'x'.repeat(1001) }).expect(400);
    expect(long.body.error.message).to.equal('Your message is too long; the maximum is 1000 characters.');
    await me.send({ profile: to, body: 'x'.repeat(1000) }).expect(201);
    expect(await balance(me.id)).to.equal(100 - PRICE);
  });

  // The send's fast path (routes/api/chat-send-fast.ts) reads the body before it knows whether it
  // answers: whatever it leaves to the full chain must come back exactly as the chain answers it.
  it('answers a send the fast path leaves to the chain as the chain does: bad JSON, too large, bad token, other site', async () => {
    const me = await member({ credits: 100 });
    const to = await fictional();
    const post = () => me.a.post('/api/messages.php').set('Content-Type', 'application/json').set('x-csrf-token', me.token);
    expect((await post().send('{"profile": ').expect(400)).body.error.code).to.equal('malformed_json');
    expect((await post().send(JSON.stringify({ profile: to, body: 'x'.repeat(200_000), client_id: clientId() })).expect(413)).body.error.code).to.equal('payload_too_large');
    const badToken = await me.a.post('/api/messages.php').set('x-csrf-token', 'nope').send({ profile: to, body: 'Hi', client_id: clientId() }).expect(403);
    expect(badToken.body.error.code).to.equal('invalid_csrf_token');
    const crossSite = await post().set('Origin', 'https://evil.example').send({ profile: to, body: 'Hi', client_id: clientId() }).expect(403);
    expect(crossSite.body.error.code).to.equal('cross_site_request');
    expect((await post().send({ profile: to, client_id: clientId() }).expect(400)).body.error.code).to.equal('validation_failed');
    expect(await balance(me.id)).to.equal(100);
    const sent = await post().send({ profile: to, body: 'Hi', client_id: clientId() }).expect(201);
    expect(sent.headers['content-language']).to.equal('en');
    expect(sent.headers['x-request-id']).to.be.a('string');
    expect(await balance(me.id)).to.equal(100 - PRICE);
  });

  it('keeps a conversation to its two members: any other id is a 404', async () => {
    const me = await member({ credits: 30 });
    const other = await member({ name: 'Partner' });
    const stranger = await member({ credits: 30, name: 'Stranger' });
    const sent = await me.send({ profile: other.profileId, body: 'private' }).expect(201);
    const conv = sent.body.message.conversation_id as number;
    await stranger.a.get(`/api/messages.php?conversation=${conv}`).expect(404);
    await stranger.send({ conversation: conv, body: 'let me in' }).expect(404);
    await stranger.a.delete('/api/chat.php').set('x-csrf-token', stranger.token).send({ conversation: conv }).expect(404);
    await stranger.a.post('/api/chat-read.php').set('x-csrf-token', stranger.token).send({ conversation: conv }).expect(404);
    expect(await balance(stranger.id)).to.equal(30);
    await me.a.get('/api/messages.php?conversation=abc').expect(400);
  });

  it('deletes a conversation for one member until a new message arrives; sends gifts from the catalogue', async () => {
    const me = await member({ credits: 100 });
    const other = await member({ credits: 100, name: 'Giftee' });
    const sent = await me.send({ profile: other.profileId, body: 'hi' }).expect(201);
    const conv = sent.body.message.conversation_id as number;
    await other.a.delete('/api/chat.php').set('x-csrf-token', other.token).send({ conversation: conv }).expect(200);
    expect((await other.a.get('/api/chats.php').expect(200)).body.chats).to.deep.equal([]);
    const gifts = (await me.a.get('/api/gifts.php').expect(200)).body.gifts;
    expect(gifts.length).to.be.greaterThan(3);
    expect(gifts[0]).to.have.keys('id', 'slug', 'image', 'credits');
    const gift = await me.send({ conversation: conv, gift: gifts[0].id }).expect(201);
    expect(gift.body.message).to.include({ kind: 'gift', body: null });
    expect(gift.body.message.gift.slug).to.equal(gifts[0].slug);
    expect(gift.body.credits).to.equal(100 - PRICE - gifts[0].credits);
    const back = (await other.a.get('/api/chats.php').expect(200)).body;
    expect(back.chats.map((c: { conversation: { id: number } }) => c.conversation.id)).to.deep.equal([conv]);
    expect(back.chats[0].num_unread_messages).to.equal(1);
    await me.send({ conversation: conv, gift: 999999 }).expect(400);
  });

  it('lists conversations waiting for a fictional reply, and the operator answers for free through the CLI', async () => {
    const me = await member({ credits: 100, name: 'Waiting' });
    const host = await createProfile(db(), env().rt.services.media, { gender: 'male', name: 'Hosty' });
    const sent = await me.send({ profile: host.id, body: 'Are you there?' }).expect(201);
    const conv = sent.body.message.conversation_id as number;
    const inbox = await env().rt.services.operatorChat.inbox({ fictionalId: host.id });
    expect(inbox.map((r) => [Number(r.conversation_id), Number(r.waiting), r.last_body])).to.deep.equal([[conv, 1, 'Are you there?']]);
    // The reply reaches the member's open pages live: through Redis, or without it through the
    // database relay the app process reads (the CLI is another process either way).
    const events = env().rt.services.events;
    let off = () => {};
    const live = new Promise<LiveEvent>((resolve) => {
      off = events.subscribe(me.id, (e) => e.type === 'message' && resolve(e));
    });
    await events.subscribed(me.id);
    const cli = await amoraCli(env(), 'chat', 'reply', '--conversation', String(conv), '--text', 'Yes, hello!');
    expect(cli.stderr).to.equal('');
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the reply did not arrive live')), 5000));
    const arrived = await Promise.race([live, timeout]).finally(off);
    expect(arrived).to.deep.include({ type: 'message' });
    expect((arrived as { message: { body: string } }).message.body).to.equal('Yes, hello!');
    expect(cli.stdout).to.match(/sent message \d+ in conversation #\d+/);
    expect(await env().rt.services.operatorChat.inbox({ fictionalId: host.id })).to.deep.equal([]);
    const history = (await me.a.get(`/api/messages.php?conversation=${conv}`).expect(200)).body.messages;
    expect(history.map((m: { body: string; mine: boolean; read: boolean }) => [m.body, m.mine, m.read])).to.deep.equal([
      ['Are you there?', true, true],
      ['Yes, hello!', false, false],
    ]);
    expect((await me.a.get('/api/chats.php').expect(200)).body.num_unread_messages).to.equal(1);
    expect(await balance(me.id)).to.equal(100 - PRICE);
    // Only conversations with a fictional side can be answered.
    const other = await member({ name: 'Real' });
    const real = await me.send({ profile: other.profileId, body: 'hi' }).expect(201);
    let refused: unknown;
    await env().rt.services.operatorChat.reply(real.body.message.conversation_id, 'nope', { messageLength: 1000 }).catch((e: unknown) => (refused = e));
    expect((refused as { code?: string }).code).to.equal('validation_failed');
  });
});
