// The islands by keyboard alone (issue 18 point 6), on a desktop: the skip link, the chat pane
// (Tab through the message list to the composer, send with Enter, the gift catalogue and the photo
// button), the gallery (a photo full screen, ← and →, Esc back to where it was opened) and the
// swipe game's buttons (the focus stays on the button used, card after card).
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { openPage, useHarness } from './harness.js';
import { focusEscapes, focusIsIn, focusedElement, tabTo } from './keyboard.js';
import { createE2eMember, logIn, serverDb, type E2eMember } from './members.js';

describe('islands by keyboard alone', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;
  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  const hydrated = (page: Page, island: string) => page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ state: 'attached' });
  const testIdOfFocus = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);

  async function member(name: string, credits = 0): Promise<E2eMember> {
    const m = await createE2eMember(db, name);
    if (credits) await db.transaction((tx) => applyCreditDelta(tx as never, { userId: m.userId, delta: credits, reason: 'grant' }));
    return m;
  }

  async function memberPage(m: E2eMember) {
    const opened = await openPage(harness().browser, 'desktop');
    await logIn(opened.page, harness().baseUrl, m);
    return opened;
  }

  /** A conversation of `m` with a demo woman, with two messages in it; its id. */
  async function conversationOf(m: E2eMember): Promise<number> {
    const partner = Number((await db('profiles').whereNull('user_id').where({ status: 'active', gender: 'female' }).orderBy('id').first('id') as { id: number }).id);
    const now = Date.now();
    const [id] = await db('conversations').insert({ profile_low_id: Math.min(m.profileId, partner), profile_high_id: Math.max(m.profileId, partner), started_by_profile_id: m.profileId, last_message_at: now, created_at: now });
    await db('conversation_participants').insert([m.profileId, partner].map((profile_id) => ({ conversation_id: id, profile_id, unread_count: 0, last_message_at: now })));
    await db('messages').insert([
      { conversation_id: id, sender_profile_id: m.profileId, kind: 'text', body: 'Hi there!', credits_spent: 10, client_id: `kb-${id}-1`, created_at: now - 60_000 },
      { conversation_id: id, sender_profile_id: partner, kind: 'text', body: 'Hello, nice to meet you.', credits_spent: 0, client_id: `kb-${id}-2`, created_at: now - 30_000 },
    ]);
    return Number(id);
  }

  it('skip link: the first Tab stop, and Enter moves on to the page content', async () => {
    const { context, page } = await openPage(harness().browser, 'desktop');
    await context.addCookies([{ name: 'amora_entry', value: String(Date.now()), url: harness().baseUrl }]);
    await page.goto(harness().baseUrl + '/login');
    await page.keyboard.press('Tab');
    expect(await testIdOfFocus(page)).to.equal('skip-link');
    expect(await page.getByTestId('skip-link').isVisible()).to.equal(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focusIsIn(page, 'main'), await focusedElement(page)).to.equal(true);
    await context.close();
  });

  it('chat pane: Tab reaches the message list, the gift and photo buttons and the composer; Enter sends', async () => {
    const me = await member('Keys Chat', 200);
    const conversation = await conversationOf(me);
    const { context, page, errors } = await memberPage(me);
    await page.goto(`${harness().baseUrl}/chats/${conversation}`);
    await hydrated(page, 'chat-pane');
    await tabTo(page, '[data-testid="chat-thread"]', { max: 60 });
    const onTheWay = await tabTo(page, '#chat-body');
    expect(onTheWay.join(' | ')).to.include('[chat-gift-button]').and.to.include('[chat-photo-input]');

    await page.keyboard.type('Typed without a mouse');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="chat-message"][data-state="sent"]', { hasText: 'Typed without a mouse' }).waitFor();
    expect(await db('messages').where({ conversation_id: conversation, body: 'Typed without a mouse' }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
    expect(await testIdOfFocus(page), 'the focus stays in the composer').to.equal('chat-input');

    // The gift catalogue: opened by Enter, the focus inside, Esc closes it and the focus is back.
    await tabTo(page, '[data-testid="chat-gift-button"]', { back: true });
    await page.keyboard.press('Enter');
    await page.getByTestId('chat-gift').first().waitFor();
    expect(await focusIsIn(page, '[data-testid="chat-gifts"]'), await focusedElement(page)).to.equal(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('chat-gifts').waitFor({ state: 'detached' });
    expect(await testIdOfFocus(page)).to.equal('chat-gift-button');

    // The photo button is the native file input itself (Space opens the browser's chooser, which a
    // test cannot drive reliably, so the file is handed to it); the chosen photo is removed by keyboard.
    await tabTo(page, '[data-testid="chat-photo-input"]');
    const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#9ad' } }).jpeg().toBuffer();
    await page.getByTestId('chat-photo-input').setInputFiles({ name: 'keys.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByTestId('chat-attachment').waitFor();
    await tabTo(page, '[data-testid="chat-detach"]', { back: true });
    await page.keyboard.press('Enter');
    await page.getByTestId('chat-attachment').waitFor({ state: 'detached' });
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('gallery: Enter opens the photo full screen, ← and → move, Tab stays in it, Esc closes it back to the photo', async () => {
    const me = await member('Keys Gallery');
    await db('users').where({ id: me.userId }).update({ paid_user: true, premium_since: Date.now() });
    const her = await db('profiles as p').where({ 'p.status': 'active', 'p.gender': 'female' }).whereNotNull('p.main_photo_id')
      .whereRaw('(select count(*) from photos ph where ph.profile_id = p.id and ph.status = ?) >= 2', ['active']).first('p.id') as { id: number };
    const { context, page, errors } = await memberPage(me);
    await page.goto(`${harness().baseUrl}/members/${her.id}`);
    await hydrated(page, 'photo-gallery');
    await tabTo(page, '[data-testid="gallery-open"]', { max: 60 });
    await page.keyboard.press('Enter');
    const lightbox = page.getByTestId('gallery-lightbox');
    await lightbox.locator('img').waitFor();
    expect(await testIdOfFocus(page)).to.equal('lightbox-close');
    const alt = () => lightbox.locator('img').getAttribute('alt');
    const total = Number(/^Photo 1 of (\d+)/.exec((await alt()) ?? '')?.[1]);
    await page.keyboard.press('ArrowRight');
    expect(await alt()).to.match(/^Photo 2 of \d/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await alt(), 'from the first photo ← goes round to the last').to.match(new RegExp(`^Photo ${total} of ${total} `));
    await page.keyboard.press('ArrowRight');
    expect(await focusEscapes(page, '[data-testid="gallery-lightbox"]', { presses: 6, browserStop: true })).to.deep.equal([]);
    await page.keyboard.press('Escape');
    await lightbox.locator('img').waitFor({ state: 'detached' });
    expect(await testIdOfFocus(page), 'the focus is back on the photo that opened it').to.equal('gallery-open');
    expect(await page.locator('.gallery__img').getAttribute('alt')).to.match(/^Photo 1 of \d/);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('swipe game: Pass and Like by Tab and Enter, the focus staying on the button used card after card', async () => {
    const me = await member('Keys Swipe');
    const { context, page, errors } = await memberPage(me);
    await page.goto(harness().baseUrl + '/swipe-game');
    await hydrated(page, 'swipe-game');
    const card = () => page.locator('.swipe__card').getAttribute('data-profile-id');
    const first = await card();
    await tabTo(page, '[data-testid="swipe-pass"]', { max: 60 });
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => document.querySelector('.swipe__card')?.getAttribute('data-profile-id') !== id, first);
    expect(await testIdOfFocus(page)).to.equal('swipe-pass');
    await tabTo(page, '[data-testid="swipe-like"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('swipe-remaining').filter({ hasText: 'Likes left today: 3 of 4' }).waitFor();
    // A like that made a match opens the modal first; closed, the focus is back on Like.
    if (await page.getByTestId('match-modal').count()) {
      await page.keyboard.press('Escape');
      await page.getByTestId('match-modal').waitFor({ state: 'detached' });
    }
    await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset.testid === 'swipe-like');
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
