// The complaint form under the complaints procedure on a phone (390 px), in German and Polish:
// it fits the screen, sends without errors and shows the thank-you with the reference number.
import { join } from 'node:path';
import { expect } from 'chai';
import { SCREENSHOTS, openPage, useHarness } from './harness.js';

describe('complaint form in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();

  for (const [lng, thanks] of [['de', 'Deine Referenznummer ist'], ['pl', 'Twój numer referencyjny to']] as const) {
    it(`sends a visitor's complaint on a phone (${lng})`, async () => {
      const { context, page, errors } = await openPage(harness().browser, 'phone');
      await context.addCookies([
        { name: 'amora_entry', value: '1', url: harness().baseUrl },
        { name: 'amora_lang', value: lng, url: harness().baseUrl },
      ]);
      await page.goto(harness().baseUrl + '/complaints#complaint-form');
      const form = page.locator('#complaint-form');
      await form.scrollIntoViewIfNeeded();
      await page.selectOption('select[name=subject]', 'payment');
      await page.fill('textarea[name=message]', lng === 'de' ? 'Meine Zahlung wurde zweimal abgebucht.' : 'Moja płatność została pobrana dwa razy.');
      await page.fill('input[name=email]', `e2e-${lng}@example.com`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
      // The viewport as the member sees it after the jump to #complaint-form (heading below the sticky header).
      await page.evaluate(() => document.getElementById('complaint-form')!.scrollIntoView());
      await page.screenshot({ path: join(SCREENSHOTS, `phone-complaint-form-${lng}.png`) });
      await form.locator('button[type=submit]').click();
      await page.waitForURL(/\/complaints\?sent=/);
      expect(await page.textContent('[data-testid=complaint-sent]')).to.include(thanks);
      await form.screenshot({ path: join(SCREENSHOTS, `phone-complaint-sent-${lng}.png`) });
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }
});
