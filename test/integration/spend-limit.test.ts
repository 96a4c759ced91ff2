// The daily spending limit (issue 18.3): set and lowered at once, raised and removed from the
// member's next day; messages, gifts and photos count and are refused over it with a message that
// names the limit; a new day starts from nothing; the limit holds under parallel sends, with the
// ledger right (`amora credits audit`).
import { expect } from 'chai';
import sharp from 'sharp';
import type { LiveEvent } from '../../types/events.js';
import type { ChatPaneProps } from '../../types/chat.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { addDays, dayKey, zoneOfCountry } from '../../server/lib/local-days.js';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

const PRICE = 10; // the default message_credits
const PHOTO_PRICE = 20; // the default photo_credits
const PENNY_SITE = 'pennies.localhost'; // messages cost 1 credit there

function paneProps(html: string): ChatPaneProps {
  const mark = /data-island="chat-pane" data-props="(island-\d+)"/.exec(html);
  const script = new RegExp(`<script type="application/json" id="${mark![1]}">(.*?)</script>`, 's').exec(html);
  return JSON.parse(script![1]!) as ChatPaneProps;
}

describeEachBackend('daily spending limit', (env) => {
  const db = () => env().rt.db;
  let seq = 0;
  const clientId = () => `s${Date.now().toString(36)}${(seq++).toString(36).padStart(4, '0')}x`;
  const london = () => dayKey(zoneOfCountry('GB'), Date.now());

  async function member(o: { credits?: number; country?: string; host?: string; siteId?: number } = {}) {
    const m = await createMember(db(), { name: 'Spender', siteId: o.siteId });
    if (o.country) await db()('profiles').where({ user_id: m.id }).update({ country: o.country });
    if (o.credits) await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: o.credits!, reason: 'grant' }));
    const a = o.host ? await loggedInAgent(env().app, m.email, m.password, o.host) : await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    const send = (body: Record<string, unknown>) => a.post('/api/messages.php').set('x-csrf-token', token).send({ client_id: clientId(), ...body });
    const setLimit = (value: string) => a.post('/settings/spend-limit').type('form').send({ _csrf: token, daily_limit: value });
    const removeLimit = () => a.post('/settings/spend-limit/remove').type('form').send({ _csrf: token });
    return { ...m, a, token, profileId, send, setLimit, removeLimit };
  }
  const fictional = async () => (await createProfile(db(), env().rt.services.media, { gender: 'male' })).id;
  const row = async (id: number) => db()('users').where({ id }).first('credits', 'daily_limit', 'pending_limit', 'pending_from', 'spent_day', 'spent_today', 'spend_zone');
  const status = (id: number, country = 'GB') => env().rt.services.spendLimit.status(id, country);
  const ledgerSum = async (id: number) => Number((await db()('credit_ledger').where({ user_id: id }).sum({ s: 'delta' }).first())?.s ?? 0);

  it('sets a limit at once; lowering holds at once, raising and removing only from the next day', async () => {
    const me = await member();
    const none = await me.a.get('/settings').expect(200);
    expect(none.text).to.include('data-testid="spend-limit-none"');

    const set = await me.setLimit(' 50 ').expect(303);
    expect(set.headers.location).to.equal('/settings?spend=now#spend-limit');
    expect(await row(me.id)).to.include({ daily_limit: 50, pending_limit: null, pending_from: null, spent_day: london(), spent_today: 0, spend_zone: 'Europe/London' });
    const page = await me.a.get('/settings?spend=now').expect(200);
    expect(page.text).to.match(/data-testid="spend-limit-current" data-limit="50" data-left="50"/);
    expect(page.text).to.include('Your daily limit is saved and holds from now on.');

    await me.setLimit('30').expect(303).expect('location', '/settings?spend=now#spend-limit');
    expect(await status(me.id)).to.deep.equal({ limit: 30, spentToday: 0, leftToday: 30, pending: null });

    await me.setLimit('80').expect(303).expect('location', '/settings?spend=tomorrow#spend-limit');
    const tomorrow = addDays(london());
    expect(await row(me.id)).to.include({ daily_limit: 30, pending_limit: 80, pending_from: tomorrow });
    const raised = await status(me.id);
    expect(raised.limit).to.equal(30);
    expect(raised.pending).to.deep.equal({ limit: 80, from: `${String(tomorrow).slice(0, 4)}-${String(tomorrow).slice(4, 6)}-${String(tomorrow).slice(6)}` });
    const pendingPage = await me.a.get('/settings?spend=tomorrow').expect(200);
    expect(pendingPage.text).to.include('data-testid="spend-limit-pending"').and.include('your limit will be 80 credits a day');

    // Lowering again cancels the waiting raise and holds at once.
    await me.setLimit('20').expect(303).expect('location', '/settings?spend=now#spend-limit');
    expect(await row(me.id)).to.include({ daily_limit: 20, pending_limit: null, pending_from: null });
    // The same number again changes nothing.
    await me.setLimit('20').expect(303).expect('location', '/settings?spend=unchanged#spend-limit');

    await me.removeLimit().expect(303).expect('location', '/settings?spend=tomorrow#spend-limit');
    expect(await row(me.id)).to.include({ daily_limit: 20, pending_limit: null, pending_from: tomorrow });
    expect((await status(me.id)).pending).to.deep.include({ limit: null });
    const removing = await me.a.get('/settings').expect(200);
    expect(removing.text).to.include('you will have no limit').and.not.include('data-testid="spend-limit-remove"');
    // Setting a number again keeps a limit: the waiting removal is gone.
    await me.setLimit('20').expect(303).expect('location', '/settings?spend=now#spend-limit');
    expect(await row(me.id)).to.include({ daily_limit: 20, pending_from: null });
  });

  it('refuses a number that is not a whole number from 1 to 100000, in the member\'s language, changing nothing', async () => {
    const me = await member();
    await me.setLimit('40').expect(303);
    await me.a.post('/settings/language').type('form').send({ _csrf: me.token, language: 'de' }).expect(303);
    for (const bad of ['', 'abc', '0', '-5', '1.5', '100001', '9999999999', '1e3']) {
      const res = await me.setLimit(bad).expect(400);
      expect(res.text, bad).to.include('Gib eine ganze Zahl von 1 bis 100.000 Credits ein.');
      expect(res.text).to.match(/<input[^>]*aria-invalid="true"[^>]*>/).and.match(/<input[^>]*name="daily_limit"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="daily_limit"/);
    }
    const res = await me.a.post('/settings/spend-limit').type('form').send({ _csrf: me.token, daily_limit: ['5', '6'] }).expect(400);
    expect(res.text).to.include('Gib eine ganze Zahl');
    expect(await row(me.id)).to.include({ daily_limit: 40, pending_from: null });
    await me.setLimit('100000').expect(303);
    expect(await row(me.id)).to.include({ daily_limit: 40, pending_limit: 100000 });
    // Visitors are sent to the login page.
    const visitor = agent(env().app);
    const login = await visitor.get('/login').expect(200);
    await visitor.post('/settings/spend-limit').type('form').send({ _csrf: csrfFrom(login.text), daily_limit: '5' }).expect(303).expect('location', /^\/login/);
  });

  it('refuses a send over the limit with a message naming it, charging nothing; the composer and the answer show what is left', async () => {
    const me = await member({ credits: 200 });
    const to = await fictional();
    await me.setLimit('25').expect(303);
    const events: LiveEvent[] = [];
    const unsubscribe = env().rt.services.events.subscribe(me.id, (e: LiveEvent) => void events.push(e));
    await env().rt.services.events.subscribed(me.id);
    try {
      const first = await me.send({ profile: to, body: 'one' }).expect(201);
      expect(first.body).to.include({ credits: 190, left_today: 15 });
      await me.send({ profile: to, body: 'two' }).expect(201);
      const third = await me.send({ profile: to, body: 'three' }).expect(403);
      expect(third.body.error).to.deep.include({
        code: 'spend_limit_reached',
        message: 'That costs more than the 5 credits left today of your daily limit of 25 credits. You can spend more again tomorrow.',
      });
      expect(await row(me.id)).to.include({ credits: 180, spent_today: 20 });
      expect(await db()('messages').where({ sender_profile_id: me.profileId })).to.have.length(2);
      // With Redis the event comes back through pub/sub: wait for it (bounded).
      for (let i = 0; i < 100 && !events.some((e) => e.type === 'credits' && e.credits === 180); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(events.filter((e) => e.type === 'credits')).to.deep.include({ type: 'credits', credits: 180, left_today: 5 });
    } finally {
      unsubscribe();
    }
    const conversation = (await db()('messages').where({ sender_profile_id: me.profileId }).first('conversation_id')).conversation_id;
    const chatPage = (await me.a.get(`/chats/${conversation}`).expect(200)).text;
    expect(paneProps(chatPage)).to.include({ credits: 180, leftToday: 5 });
    // Rendered on the server too: what is left, and that it pays for no message.
    expect(chatPage).to.include('5 credits left today').and.include('A message costs 10 credits, more than the 5 left of today');

    // Lowered under what was spent: nothing more today, and the message says the limit is reached.
    await me.setLimit('20').expect(303);
    const refused = await me.send({ profile: to, body: 'four' }).expect(403);
    expect(refused.body.error.message).to.equal('You have reached your daily limit of 20 credits. You can spend again tomorrow.');
    // Without JavaScript the form comes back to the conversation with the same message.
    const form = await me.a.post(`/chats/send?_csrf=${encodeURIComponent(me.token)}`).field('conversation', String(conversation)).field('body', 'five').field('client_id', clientId());
    expect(form.status).to.equal(303);
    expect(form.headers.location).to.equal(`/chats/${conversation}?error=spendLimitReached`);
    const back = paneProps((await me.a.get(form.headers.location!).expect(200)).text);
    expect(back.formError).to.deep.equal({ message: 'You have reached your daily limit of 20 credits. You can spend again tomorrow.', creditsLink: false });
    expect(back.leftToday).to.equal(0);
    // Short of credits and within the limit is still "not enough credits" (402).
    const poor = await member({ credits: 5 });
    await poor.setLimit('100').expect(303);
    expect((await poor.send({ profile: to, body: 'hi' }).expect(402)).body.error.code).to.equal('insufficient_credits');
    expect(paneProps((await poor.a.get(`/members/${to}/chat`).expect(200)).text).leftToday).to.equal(100);
    // Without a limit nothing is counted or shown.
    const free = await member({ credits: 50 });
    expect((await free.send({ profile: to, body: 'hi' }).expect(201)).body).to.include({ credits: 40, left_today: null });
    expect(await row(free.id)).to.include({ spent_today: 0, spent_day: null });
  });

  it('names the limit in the member\'s language (Polish)', async () => {
    const me = await member({ credits: 100, country: 'PL' });
    await me.a.post('/settings/language').type('form').send({ _csrf: me.token, language: 'pl' }).expect(303);
    await me.setLimit('10').expect(303);
    expect(await row(me.id)).to.include({ spend_zone: 'Europe/Warsaw', spent_day: dayKey('Europe/Warsaw', Date.now()) });
    const to = await fictional();
    await me.send({ profile: to, body: 'cześć' }).expect(201);
    const res = await me.send({ profile: to, body: 'jeszcze raz' }).expect(403);
    expect(res.body.error.message).to.equal('Wykorzystano twój dzienny limit wydatków (limit w kredytach: 10). Jutro znów możesz wydawać kredyty.');
  });

  it('counts gifts and photos, and what was spent earlier today when a limit is set', async () => {
    const me = await member({ credits: 500 });
    const to = await fictional();
    const sent = await me.send({ profile: to, body: 'before the limit' }).expect(201);
    const conversation = sent.body.message.conversation_id as number;
    const gifts = (await me.a.get('/api/gifts.php').expect(200)).body.gifts as { id: number; credits: number }[];
    const gift = gifts[0]!;
    await me.send({ conversation, gift: gift.id }).expect(201);
    // The limit counts today's message and gift already.
    await me.setLimit(String(PRICE + gift.credits + PHOTO_PRICE + 5)).expect(303);
    expect(await status(me.id)).to.include({ spentToday: PRICE + gift.credits, leftToday: PHOTO_PRICE + 5 });

    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#6a9' } }).jpeg().toBuffer();
    const sendPhoto = () => me.a.post('/api/messages.php').set('x-csrf-token', me.token).field('conversation', String(conversation)).field('client_id', clientId()).attach('photo', photo, 'p.jpg');
    const ok = await sendPhoto().expect(201);
    expect(ok.body).to.include({ left_today: 5 });
    expect((await sendPhoto().expect(403)).body.error).to.include({ code: 'spend_limit_reached' });
    const giftRefused = await me.send({ conversation, gift: gift.id }).expect(403);
    expect(giftRefused.body.error.message).to.include(`of your daily limit of ${PRICE + gift.credits + PHOTO_PRICE + 5} credits`);
    expect(await db()('messages').where({ sender_profile_id: me.profileId })).to.have.length(3);
    expect(await row(me.id)).to.include({ credits: 500 - PRICE - gift.credits - PHOTO_PRICE, spent_today: PRICE + gift.credits + PHOTO_PRICE });
  });

  it('starts a new day from nothing, and a raise or removal holds once its day has come', async () => {
    const me = await member({ credits: 300 });
    const to = await fictional();
    await me.setLimit('10').expect(303);
    await me.send({ profile: to, body: 'today' }).expect(201);
    await me.send({ profile: to, body: 'too much' }).expect(403);
    // Yesterday's spending: today starts from nothing.
    const yesterday = addDays(london(), -1);
    await db()('users').where({ id: me.id }).update({ spent_day: yesterday });
    expect(await status(me.id)).to.include({ spentToday: 0, leftToday: 10 });
    expect((await me.send({ profile: to, body: 'a new day' }).expect(201)).body.left_today).to.equal(0);
    expect(await row(me.id)).to.include({ spent_day: london(), spent_today: PRICE });

    // A raise asked for yesterday holds today, on the next send already.
    await me.setLimit('30').expect(303);
    await db()('users').where({ id: me.id }).update({ pending_from: london() });
    expect(await status(me.id)).to.include({ limit: 30, leftToday: 20, pending: null });
    expect((await me.send({ profile: to, body: 'raised' }).expect(201)).body.left_today).to.equal(10);
    // The settings write stores what already held.
    await me.setLimit('30').expect(303).expect('location', '/settings?spend=unchanged#spend-limit');
    expect(await row(me.id)).to.include({ daily_limit: 30, pending_limit: null, pending_from: null });

    // A removal asked for yesterday: no limit today.
    await me.removeLimit().expect(303);
    expect((await me.send({ profile: to, body: 'still limited' }).expect(201)).body.left_today).to.equal(0);
    await me.send({ profile: to, body: 'over' }).expect(403);
    await db()('users').where({ id: me.id }).update({ pending_from: london() });
    expect(await status(me.id)).to.deep.equal({ limit: null, spentToday: 0, leftToday: null, pending: null });
    expect((await me.send({ profile: to, body: 'free again' }).expect(201)).body.left_today).to.equal(null);
    const page = await me.a.get('/settings').expect(200);
    expect(page.text).to.include('data-testid="spend-limit-none"');
  });

  it('counts the day in the zone of the member\'s country', async () => {
    const me = await member({ credits: 100, country: 'NZ' });
    await me.setLimit('15').expect(303);
    expect(await row(me.id)).to.include({ spend_zone: 'Pacific/Auckland', spent_day: dayKey('Pacific/Auckland', Date.now()) });
    await me.send({ profile: await fictional(), body: 'kia ora' }).expect(201);
    expect(await row(me.id)).to.include({ spent_day: dayKey('Pacific/Auckland', Date.now()), spent_today: PRICE });
  });

  it('holds under 30 parallel sends of 1 credit with a limit of 10: exactly 10 stored and charged, the ledger right', async () => {
    const { sites } = env().rt.services;
    const site = (await sites.findByDomain(PENNY_SITE)) ?? (await sites.add({ domain: PENNY_SITE, name: 'Pennies', aliases: [], settings: { message_credits: 1 } }));
    const me = await member({ credits: 100, siteId: site.id, host: PENNY_SITE });
    const to = await fictional();
    await me.setLimit('10').expect(303);
    // All to one profile with no conversation yet: the first ones also race to open it.
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => me.send({ profile: to, body: `parallel ${i}` })));
    expect(results.filter((r) => r.status === 201)).to.have.length(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).to.have.length(20);
    for (const r of refused) expect(r.body.error).to.include({ code: 'spend_limit_reached', message: 'You have reached your daily limit of 10 credits. You can spend again tomorrow.' });
    expect(results.map((r) => r.body.left_today).filter((l) => l !== undefined).sort((a, b) => a - b)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await db()('messages').where({ sender_profile_id: me.profileId })).to.have.length(10);
    expect(await db()('conversations').where({ profile_low_id: Math.min(me.profileId, to), profile_high_id: Math.max(me.profileId, to) })).to.have.length(1);
    expect(await row(me.id)).to.include({ credits: 90, spent_today: 10 });
    expect(await ledgerSum(me.id)).to.equal(90);
    expect(await db()('credit_ledger').where({ user_id: me.id, reason: 'message' })).to.have.length(10);
    expect((await env().rt.services.credits.audit({ userId: me.id })).mismatches).to.deep.equal([]);
  });
});
