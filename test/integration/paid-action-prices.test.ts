// Prices before every paid action (issue 18.4): a message, a photo and a gift each show their credit
// price before the member sends them (the profile's Chat button, the composer, the photo button and
// the gift catalogue), and what is charged is exactly what was shown, for the site's own prices.
import { expect } from 'chai';
import sharp from 'sharp';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import type { ChatPaneProps, Gift } from '../../types/chat.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

const PRICES = { message_credits: 7, photo_credits: 13, gift_credits: 19 };
const OWN_GIFT_PRICE = 31;

/** A page's text as read: React's <!-- --> between neighbouring text parts removed. */
const page = (html: string) => html.replace(/<!-- -->/g, '');

function paneProps(html: string): ChatPaneProps {
  const mark = /data-island="chat-pane" data-props="(island-\d+)"/.exec(html);
  if (!mark) throw new Error('no chat pane on the page');
  return JSON.parse(new RegExp(`<script type="application/json" id="${mark[1]}">(.*?)</script>`, 's').exec(html)![1]!) as ChatPaneProps;
}

describeEachBackend('prices before paid actions', (env) => {
  const db = () => env().rt.db;
  let pricedGift = 0;

  before(async () => {
    await env().rt.services.sites.updateSettings('localhost', PRICES);
    pricedGift = Number((await db()('gifts').where({ is_active: true }).orderBy('position', 'desc').first('id')).id);
    await db()('gifts').where({ id: pricedGift }).update({ credits: OWN_GIFT_PRICE });
  });
  after(async () => {
    await env().rt.services.sites.updateSettings('localhost', {}, Object.keys(PRICES));
    await db()('gifts').where({ id: pricedGift }).update({ credits: null });
  });

  it('shows the price of a message, a photo and each gift before sending, and charges exactly that', async () => {
    const m = await createMember(db(), { name: 'Penny' });
    await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: 500, reason: 'grant' }));
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const target = await createProfile(db(), env().rt.services.media, { name: 'Theo', gender: 'male' });

    // The profile's primary action says what a message costs.
    const profile = page((await a.get(`/members/${target.id}`).expect(200)).text);
    expect(profile).to.match(/data-testid="profile-chat"[^>]*>.*?profile__chat-price"><span[^>]*> · <\/span>7 credits</s);

    // The composer: the message and photo prices, and the photo button's own label, before anything is sent.
    const chat = page((await a.get(`/members/${target.id}/chat`).expect(200)).text);
    expect(paneProps(chat).price).to.include({ messageCredits: 7, photoCredits: 13 });
    expect(chat).to.match(/data-testid="chat-price"[^>]*>1 message = 7 credits.*?1 photo = 13 credits</s);
    expect(chat).to.include('aria-label="Send a photo (13 credits)"');

    // The gift catalogue: each gift with its price (the site's, or the gift's own).
    const gifts = (await a.get('/api/gifts.php').expect(200)).body.gifts as Gift[];
    expect(gifts.length).to.be.greaterThan(1);
    for (const g of gifts) expect(g.credits, g.slug).to.equal(g.id === pricedGift ? OWN_GIFT_PRICE : PRICES.gift_credits);

    // What each send costs is what was shown.
    const spent = async () => (await db()('credit_ledger').where({ user_id: m.id }).andWhere('delta', '<', 0).orderBy('id').select('delta', 'reason')).map((r: { delta: number | string; reason: string }) => [r.reason, -Number(r.delta)]);
    const sent = await a.post('/api/messages.php').set('x-csrf-token', token).send({ profile: target.id, body: 'Hi Theo', client_id: `price-text-${m.id}` }).expect(201);
    const conversation = Number(sent.body.message.conversation_id);
    const picture = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#58a' } }).jpeg().toBuffer();
    await a.post('/api/messages.php').set('x-csrf-token', token).field('conversation', String(conversation)).field('client_id', `price-photo-${m.id}`).attach('photo', picture, 'p.jpg').expect(201);
    const otherGift = gifts.find((g) => g.id !== pricedGift)!;
    await a.post('/api/messages.php').set('x-csrf-token', token).send({ conversation, gift: otherGift.id, client_id: `price-gift1-${m.id}` }).expect(201);
    await a.post('/api/messages.php').set('x-csrf-token', token).send({ conversation, gift: pricedGift, client_id: `price-gift2-${m.id}` }).expect(201);
    expect(await spent()).to.deep.equal([['message', 7], ['photo', 13], ['gift', PRICES.gift_credits], ['gift', OWN_GIFT_PRICE]]);
    expect(Number((await db()('users').where({ id: m.id }).first('credits')).credits)).to.equal(500 - 7 - 13 - 19 - 31);
  });
});
