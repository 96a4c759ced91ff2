// Chat in Chromium, on phone and desktop: two members in two browser contexts write to each other
// (the first message from the member's profile, the reply live), read ticks, a gift from the
// catalogue, a photo (previewed with its price, arriving live, opened full size), running out of
// credits (led to the credits page) and deleting a conversation.
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { createE2eMember, logIn as logInAs, serverDb, type E2eMember } from './members.js';
import { SCREENSHOTS, VIEWPORTS, openPage, useHarness } from './harness.js';

describe('chat in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  async function newMember(name: string, credits = 0): Promise<E2eMember> {
    const m = await createE2eMember(db, name, { gender: 'female', birthDate: '1990-05-05' });
    if (credits) await db.transaction((tx) => applyCreditDelta(tx as never, { userId: m.userId, delta: credits, reason: 'grant' }));
    return m;
  }

  const logIn = (page: Page, m: E2eMember) => logInAs(page, harness().baseUrl, m);

  async function openChat(page: Page, path: string) {
    await page.goto(harness().baseUrl + path);
    await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
  }

  const message = (page: Page, text: string) => page.locator('[data-testid="chat-message"]', { hasText: text });

  /** Waits for a message to arrive on a page that stays open: live, through GET /api/events. */
  const waitForIncoming = (page: Page, text: string) => message(page, text).waitFor({ timeout: 10_000 });

  async function send(page: Page, text: string) {
    await page.getByTestId('chat-input').fill(text);
    await page.getByTestId('chat-input').press('Enter');
    await message(page, text).and(page.locator('[data-state="sent"]')).waitFor();
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    describe(viewport, () => {
      it('two members chat: the first message from the profile, the answer arrives, read ticks, a gift', async () => {
        const ada = await newMember(`Ada${viewport}`, 200);
        const bo = await newMember(`Bo${viewport}`, 100);
        const a = await openPage(harness().browser, viewport);
        const b = await openPage(harness().browser, viewport);
        await logIn(a.page, ada);
        await logIn(b.page, bo);

        // Ada starts from Bo's profile: an empty conversation with the price shown before sending.
        await openChat(a.page, `/members/${bo.profileId}/chat`);
        expect(await a.page.getByTestId('chat-price').textContent()).to.include('1 message = 10 credits');
        await send(a.page, 'Hi Bo, nice profile!');
        await a.page.waitForURL(/\/chats\/\d+$/);
        const conv = Number(/\/chats\/(\d+)$/.exec(a.page.url())![1]);
        expect(await a.page.getByTestId('chat-credits').getAttribute('data-credits')).to.equal('190');
        // A new line with Shift+Enter stays in the composer.
        await a.page.getByTestId('chat-input').fill('line one');
        await a.page.getByTestId('chat-input').press('Shift+Enter');
        await a.page.getByTestId('chat-input').pressSequentially('line two');
        expect(await a.page.getByTestId('chat-input').inputValue()).to.equal('line one\nline two');
        await a.page.getByTestId('chat-input').press('Enter');
        await message(a.page, 'line two').and(a.page.locator('[data-state="sent"]')).waitFor();

        // Bo sees the conversation with its unread badge, opens it: read.
        await openChat(b.page, '/chats');
        const item = b.page.locator(`.chat-item[data-conversation-id="${conv}"]`);
        expect(await item.getByTestId('chat-unread').textContent()).to.equal('2');
        await b.page.screenshot({ path: join(SCREENSHOTS, `${viewport}-chat-list.png`) });
        await Promise.all([b.page.waitForURL(new RegExp(`/chats/${conv}$`)), item.click()]);
        await b.page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
        await message(b.page, 'Hi Bo, nice profile!').waitFor();
        expect(await b.page.getByTestId('messages-badge').count()).to.equal(0);

        // Ada writes again while Bo's page is open; Bo answers.
        await send(a.page, 'How is your day going?');
        await waitForIncoming(b.page, 'How is your day going?');
        await send(b.page, 'Great, thanks for asking 😊');
        await waitForIncoming(a.page, 'Great, thanks for asking');
        // Bo has read Ada's messages: her ticks say so (live, or after the reload above).
        await a.page.locator('[data-mine="true"] [data-read="true"]').first().waitFor();

        // A gift from the catalogue.
        await a.page.getByTestId('chat-gift-button').click();
        await a.page.getByTestId('chat-gift').first().waitFor();
        await a.page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.chat-gift img')].every((img) => img.complete));
        await a.page.screenshot({ path: join(SCREENSHOTS, `${viewport}-chat-gifts.png`) });
        const before = Number(await a.page.getByTestId('chat-credits').getAttribute('data-credits'));
        await a.page.getByTestId('chat-gift').first().click();
        await a.page.locator('.chat-msg--gift[data-state="sent"]').waitFor();
        expect(Number(await a.page.getByTestId('chat-credits').getAttribute('data-credits'))).to.equal(before - 25);
        expect(await db('messages').where({ conversation_id: conv, kind: 'gift' })).to.have.length(1);
        await a.page.screenshot({ path: join(SCREENSHOTS, `${viewport}-chat-conversation.png`) });
        await waitForIncoming(b.page, 'Gift: Rose');
        await b.page.screenshot({ path: join(SCREENSHOTS, `${viewport}-chat-conversation-partner.png`) });

        // Stored once each, charged once each: 3 messages × 10 + a gift of 25.
        expect(await db('messages').where({ conversation_id: conv })).to.have.length(5);
        expect(Number((await db('users').where({ id: ada.userId }).first('credits')).credits)).to.equal(200 - 30 - 25);

        // Ada deletes the conversation: gone from her list at once, and on the server.
        a.page.once('dialog', (d) => void d.accept());
        await a.page.locator('.chat-head__menu-button').click();
        await a.page.getByTestId('chat-delete').click();
        await a.page.waitForURL(/\/chats$/);
        expect(await a.page.locator(`.chat-item[data-conversation-id="${conv}"]`).count()).to.equal(0);
        await expectEventually(async () => (await db('conversation_participants').where({ conversation_id: conv, profile_id: ada.profileId }).first('deleted_at')).deleted_at !== null);

        expect(a.errors).to.deep.equal([]);
        expect(b.errors).to.deep.equal([]);
        await a.context.close();
        await b.context.close();
      });

      it('sends a photo: previewed with its price, stored once and charged, the partner sees it live and opens it', async () => {
        const cam = await newMember(`Cam${viewport}`, 100);
        const dee = await newMember(`Dee${viewport}`);
        const a = await openPage(harness().browser, viewport);
        const b = await openPage(harness().browser, viewport);
        await logIn(a.page, cam);
        await logIn(b.page, dee);
        await openChat(a.page, `/members/${dee.profileId}/chat`);
        await send(a.page, 'Look at this view');
        await a.page.waitForURL(/\/chats\/\d+$/);
        const conv = Number(/\/chats\/(\d+)$/.exec(a.page.url())![1]);
        await openChat(b.page, `/chats/${conv}`);
        await message(b.page, 'Look at this view').waitFor();

        // A landscape in warm colours, with a caption.
        const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f4a259' } })
          .composite([{ input: Buffer.from('<svg width="1200" height="800"><circle cx="850" cy="260" r="120" fill="#fff3b0"/><rect y="520" width="1200" height="280" fill="#2a9d8f"/></svg>'), top: 0, left: 0 }])
          .jpeg()
          .toBuffer();
        await a.page.getByTestId('chat-photo-input').setInputFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: picture });
        await a.page.getByTestId('chat-attachment').waitFor();
        expect(await a.page.getByTestId('chat-photo-price').textContent()).to.equal('1 photo = 20 credits');
        expect(await a.page.getByTestId('chat-price').textContent()).to.equal('1 photo = 20 credits');
        await a.page.getByTestId('chat-input').fill('Sunset at the lake');
        await a.page.screenshot({ path: join(SCREENSHOTS, `${viewport}-chat-photo-preview.png`) });
        await a.page.getByTestId('chat-input').press('Enter');
        await a.page.locator('.chat-msg--photo[data-state="sent"]').waitFor();
        expect(await a.page.getByTestId('chat-attachment').count()).to.equal(0);
        expect(await a.page.getByTestId('chat-credits').getAttribute('data-credits')).to.equal(String(100 - 10 - 20));

        // Dee's open page gets it live, and the picture loads for her.
        const incoming = b.page.locator('.chat-msg--photo', { hasText: 'Sunset at the lake' });
        await incoming.waitFor({ timeout: 10_000 });
        await b.page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.chat-msg__photo img')].every((img) => img.complete && img.naturalWidth > 0));
        await b.page.screenshot({ path: join(SCREENSHOTS, `${viewport}-chat-photo-partner.png`) });
        await incoming.getByTestId('chat-photo').click();
        const viewer = b.page.getByTestId('chat-photo-viewer');
        await viewer.locator('img').waitFor();
        await b.page.waitForFunction(() => {
          const img = document.querySelector<HTMLImageElement>('.chat-photo-viewer img');
          return Boolean(img?.complete && img.naturalWidth === 1200);
        });
        await b.page.screenshot({ path: join(SCREENSHOTS, `${viewport}-chat-photo-full.png`) });
        await b.page.keyboard.press('Escape');
        await viewer.locator('img').waitFor({ state: 'detached' });

        const stored = await db('messages').where({ conversation_id: conv, kind: 'photo' });
        expect(stored).to.have.length(1);
        expect(stored[0]).to.include({ body: 'Sunset at the lake', credits_spent: 20 });
        // Another member cannot fetch it, even with its address.
        const src = (await incoming.locator('img').getAttribute('src'))!;
        const stranger = await newMember(`Stranger${viewport}`);
        const c = await openPage(harness().browser, viewport);
        await logIn(c.page, stranger);
        expect((await c.page.request.get(harness().baseUrl + src)).status()).to.equal(404);
        expect((await b.page.request.get(harness().baseUrl + src)).status()).to.equal(200);

        expect(a.errors).to.deep.equal([]);
        expect(b.errors).to.deep.equal([]);
        await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
      });

      it('pages back through a long history when scrolled to the top', async () => {
        const talker = await newMember(`Talker${viewport}`, 1000);
        const other = await newMember(`Quiet${viewport}`);
        const { context, page, errors } = await openPage(harness().browser, viewport);
        await logIn(page, talker);
        const token = (await page.locator('meta[name="csrf-token"]').getAttribute('content'))!;
        let conv = 0;
        for (let i = 0; i < 40; i++) {
          const res = await page.request.post(`${harness().baseUrl}/api/messages.php`, {
            headers: { 'x-csrf-token': token },
            data: { ...(conv ? { conversation: conv } : { profile: other.profileId }), body: `history ${i}`, client_id: `hist${viewport}${i}x${Date.now()}` },
          });
          expect(res.status()).to.equal(201);
          conv = ((await res.json()) as { message: { conversation_id: number } }).message.conversation_id;
        }
        await openChat(page, `/chats/${conv}`);
        expect(await page.getByTestId('chat-message').count()).to.equal(30);
        // It opens at the newest message.
        const thread = (await page.locator('.chat-thread').boundingBox())!;
        const newest = (await message(page, 'history 39').boundingBox())!;
        expect(newest.y + newest.height).to.be.within(thread.y, thread.y + thread.height + 1);
        await page.locator('.chat-thread').evaluate((el) => el.scrollTo({ top: -el.scrollHeight }));
        await message(page, 'history 0').waitFor({ state: 'attached' });
        expect(await page.getByTestId('chat-message').count()).to.equal(40);
        expect(await page.locator('.chat-thread__older').count()).to.equal(0);
        expect(errors).to.deep.equal([]);
        await context.close();
      });

      it('reads and sends without JavaScript', async () => {
        const me = await newMember(`Plain${viewport}`, 100);
        const other = await newMember(`Reader${viewport}`);
        const context = await harness().browser.newContext({ viewport: VIEWPORTS[viewport], javaScriptEnabled: false });
        const page = await context.newPage();
        await logIn(page, me);
        await page.goto(`${harness().baseUrl}/members/${other.profileId}/chat`);
        await page.getByTestId('chat-input').fill('Sent by a plain form');
        await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId('chat-send').click()]);
        await message(page, 'Sent by a plain form').waitFor();
        await page.getByTestId('chat-input').fill('And another one');
        // Already on /chats/{id}: waiting for that address would not wait for the answer's page.
        await page.getByTestId('chat-send').click();
        await message(page, 'And another one').waitFor();
        expect(await page.getByTestId('chat-message').count()).to.equal(2);
        expect(await page.getByTestId('chat-gift-button').count()).to.equal(0);
        expect(Number((await db('users').where({ id: me.userId }).first('credits')).credits)).to.equal(80);
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-chat-no-javascript.png`) });
        await page.locator('.chat-head__menu-button').click();
        await Promise.all([page.waitForURL(/\/chats$/), page.getByTestId('chat-delete').click()]);
        expect(await page.locator('.chat-item').count()).to.equal(0);
        await context.close();
      });

      it('a member without enough credits is told so and led to the credits page', async () => {
        const poor = await newMember(`Poor${viewport}`, 5);
        const other = await newMember(`Rich${viewport}`);
        const { context, page, errors } = await openPage(harness().browser, viewport);
        await logIn(page, poor);
        await openChat(page, `/members/${other.profileId}/chat`);
        await page.getByTestId('chat-input').fill('Hello, can we talk?');
        await page.getByTestId('chat-input').press('Enter');
        const error = page.getByTestId('chat-error');
        await error.waitFor();
        expect(await error.textContent()).to.include('You do not have enough credits');
        // Nothing lost: the message is back in the composer, nothing stored or charged.
        expect(await page.getByTestId('chat-input').inputValue()).to.equal('Hello, can we talk?');
        expect(await page.getByTestId('chat-message').count()).to.equal(0);
        expect(Number((await db('users').where({ id: poor.userId }).first('credits')).credits)).to.equal(5);
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-chat-no-credits.png`) });
        // The refused send is the 402 itself, which Chromium logs; nothing else may go wrong.
        expect(errors.filter((e) => !e.includes('status of 402'))).to.deep.equal([]);
        if (viewport === 'phone') {
          // Held sideways, the gift catalogue above the error stays on the screen, top to bottom.
          await page.setViewportSize({ width: 740, height: 360 });
          await page.getByTestId('chat-gift-button').click();
          const gifts = (await page.getByTestId('chat-gifts').boundingBox())!;
          expect(gifts.y, 'gift catalogue top').to.be.at.least(0);
          expect(gifts.y + gifts.height, 'gift catalogue above the error').to.be.at.most((await error.boundingBox())!.y);
          await page.getByTestId('chat-gift-button').click();
        }
        await Promise.all([page.waitForURL(/\/credits$/), page.getByTestId('chat-buy-credits').click()]);
        await context.close();
      });
    });
  }

  describe('phone layout', () => {
    const PHONE = VIEWPORTS.phone;

    /** The box of the first match; fails when it is not rendered. */
    async function box(page: Page, selector: string) {
      const b = await page.locator(selector).first().boundingBox();
      expect(b, selector).to.not.equal(null);
      return b!;
    }

    /** A round avatar: a square box, the photo filling it cut to a circle. */
    async function expectRoundAvatar(page: Page, selector: string) {
      const avatar = await box(page, selector);
      expect(Math.abs(avatar.width - avatar.height), `${selector} is square`).to.be.below(0.5);
      const look = await page.locator(selector).first().evaluate((el) => {
        const img = el.querySelector('img');
        const r = img?.getBoundingClientRect();
        return { radius: getComputedStyle(el).borderRadius, fit: img ? getComputedStyle(img).objectFit : null, imgRadius: img ? getComputedStyle(img).borderRadius : null, img: r ? [r.width, r.height] : null };
      });
      expect(look.radius).to.equal('50%');
      expect(look.fit).to.equal('cover');
      expect(look.imgRadius).to.equal('50%');
      expect(look.img).to.deep.equal([avatar.width, avatar.height]);
      return avatar;
    }

    /** The open conversation as a messaging app: its own header only, the composer on screen, no sideways scrolling. */
    async function expectFullScreenChat(page: Page) {
      expect(await page.locator('header:visible').count(), 'visible headers').to.equal(1);
      expect(await page.locator('header.chat-head').isVisible()).to.equal(true);
      expect(await page.locator('.topbar').isVisible(), 'site top bar').to.equal(false);
      const head = await box(page, '.chat-head');
      expect(head.y).to.equal(0);
      for (const selector of ['.chat-compose', '[data-testid="chat-input"]', '[data-testid="chat-send"]']) {
        const b = await box(page, selector);
        expect(b.y, selector).to.be.at.least(head.y + head.height);
        expect(b.y + b.height, selector).to.be.at.most(PHONE.height + 0.5);
        expect(b.x + b.width, selector).to.be.at.most(PHONE.width + 0.5);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(PHONE.width);
      await expectRoundAvatar(page, '.chat-head .chat-avatar');
    }

    it('on a 390 px phone an open chat is the whole screen with one header and round avatars; /chats shows the tab bar', async () => {
      const me = await newMember('Lena Phone', 200);
      // A demo profile with photos: the avatars show real (portrait, 2:3) pictures.
      const partner = (await db('profiles').whereNull('user_id').whereExists(db('photos').whereRaw('photos.profile_id = profiles.id')).first('id')) as { id: number };
      const { context, page, errors } = await openPage(harness().browser, 'phone');
      await logIn(page, me);

      // The first conversation: the large avatar sits above the hint, never over it.
      await openChat(page, `/members/${partner.id}/chat`);
      await expectFullScreenChat(page);
      const start = await expectRoundAvatar(page, '.chat-start .chat-avatar');
      const hint = await box(page, '.chat-start p');
      expect(start.y + start.height).to.be.at.most(hint.y);
      await page.screenshot({ path: join(SCREENSHOTS, 'phone-chat-start.png') });

      await send(page, 'Hello from a phone');
      await page.waitForURL(/\/chats\/\d+$/);
      await page.reload();
      await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
      await expectFullScreenChat(page);

      // The list: the member tab bar at the bottom, round avatars inside their rows.
      await openChat(page, '/chats');
      const tabs = page.locator('[data-island="live-badges"] nav');
      expect(await tabs.isVisible(), 'tab bar').to.equal(true);
      expect(await tabs.locator('a[href="/chats"]').count()).to.equal(1);
      const bar = (await tabs.boundingBox())!;
      expect(bar.y + bar.height).to.be.within(PHONE.height - 1, PHONE.height + 0.5);
      const avatar = await expectRoundAvatar(page, '.chat-item .chat-avatar');
      const row = await box(page, '.chat-item');
      expect(avatar.y).to.be.at.least(row.y);
      expect(avatar.y + avatar.height).to.be.at.most(row.y + row.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(PHONE.width);
      await page.screenshot({ path: join(SCREENSHOTS, 'phone-chat-list-tabs.png') });

      expect(errors).to.deep.equal([]);
      await context.close();
    });
  });
});

/** Polls until `check` is true (the delete request may still be on its way). */
async function expectEventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition never became true');
    await new Promise((r) => setTimeout(r, 100));
  }
}
