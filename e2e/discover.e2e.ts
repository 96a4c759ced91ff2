// Discover in Chromium, on phone and desktop: search, the gallery for a free and then a premium
// member, like → match modal, blocking, the swipe game by keyboard, and a like the server never answers.
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { createE2eMember, logIn as logInAs, serverDb, type E2eMember } from './members.js';
import { SCREENSHOTS, openPage, useHarness } from './harness.js';

describe('discover in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  const newMember = (name: string) => createE2eMember(db, name, { gender: 'male', birthDate: '1988-03-03' });
  const logIn = (page: Page, m: E2eMember) => logInAs(page, harness().baseUrl, m);


  /** A visible woman with at least `photos` approved photos, not yet touched by this run. */
  async function womanWithPhotos(photos: number, skip: number[] = []): Promise<{ id: number; name: string }> {
    const row = await db('profiles as p')
      .where({ 'p.status': 'active', 'p.gender': 'female' })
      .whereNotNull('p.main_photo_id')
      .whereNotIn('p.id', skip)
      .whereRaw('(select count(*) from photos ph where ph.profile_id = p.id and ph.status = ?) >= ?', ['active', photos])
      .first('p.id', 'p.name');
    return { id: Number(row.id), name: String(row.name) };
  }

  const used: number[] = [];

  it('shows a try-again message when the server never answers a like, once the islands\' deadline passes', async () => {
    const me = await newMember('Patient');
    const her = await womanWithPhotos(1, used);
    used.push(her.id);
    const { context, page } = await openPage(harness().browser, 'phone');
    await logIn(page, me);
    // The page's clock is Playwright's, so the 10 s deadline passes without waiting 10 s.
    await page.clock.install();
    await page.route('**/api/like.php', () => undefined); // held: never answered
    await page.goto(`${harness().baseUrl}/members/${her.id}`);
    await page.locator('[data-island="like-button"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByTestId('like-button').click();
    await page.clock.fastForward(9_000);
    expect(await page.locator('.like-form [role="alert"]').count()).to.equal(0);
    await page.clock.fastForward(2_000);
    const alert = page.locator('.like-form [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).to.equal('This is taking too long. Please check your connection and try again.');
    // The button can be pressed again: no endless spinner.
    expect(await page.getByTestId('like-button').isDisabled()).to.equal(false);
    await context.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    describe(viewport, () => {
      it('searches with filters and shows the results', async () => {
        const me = await newMember(`Searcher${viewport}`);
        const { context, page, errors } = await openPage(harness().browser, viewport);
        await logIn(page, me);
        await page.goto(harness().baseUrl + '/members?gender=female&min_age=18&max_age=60');
        expect(await page.locator('.grid .card').count()).to.be.greaterThan(0);
        expect(await page.getByTestId('num-results').textContent()).to.match(/Profiles found: \d+/);
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-discover-search.png`), fullPage: viewport === 'desktop' });
        expect(errors).to.deep.equal([]);
        await context.close();
      });

      it('locks the other photos for a free member and unlocks them once premium', async () => {
        const me = await newMember(`Gallery${viewport}`);
        const her = await womanWithPhotos(2, used);
        used.push(her.id);
        const { context, page, errors } = await openPage(harness().browser, viewport);
        await logIn(page, me);
        await page.goto(`${harness().baseUrl}/members/${her.id}`);
        await page.locator('[data-island="photo-gallery"][data-hydrated="true"]').waitFor({ state: 'attached' });
        expect(await page.getByTestId('gallery-note').textContent()).to.include('only visible to premium members');
        await page.locator('.gallery__thumbs button').nth(1).click();
        await page.getByTestId('gallery-lock').waitFor();
        const src = await page.locator('.gallery__img').getAttribute('src');
        expect(src).to.match(/_blur\.jpg$/);
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-gallery-free.png`) });

        await db('users').where({ id: me.userId }).update({ paid_user: true, premium_since: Date.now() });
        await page.reload();
        await page.locator('[data-island="photo-gallery"][data-hydrated="true"]').waitFor({ state: 'attached' });
        await page.locator('.gallery__thumbs button').nth(1).click();
        expect(await page.getByTestId('gallery-lock').count()).to.equal(0);
        expect(await page.locator('.gallery__img').getAttribute('src')).to.match(/[a-f0-9]{32}\.jpg$/);
        // The keyboard moves through the photos too.
        await page.locator('.gallery__thumbs button').nth(1).focus();
        await page.keyboard.press('ArrowLeft');
        expect(await page.locator('.gallery__thumbs button[aria-pressed="true"]').getAttribute('aria-label')).to.equal('Show photo 1');
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-gallery-premium.png`) });
        expect(errors).to.deep.equal([]);
        await context.close();
      });

      it('likes back a member who liked first: the match modal opens', async () => {
        const me = await newMember(`Liker${viewport}`);
        const her = await womanWithPhotos(1, used);
        used.push(her.id);
        await db('likes').insert({ from_profile_id: her.id, to_profile_id: me.profileId, source: 'normal', is_new: true, created_at: Date.now() });
        const { context, page, errors } = await openPage(harness().browser, viewport);
        await logIn(page, me);
        expect(await page.getByTestId('likes-badge').textContent()).to.equal('1');
        await page.goto(`${harness().baseUrl}/members/${her.id}`);
        await page.locator('[data-island="like-button"][data-hydrated="true"]').waitFor({ state: 'attached' });
        await page.getByTestId('like-button').click();
        const modal = page.getByTestId('match-modal');
        await modal.waitFor();
        expect(await modal.textContent()).to.include("It's a match!");
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-match-modal.png`) });
        await page.keyboard.press('Escape');
        await modal.waitFor({ state: 'detached' });
        expect(await page.getByTestId('like-button').getAttribute('aria-pressed')).to.equal('true');
        // Opening her profile cleared the new flag: the badge is gone.
        await page.goto(harness().baseUrl + '/likes/matches');
        expect(await page.getByTestId('likes-badge').count()).to.equal(0);
        expect(await page.locator(`.card[data-profile-id="${her.id}"]`).count()).to.equal(1);
        expect(errors).to.deep.equal([]);
        await context.close();
      });

      it('blocks a member, who then disappears from search', async () => {
        const me = await newMember(`Blocker${viewport}`);
        const her = await womanWithPhotos(1, used);
        used.push(her.id);
        const { context, page, errors } = await openPage(harness().browser, viewport);
        await logIn(page, me);
        await page.goto(`${harness().baseUrl}/members/${her.id}`);
        await page.locator('.profile__more summary').click();
        await Promise.all([page.waitForURL(/\/members\?blocked=/), page.getByTestId('block-button').click()]);
        expect(await page.locator('.notice--success').textContent()).to.include(`You blocked ${her.name}.`);
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-blocked.png`) });
        await page.goto(`${harness().baseUrl}/members?gender=female`);
        expect(await page.locator(`.card[data-profile-id="${her.id}"]`).count()).to.equal(0);
        await page.goto(`${harness().baseUrl}/members/${her.id}`);
        await page.getByTestId('blocked-by-me').waitFor();
        expect(errors).to.deep.equal([]);
        await context.close();
      });

      it('plays the swipe game by keyboard until the 4 daily likes are used', async () => {
        const me = await newMember(`Swiper${viewport}`);
        const { context, page, errors } = await openPage(harness().browser, viewport);
        await logIn(page, me);
        await page.goto(harness().baseUrl + '/swipe-game');
        await page.locator('[data-island="swipe-game"][data-hydrated="true"]').waitFor({ state: 'attached' });
        expect(await page.getByTestId('swipe-remaining').textContent()).to.equal('Likes left today: 4 of 4');
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-swipe-game.png`) });
        const first = await page.locator('.swipe__card').getAttribute('data-profile-id');
        await page.keyboard.press('ArrowLeft');
        await page.waitForFunction((id) => document.querySelector('.swipe__card')?.getAttribute('data-profile-id') !== id, first);
        for (let left = 3; left >= 0; left--) {
          await page.keyboard.press('ArrowRight');
          await page.getByTestId('swipe-remaining').filter({ hasText: `Likes left today: ${left} of 4` }).waitFor();
          // A like that made a match opens the modal; close it to go on.
          if (await page.getByTestId('match-modal').count()) await page.keyboard.press('Escape');
        }
        await page.getByTestId('swipe-limit').waitFor();
        expect(await page.getByTestId('swipe-like').isDisabled()).to.equal(true);
        expect(await db('likes').where({ from_profile_id: me.profileId, source: 'swipe' }).count({ n: '*' }).first()).to.deep.equal({ n: 4 });
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-swipe-game-limit.png`) });
        expect(errors).to.deep.equal([]);
        await context.close();
      });
    });
  }
});
