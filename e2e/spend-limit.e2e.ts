// The daily spending limit in Chromium on a phone (issue 18.3): a member sets a limit on /settings,
// asks for a higher one (waiting for tomorrow), opens a chat, sees the credits left today beside the
// balance, writes until the limit stops a message and reads why, in German and Polish at 360 and
// 390 px. The settings section and the composer are photographed.
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { createE2eMember, logIn, serverDb, type E2eMember } from './members.js';
import { SCREENSHOTS, VIEWPORTS, openPage, useHarness } from './harness.js';

const LIMIT = 20; // two messages at the default 10 credits
const TEXTS = {
  de: { left: `Heute noch ${LIMIT} Credits übrig`, leftAfter: 'Heute noch 0 Credits übrig', refused: `Du hast dein Tageslimit von ${LIMIT} Credits erreicht. Ab morgen kannst du wieder Credits ausgeben.` },
  pl: { left: `Na dziś zostało ${LIMIT} kredytów`, leftAfter: 'Na dziś zostało 0 kredytów', refused: `Wykorzystano twój dzienny limit wydatków (limit w kredytach: ${LIMIT}). Jutro znów możesz wydawać kredyty.` },
} as const;

describe('daily spending limit in the browser', function () {
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

  for (const lng of ['de', 'pl'] as const) {
    for (const width of [360, 390]) {
      it(`sets a limit on /settings and meets it in the chat (${lng}, ${width} px)`, async () => {
        const me = await createE2eMember(db, `Greta${lng}${width}`, { gender: 'female', birthDate: '1990-02-02' });
        await db('profiles').where({ id: me.profileId }).update({ country: lng === 'de' ? 'DE' : 'PL' });
        await db.transaction((tx) => applyCreditDelta(tx as never, { userId: me.userId, delta: 100, reason: 'grant' }));
        const partner = await db('profiles').where({ status: 'active', is_fictional: true }).whereNotNull('main_photo_id').orderBy('id').first('id');
        const { page, context, errors } = await phone(width, lng, me);

        // Settings: a limit of 20 holds at once; asking for 40 waits for tomorrow.
        await page.goto(`${harness().baseUrl}/settings#spend-limit`);
        const section = page.getByTestId('spend-limit');
        await section.locator('input[name="daily_limit"]').fill(String(LIMIT));
        await Promise.all([page.waitForURL(/\/settings\?spend=now/), section.getByTestId('spend-limit-save').click()]);
        expect(await section.getByTestId('spend-limit-current').getAttribute('data-limit')).to.equal(String(LIMIT));
        await section.locator('input[name="daily_limit"]').fill('40');
        await Promise.all([page.waitForURL(/\/settings\?spend=tomorrow/), section.getByTestId('spend-limit-save').click()]);
        await section.getByTestId('spend-limit-pending').waitFor();
        expect(await section.getByTestId('spend-limit-current').getAttribute('data-limit')).to.equal(String(LIMIT));
        await noSideways(page, width);
        // The whole page from its top, clipped to the section: an element shot of something taller
        // than the screen draws the sticky top bar over it.
        await page.evaluate(() => window.scrollTo(0, 0));
        const box = (await section.boundingBox())!;
        await page.screenshot({ path: join(SCREENSHOTS, `phone${width}-spend-limit-settings-${lng}.png`), fullPage: true, clip: box });

        // The chat: what is left today beside the balance, and down to nothing with two messages.
        await page.goto(`${harness().baseUrl}/members/${partner.id}/chat`);
        await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
        expect((await page.getByTestId('chat-left-today').textContent())?.trim()).to.equal(TEXTS[lng].left);
        await page.getByTestId('chat-input').fill('Hallo!');
        await page.getByTestId('chat-input').press('Enter');
        await page.waitForURL(/\/chats\/\d+$/);
        await page.locator('[data-testid="chat-left-today"][data-left="10"]').waitFor();
        await page.getByTestId('chat-input').fill('Wie geht es dir?');
        await page.getByTestId('chat-input').press('Enter');
        await page.locator('[data-testid="chat-left-today"][data-left="0"]').waitFor();
        expect((await page.getByTestId('chat-left-today').textContent())?.trim()).to.equal(TEXTS[lng].leftAfter);
        await page.getByTestId('chat-limit-used-up').waitFor();
        await noSideways(page, width);
        await page.screenshot({ path: join(SCREENSHOTS, `phone${width}-spend-limit-used-up-${lng}.png`) });

        // A third message is refused, with the limit named; it waits in the composer again.
        await page.getByTestId('chat-input').fill('Noch eine?');
        await page.getByTestId('chat-input').press('Enter');
        await page.getByTestId('chat-error').waitFor();
        expect((await page.getByTestId('chat-error').textContent())?.trim()).to.equal(TEXTS[lng].refused);
        expect(await page.getByTestId('chat-input').inputValue()).to.equal('Noch eine?');
        expect(await page.getByTestId('chat-buy-credits').count()).to.equal(0);
        await noSideways(page, width);
        await page.screenshot({ path: join(SCREENSHOTS, `phone${width}-spend-limit-refused-${lng}.png`) });

        expect(await db('messages').where({ sender_profile_id: me.profileId })).to.have.length(2);
        expect(await db('users').where({ id: me.userId }).first('credits', 'spent_today')).to.deep.equal({ credits: 80, spent_today: LIMIT });
        // The refused send's 403 is the browser's only complaint.
        expect(errors.filter((e) => !e.includes('status of 403'))).to.deep.equal([]);
        await context.close();
      });
    }
  }
});
