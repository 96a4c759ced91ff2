// Buying credits in Chromium, on phone and desktop: a free member without enough credits is led
// from the chat to the credits page, picks a bundle and a method, pays on the test provider's
// hosted page (which calls our webhook), watches the status page turn to completed, is premium
// now (Credits in the top bar instead of Get Premium) and chats on.
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { createE2eMember, logIn, serverDb } from './members.js';
import { SCREENSHOTS, openPage, useHarness } from './harness.js';

describe('buying credits in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: out of credits → credits page → test checkout → premium, and the message goes out`, async () => {
      const buyer = await createE2eMember(db, `Buyer${viewport}`);
      await db.transaction((tx) => applyCreditDelta(tx as never, { userId: buyer.userId, delta: 5, reason: 'signup' }));
      const partner = await createE2eMember(db, `Partner${viewport}`, { gender: 'female', birthDate: '1991-02-02' });
      const { context, page, errors } = await openPage(harness().browser, viewport);
      const base = harness().baseUrl;
      await logIn(page, base, buyer);
      expect(await page.locator('.topbar__premium').count()).to.be.greaterThan(0);

      // Not enough credits for a message: the composer leads to the credits page.
      await page.goto(`${base}/members/${partner.profileId}/chat`);
      await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.getByTestId('chat-input').fill('Hello there!');
      await page.getByTestId('chat-input').press('Enter');
      await page.getByTestId('chat-error').waitFor();
      await Promise.all([page.waitForURL(/\/credits$/), page.getByTestId('chat-buy-credits').click()]);
      expect(await page.getByTestId('balance').textContent()).to.include('5');
      await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-credits.png`), fullPage: true });

      // The 250-credit bundle, paid by card.
      await Promise.all([page.waitForURL(/\/credits\/\d+$/), page.locator('.bundle--p1 a').click()]);
      await page.locator('label.method[data-method="creditcard"]').click();
      await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-checkout-method.png`), fullPage: true });
      await Promise.all([page.waitForURL(/\/test-checkout\/tp_/), page.getByTestId('pay').click()]);
      await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-test-checkout.png`) });
      await Promise.all([page.waitForURL(/\/transactions\/[0-9a-f]{24}$/), page.locator('button[data-action="pay"]').click()]);
      await page.locator('[data-state="completed"]').waitFor();
      expect(await page.locator('.payment-status__title').textContent()).to.equal('Payment completed');
      await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-payment-completed.png`) });

      // Premium now: Credits with the balance in the top bar, no Get Premium.
      expect(await page.locator('.topbar__premium').count()).to.equal(0);
      expect(await page.getByTestId('credits-badge').first().textContent()).to.equal('255');
      // The balance does not cover the tab's label (three digits; beside the label on a desktop).
      const creditsTab = page.locator('.member-nav__tab', { has: page.getByTestId('credits-badge') }).first();
      const badgeBox = (await creditsTab.getByTestId('credits-badge').boundingBox())!;
      const labelBox = (await creditsTab.locator('.member-nav__label').boundingBox())!;
      const apart = badgeBox.x >= labelBox.x + labelBox.width || badgeBox.x + badgeBox.width <= labelBox.x || badgeBox.y + badgeBox.height <= labelBox.y || badgeBox.y >= labelBox.y + labelBox.height;
      expect(apart, `badge ${JSON.stringify(badgeBox)} covers label ${JSON.stringify(labelBox)}`).to.equal(true);
      const row = await db('users').where({ id: buyer.userId }).first('credits', 'paid_user');
      expect([Number(row.credits), Boolean(row.paid_user)]).to.deep.equal([255, true]);

      // And the message goes out.
      await page.goto(`${base}/members/${partner.profileId}/chat`);
      await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.getByTestId('chat-input').fill('Hello there!');
      await page.getByTestId('chat-input').press('Enter');
      await page.locator('[data-testid="chat-message"][data-state="sent"]', { hasText: 'Hello there!' }).waitFor();
      expect(Number((await db('users').where({ id: buyer.userId }).first('credits')).credits)).to.equal(245);

      // The transactions page lists the payment and the credit movements.
      await page.goto(`${base}/transactions`);
      expect(await page.getByTestId('payments').textContent()).to.include('Paid');
      expect(await page.getByTestId('ledger').textContent()).to.include('Credits bought').and.include('Message sent');
      await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-transactions.png`), fullPage: true });
      expect(errors.filter((e) => !e.includes('status of 402'))).to.deep.equal([]);
      await context.close();
    });
  }
});
