// Report and block in Chromium on a phone (issue 18.5): a member reports a profile from its page
// (one click to the complaint form with the profile chosen, sent, acknowledged); and blocks a chat
// partner from the chat list's menu (through the confirmation) and unblocks them on /settings. The
// chat list and chat header menus are photographed open at 360 and 390 px in German and Polish.
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { createE2eMember, logIn, serverDb, type E2eMember } from './members.js';
import { SCREENSHOTS, VIEWPORTS, openPage, useHarness } from './harness.js';

const THANKS: Record<string, string> = { en: 'Your reference number is', de: 'Deine Referenznummer ist', pl: 'Twój numer referencyjny to' };

describe('report and block in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  async function phone(width: number, lng: string, m: E2eMember) {
    const opened = await openPage(harness().browser, 'phone', { viewport: { ...VIEWPORTS.phone, width } });
    await opened.context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
    await logIn(opened.page, harness().baseUrl, m);
    return opened;
  }

  const noSideways = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);

  it('reports a profile from its page: one click to the form with the profile chosen, sent and acknowledged', async () => {
    const me = await createE2eMember(db, 'Rita', { gender: 'female', birthDate: '1991-01-01' });
    const target = await db('profiles').where({ status: 'active', is_fictional: true }).whereNotNull('main_photo_id').orderBy('id').first('id', 'name');
    const { page, context, errors } = await phone(390, 'en', me);
    await page.goto(`${harness().baseUrl}/members/${target.id}`);
    await Promise.all([page.waitForURL(new RegExp(`/complaints\\?profile=${target.id}`)), page.getByTestId('profile-report').click()]);
    expect(await page.locator('select[name=subject]').inputValue()).to.equal('profile');
    expect(await page.getByTestId('complaint-about').textContent()).to.include(target.name);
    await page.fill('textarea[name=message]', 'This profile asked me to pay outside the site.');
    await Promise.all([page.waitForURL(/\/complaints\?sent=/), page.locator('#complaint-form button[type=submit]').click()]);
    expect(await page.getByTestId('complaint-sent').textContent()).to.include(THANKS.en);
    const stored = await db('complaints').where({ user_id: me.userId }).first('subject', 'about_profile_id');
    expect(stored).to.deep.include({ subject: 'profile', about_profile_id: target.id });
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  for (const lng of ['de', 'pl'] as const) {
    for (const width of [360, 390]) {
      it(`blocks from the chat list and unblocks on /settings (${lng}, ${width} px)`, async () => {
        const me = await createE2eMember(db, `Mia${lng}${width}`, { gender: 'female', birthDate: '1990-05-05' });
        // A long name, as members choose them, to see the menus cope.
        const other = await createE2eMember(db, `Maximilian-Alexander${width}`, { gender: 'male', birthDate: '1989-05-05' });
        await db.transaction((tx) => applyCreditDelta(tx as never, { userId: me.userId, delta: 100, reason: 'grant' }));
        const { page, context, errors } = await phone(width, lng, me);

        // A conversation, sent as the composer sends it.
        await page.goto(`${harness().baseUrl}/members/${other.profileId}/chat`);
        await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
        await page.getByTestId('chat-input').fill('Hallo!');
        await page.getByTestId('chat-input').press('Enter');
        await page.waitForURL(/\/chats\/\d+$/);
        const conv = Number(/\/chats\/(\d+)$/.exec(page.url())![1]);

        // The header's menu: profile, report, block, delete.
        await page.locator('.chat-head__menu > summary').click();
        await page.getByTestId('chat-report').waitFor();
        expect(await page.getByTestId('chat-report').getAttribute('href')).to.equal(`/complaints?profile=${other.profileId}#complaint-form`);
        await noSideways(page, width);
        await page.screenshot({ path: join(SCREENSHOTS, `phone${width}-chat-header-menu-${lng}.png`) });

        // The list: each entry's menu, then block through the confirmation.
        await page.goto(`${harness().baseUrl}/chats`);
        await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
        const entry = page.locator('.chat-list__entry', { has: page.locator(`[data-conversation-id="${conv}"]`) });
        await entry.getByTestId('chat-item-menu').locator('summary').click();
        await entry.getByTestId('chat-item-block').waitFor();
        await noSideways(page, width);
        await page.screenshot({ path: join(SCREENSHOTS, `phone${width}-chat-list-menu-${lng}.png`) });
        await Promise.all([page.waitForURL(new RegExp(`/members/${other.profileId}/block`)), entry.getByTestId('chat-item-block').click()]);
        await noSideways(page, width);
        await page.screenshot({ path: join(SCREENSHOTS, `phone${width}-block-confirm-${lng}.png`) });
        // Outside the tabs, as /settings is: the tab bar marks none (it is hydrated by now).
        await page.locator('[data-island="live-badges"][data-hydrated="true"]').waitFor({ state: 'attached' });
        expect(await page.locator('.member-nav [aria-current=page]').count()).to.equal(0);
        await Promise.all([page.waitForURL(/\/members\?blocked=/), page.getByTestId('block-confirm-button').click()]);
        expect(await db('blocks').where({ blocker_profile_id: me.profileId, blocked_profile_id: other.profileId })).to.have.length(1);
        expect(await db('conversations').where({ id: conv })).to.have.length(0);

        // Settings: the blocked member with Unblock; afterwards the notice and an empty list.
        await page.goto(`${harness().baseUrl}/settings#blocked-members`);
        const blocked = page.getByTestId('blocked-members');
        await blocked.locator(`[data-profile-id="${other.profileId}"]`).waitFor();
        await noSideways(page, width);
        await blocked.screenshot({ path: join(SCREENSHOTS, `phone${width}-blocked-members-${lng}.png`) });
        await blocked.getByTestId('unblock-button').click();
        await page.getByTestId('blocked-none').waitFor();
        expect(await page.getByTestId('unblocked-notice').textContent()).to.include(other.name);
        // Back at #blocked-members, the section's heading is clear of the sticky top bar.
        const heading = (await blocked.locator('h2').boundingBox())!;
        const topBar = (await page.locator('header.topbar').boundingBox())!;
        expect(heading.y).to.be.at.least(topBar.y + topBar.height);
        expect(await db('blocks').where({ blocker_profile_id: me.profileId })).to.have.length(0);
        await blocked.screenshot({ path: join(SCREENSHOTS, `phone${width}-unblocked-${lng}.png`) });
        expect(errors).to.deep.equal([]);
        await context.close();
      });
    }
  }
});
