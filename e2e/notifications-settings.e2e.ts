// /notifications on a phone in Chromium, in German and Polish (long words): eight types with two
// switches each and no sideways scroll at 360 and 390 px; a tap on a switch saves it (a plain form
// post, no script needed) and the page comes back at that row saying what changed; a bounced
// address is explained above the switches. Screenshots in e2e/screenshots.
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { UnsubscribeLinks } from '../server/services/notifications/unsubscribe-links.js';
import { createE2eMember, logIn, serverDb } from './members.js';
import { SCREENSHOTS, openPage, useHarness } from './harness.js';

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `page is ${scroll}px wide in a ${width}px viewport`).to.be.at.most(width);
}

describe('notification settings in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  for (const { lng, saved, bounceTitle } of [
    { lng: 'de', saved: 'Gespeichert: E-Mail für „Neue Nachrichten“ ist jetzt aus.', bounceTitle: 'E-Mails an deine Adresse können nicht zugestellt werden' },
    { lng: 'pl', saved: 'Zapisano: E-mail dla „Nowe wiadomości” jest teraz wyłączony.', bounceTitle: 'Nie da się dostarczyć e-maili na twój adres' },
  ]) {
    it(`shows the switches on a phone in ${lng}, saves a tap and explains a bounce`, async () => {
      const me = await createE2eMember(db, `Notify${lng}`);
      const { context, page, errors } = await openPage(harness().browser, 'phone');
      await context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
      await logIn(page, harness().baseUrl, me);
      await page.goto(harness().baseUrl + '/notifications');
      expect(await page.locator('[role="switch"]').count()).to.equal(16);
      expect(await page.locator('[role="switch"][aria-checked="true"]').count()).to.equal(16);
      await noSidewaysScroll(page);

      // A tap saves that one switch: the page returns at its row with the confirmation.
      const sw = page.getByTestId('switch-new_messages-email');
      await Promise.all([page.waitForURL(/saved=new_messages\.email\.off/), sw.click()]);
      expect(await page.getByTestId('switch-new_messages-email').getAttribute('aria-checked')).to.equal('false');
      expect(await page.getByTestId('notifications-saved').textContent()).to.equal(saved);
      expect(await page.locator('#type-new_messages .notifications__saved').isVisible()).to.equal(true);
      await noSidewaysScroll(page);
      await page.screenshot({ path: join(SCREENSHOTS, `notifications-${lng}-390.png`), fullPage: true });

      // The alert shows elsewhere (and not here); a bounce is explained with a way back.
      await page.goto(harness().baseUrl + '/members');
      expect(await page.getByTestId('disabled-notifications').isVisible()).to.equal(true);
      await db('suppressions').insert({ email: me.email, reason: 'bounce', created_at: Date.now() });
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(harness().baseUrl + '/notifications');
      expect(await page.getByTestId('disabled-notifications').count()).to.equal(0);
      expect(await page.locator('[data-testid="suppressed-bounce"] h2').textContent()).to.equal(bounceTitle);
      await noSidewaysScroll(page);
      await page.screenshot({ path: join(SCREENSHOTS, `notifications-${lng}-360-bounce.png`), fullPage: true });

      // Back on, by the same switch.
      await Promise.all([page.waitForURL(/saved=new_messages\.email\.on/), page.getByTestId('switch-new_messages-email').click()]);
      expect(await page.getByTestId('switch-new_messages-email').getAttribute('aria-checked')).to.equal('true');
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }

  it('unsubscribes with the button of the page a mail link opens, on a 360 px phone in Polish', async () => {
    const me = await createE2eMember(db, 'Unsubpl');
    await db('users').where({ id: me.userId }).update({ language: 'pl' });
    // Signed with the server's own key, as the mail worker signs the List-Unsubscribe URL.
    const links = new UnsubscribeLinks({ unsubscribeKey: async () => String((await db('app_keys').where({ name: 'unsubscribe_hmac' }).first('value')).value) });
    const url = (await links.url('localhost', me.userId, me.email, 'weekly_updates')).replace('https://localhost', harness().baseUrl);
    const { context, page, errors } = await openPage(harness().browser, 'phone', { viewport: { width: 360, height: 740 } });
    await page.goto(url);
    await noSidewaysScroll(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'unsubscribe-pl-360.png'), fullPage: true });
    expect(await db('notification_settings').where({ user_id: me.userId })).to.deep.equal([]);
    await Promise.all([page.waitForLoadState('load'), page.getByTestId('unsubscribe-button').click()]);
    await page.getByTestId('unsubscribe-done').waitFor();
    expect(await page.getByTestId('unsubscribe-done').textContent()).to.include('Podsumowanie tygodnia');
    const row = await db('notification_settings').where({ user_id: me.userId }).first('type', 'channel', 'enabled', 'disabled_reason');
    expect({ ...row, enabled: Boolean(row.enabled) }).to.deep.equal({ type: 'weekly_updates', channel: 'email', enabled: false, disabled_reason: 'listunsubscribe' });
    await page.screenshot({ path: join(SCREENSHOTS, 'unsubscribe-pl-360-done.png'), fullPage: true });
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
