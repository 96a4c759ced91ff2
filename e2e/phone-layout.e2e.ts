// App-like phone layouts in Chromium: the swipe game by touch (drag past the threshold likes or
// passes, a short drag springs back), the profile's name and fixed action row on the first screen
// of a 390 × 844 phone, the member tab bar (current page marked, labels that fit at 360 px) and
// the match dialog at 360 and 390 px in the languages with the longest words, and a phone held
// sideways (740 × 360): its tab bar, a profile and the swipe game.
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { CDPSession, Page } from 'playwright-core';
import { createE2eMember, logIn, serverDb } from './members.js';
import { SCREENSHOTS, openPage, useHarness } from './harness.js';

/** A finger drag by real touch events (Chromium turns them into pointer events of type "touch"). */
async function touchDrag(cdp: CDPSession, from: { x: number; y: number }, dx: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + (dx * i) / steps, y: from.y + i }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function cardCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.locator('.swipe__photo').boundingBox();
  if (!box) throw new Error('no swipe card');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('phone layouts in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  it('swipes the game by touch: right likes, left passes, a short drag springs back', async () => {
    const me = await createE2eMember(db, 'TouchSwiper');
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await logIn(page, harness().baseUrl, me);
    await page.goto(harness().baseUrl + '/swipe-game');
    await page.locator('[data-island="swipe-game"][data-hydrated="true"]').waitFor({ state: 'attached' });
    // The whole game is on the first screen: card and buttons above the tab bar.
    const like = await page.getByTestId('swipe-like').boundingBox();
    const tabBar = await page.locator('.member-nav').boundingBox();
    expect(like && tabBar && like.y + like.height <= tabBar.y).to.equal(true);
    const cdp = await context.newCDPSession(page);

    const first = await page.locator('.swipe__card').getAttribute('data-profile-id');
    await touchDrag(cdp, await cardCentre(page), 40);
    // Sprung back: the same card, in its place, nothing liked; a drag is not a tap on the photo.
    await page.waitForFunction(() => (document.querySelector('.swipe__card') as HTMLElement | null)?.style.transform === '');
    expect(await page.locator('.swipe__card').getAttribute('data-profile-id')).to.equal(first);
    expect(page.url()).to.match(/\/swipe-game$/);

    await touchDrag(cdp, await cardCentre(page), -220);
    await page.waitForFunction((id) => document.querySelector('.swipe__card')?.getAttribute('data-profile-id') !== id, first);
    expect(await page.getByTestId('swipe-remaining').textContent()).to.equal('Likes left today: 4 of 4');

    const second = await page.locator('.swipe__card').getAttribute('data-profile-id');
    await touchDrag(cdp, await cardCentre(page), 220);
    await page.getByTestId('swipe-remaining').filter({ hasText: 'Likes left today: 3 of 4' }).waitFor();
    const liked = await db('likes').where({ from_profile_id: me.profileId, source: 'swipe' }).select('to_profile_id');
    expect(liked.map((r: { to_profile_id: number }) => String(r.to_profile_id))).to.deep.equal([second]);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-swipe-touch.png') });
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('shows name and the fixed action row on the first screen of a phone profile', async () => {
    const me = await createE2eMember(db, 'FirstScreen');
    const her = await db('profiles').where({ status: 'active', gender: 'female' }).whereNotNull('main_photo_id').first('id', 'name');
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await logIn(page, harness().baseUrl, me);
    await page.goto(`${harness().baseUrl}/members/${her.id}`);
    const viewport = page.viewportSize()!;
    const actions = (await page.getByTestId('profile-actions').boundingBox())!;
    const tabBar = (await page.locator('.member-nav').boundingBox())!;
    const name = (await page.locator('.profile__name').boundingBox())!;
    // Actions above the tab bar, inside the screen; the name above the actions.
    expect(actions.y).to.be.greaterThan(0);
    expect(actions.y + actions.height).to.be.at.most(tabBar.y + 1);
    expect(tabBar.y + tabBar.height).to.be.at.most(viewport.height + 1);
    expect(name.y + name.height).to.be.at.most(actions.y);
    // Still there after scrolling down the profile.
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => scrollY > 0);
    const scrolled = (await page.getByTestId('profile-actions').boundingBox())!;
    expect(scrolled.y).to.be.closeTo(actions.y, 1);
    // Chat is the primary action with its price; Like looks different.
    expect(await page.getByTestId('profile-chat').textContent()).to.equal('Chat · 10 credits');
    const look = (sel: string) => page.locator(sel).first().evaluate((el) => getComputedStyle(el).backgroundImage + getComputedStyle(el).backgroundColor);
    expect(await look('[data-testid=profile-chat]')).not.to.equal(await look('[data-testid=like-button]'));
    // The member navigation marks where the member is.
    expect(await page.locator('.member-nav [aria-current=page]').getAttribute('href')).to.equal('/members');
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-profile-first-screen.png') });
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('fits the tab bar labels at 360 px in German and Polish', async () => {
    const me = await createE2eMember(db, 'NarrowTabs');
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await logIn(page, harness().baseUrl, me);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const lng of ['de', 'pl']) {
      await context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
      await page.goto(harness().baseUrl + '/likes');
      expect(await page.locator('.member-nav [aria-current=page]').getAttribute('href')).to.equal('/likes');
      const cut = await page.locator('.member-nav__label').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
      expect(cut, lng).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(360);
      expect(await page.locator('.member-nav').evaluate((el) => el.getBoundingClientRect().height)).to.be.below(70);
    }
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('keeps the own profile\'s save button above the tab bar while the form scrolls, at 360 px in German and Polish', async () => {
    const me = await createE2eMember(db, 'SaveReach');
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await logIn(page, harness().baseUrl, me);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const lng of ['de', 'pl']) {
      await context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
      await page.goto(harness().baseUrl + '/profile');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      const save = (await page.locator('.own-profile__save .btn').boundingBox())!;
      const tabBar = (await page.locator('.topbar__nav').boundingBox())!;
      expect(save.y + save.height, lng).to.be.at.most(tabBar.y);
      expect(save.y, lng).to.be.below(740);
      if (lng === 'pl') await page.screenshot({ path: join(SCREENSHOTS, 'phone-own-profile-save.png') });
    }
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('gives a phone held sideways its screen: a one-row tab bar, a top bar that scrolls away, the profile\'s actions just above the tabs', async () => {
    const me = await createE2eMember(db, 'Sideways');
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await logIn(page, harness().baseUrl, me);
    await page.setViewportSize({ width: 740, height: 360 });
    const her = (await db('profiles').whereNull('user_id').where({ status: 'active' }).orderBy('id', 'desc').first('id')) as { id: number };
    // A received like puts a badge on the Likes tab (until her profile is opened: new again for each language).
    await db('likes').insert({ from_profile_id: her.id, to_profile_id: me.profileId, source: 'normal', is_new: true, created_at: Date.now() });
    for (const lng of ['de', 'pl']) {
      await db('likes').where({ from_profile_id: her.id, to_profile_id: me.profileId }).update({ is_new: true });
      await context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
      await page.goto(harness().baseUrl + '/members');
      const tabBar = (await page.locator('.topbar__nav').boundingBox())!;
      expect(tabBar.height, `${lng} tab bar`).to.be.at.most(42);
      expect(tabBar.y + tabBar.height, lng).to.be.closeTo(360, 1);
      // The badge follows the Likes label: neither covers the other, and no label is cut.
      const badge = (await page.locator('.member-nav__tab[href="/likes"] .badge').boundingBox())!;
      const label = (await page.locator('.member-nav__tab[href="/likes"] .member-nav__label').boundingBox())!;
      expect(badge.x, `${lng} badge after the label`).to.be.at.least(label.x + label.width);
      const cut = await page.locator('.member-nav__label').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
      expect(cut, lng).to.deep.equal([]);
      await page.evaluate(() => window.scrollTo(0, 200));
      const topBar = (await page.locator('header.topbar').boundingBox())!;
      expect(topBar.y + topBar.height, `${lng} top bar scrolled away`).to.be.at.most(0);
      await page.goto(`${harness().baseUrl}/members/${her.id}`);
      const actions = (await page.locator('.profile__actions').boundingBox())!;
      expect(actions.y + actions.height, `${lng} actions above the tab bar`).to.be.closeTo(360 - tabBar.height, 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lng).to.be.at.most(740);
      if (lng === 'pl') await page.screenshot({ path: join(SCREENSHOTS, 'phone-sideways-profile.png') });
    }
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('keeps the swipe game on one screen of a phone held sideways: the photo whole, Like and Pass beside it', async () => {
    const me = await createE2eMember(db, 'SidewaysSwiper');
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await logIn(page, harness().baseUrl, me);
    await page.setViewportSize({ width: 740, height: 360 });
    for (const lng of ['de', 'pl']) {
      await context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
      await page.goto(harness().baseUrl + '/swipe-game');
      await page.locator('[data-island="swipe-game"][data-hydrated="true"]').waitFor({ state: 'attached' });
      // Nobody scrolls: the page starts at the game, and all of it is between the screen's top and the tab bar.
      const tabBar = (await page.locator('.member-nav').boundingBox())!;
      for (const part of ['.swipe__quota', '.swipe__photo', '[data-testid="swipe-pass"]', '[data-testid="swipe-like"]']) {
        const box = (await page.locator(part).boundingBox())!;
        expect(box.y, `${lng} ${part} top`).to.be.at.least(0);
        expect(box.y + box.height, `${lng} ${part} above the tab bar`).to.be.at.most(tabBar.y + 0.5);
      }
      // The buttons stand beside the photo, and the photo is a portrait big enough to see a face.
      const photo = (await page.locator('.swipe__photo').boundingBox())!;
      const like = (await page.getByTestId('swipe-like').boundingBox())!;
      expect(like.x, `${lng} Like beside the photo`).to.be.at.least(photo.x + photo.width);
      expect(photo.height, `${lng} photo height`).to.be.at.least(200);
      expect(photo.height, `${lng} a portrait`).to.be.above(photo.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lng).to.be.at.most(740);
      if (lng === 'pl') await page.screenshot({ path: join(SCREENSHOTS, 'phone-sideways-swipe.png') });
    }
    // Still a game: Pass shows the next profile.
    const first = await page.locator('.swipe__card').getAttribute('data-profile-id');
    await page.getByTestId('swipe-pass').click();
    await page.waitForFunction((id) => document.querySelector('.swipe__card')?.getAttribute('data-profile-id') !== id, first);
    // Opened upright, then turned sideways: the game comes to the screen without a scroll.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(harness().baseUrl + '/swipe-game');
    await page.locator('[data-island="swipe-game"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.setViewportSize({ width: 740, height: 360 });
    await page.waitForFunction(() => {
      const like = document.querySelector('[data-testid="swipe-like"]')?.getBoundingClientRect();
      const tabs = document.querySelector('.member-nav')?.getBoundingClientRect();
      return like && tabs && like.top >= 0 && like.bottom <= tabs.top + 0.5;
    });
    expect((await page.locator('.swipe__quota').boundingBox())!.y, 'turned: quota on the screen').to.be.at.least(0);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('fits the match dialog at 360 and 390 px in German and Polish: card, close button and buttons on the screen', async () => {
    const me = await createE2eMember(db, 'NarrowMatch');
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await logIn(page, harness().baseUrl, me);
    const cases = [360, 390].flatMap((width) => (['de', 'pl'] as const).map((lng) => ({ width, lng })));
    // A like back makes a match once per profile: one profile per case.
    const women = (await db('profiles').whereNull('user_id').where({ status: 'active', gender: 'female' }).orderBy('id', 'desc').limit(cases.length).pluck('id')) as number[];
    for (const [i, { width, lng }] of cases.entries()) {
      const her = women[i]!;
      await page.setViewportSize({ width, height: 740 });
      await db('likes').insert({ from_profile_id: her, to_profile_id: me.profileId, source: 'normal', is_new: true, created_at: Date.now() });
      await context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
      await page.goto(`${harness().baseUrl}/members/${her}`);
      await page.locator('[data-island="like-button"][data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.getByTestId('like-button').first().click();
      const card = page.locator('[data-testid="match-modal"] [role="dialog"]');
      await card.waitFor();
      const box = (await card.boundingBox())!;
      const what = `${lng} ${width} px`;
      expect(box.x, what).to.be.at.least(0);
      expect(box.x + box.width, what).to.be.at.most(width);
      const close = (await card.locator('.modal__close').boundingBox())!;
      expect(close.x + close.width, `${what} close button`).to.be.at.most(width);
      // No label cut or running out of its button.
      const overflowing = await card.locator('.btn').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
      expect(overflowing, what).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), what).to.be.at.most(width);
      await page.screenshot({ path: join(SCREENSHOTS, `phone-${width}-match-${lng}.png`) });
      await page.keyboard.press('Escape');
      await page.getByTestId('match-modal').waitFor({ state: 'detached' });
    }
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
