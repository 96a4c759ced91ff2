// A discount code in Chromium on a phone (issue 14): typed into the field on /credits, the bundle
// cards show the old price struck through and the new one; the payment page names the
// discounted price; the test checkout is paid; the code is then used. On 360 and 390 px phones in
// German and Polish: the retention offer before deleting, discounts on /transactions, direct debit.
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createE2eMember, logIn, serverDb } from './members.js';
import { SCREENSHOTS, openPage, useHarness } from './harness.js';

describe('discount codes in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  it('phone: a new member sees the time bonus counting down, claims it, pays 25% less, and the bonus is gone', async () => {
    const member = await createE2eMember(db, 'BonusBuyer');
    await db('users').where({ id: member.userId }).update({ signup_date: Date.now() - 60_000, paid_user: false });
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await page.clock.install(); // the modal's 40 s pass in a moment: time runs, and can be moved on
    const base = harness().baseUrl;
    await logIn(page, base, member);
    await page.goto(`${base}/members`);
    await page.locator('[data-island="time-bonus-countdown"][data-hydrated="true"]').waitFor({ state: 'attached' });
    const clock = page.getByTestId('time-bonus-clock');
    const first = await clock.textContent();
    expect(first).to.match(/^03:5\d:\d\d$/);
    await page.waitForFunction((before) => document.querySelector('[data-testid="time-bonus-clock"]')?.textContent !== before, first, { timeout: 5000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-time-bonus.png') });

    // 0 credits: the modal after 40 s; "Not now" stores the dismissal, and it does not come back.
    expect(await page.getByTestId('time-bonus-modal').count()).to.equal(0);
    await page.clock.fastForward(41_000);
    await page.getByTestId('time-bonus-modal').waitFor();
    expect(await page.locator('#time-bonus-title').textContent()).to.equal('Your time bonus: 25% off');
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-time-bonus-modal.png') });
    await page.getByTestId('time-bonus-dismiss').click();
    await page.getByTestId('time-bonus-modal').waitFor({ state: 'detached' });
    for (let i = 0; i < 50 && !(await db('dismissals').where({ user_id: member.userId, alert: 'time_bonus' }).first()); i++) await page.waitForTimeout(100);
    await page.reload();
    await page.locator('[data-island="time-bonus-countdown"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.clock.fastForward(41_000);
    expect(await page.getByTestId('time-bonus-modal').count()).to.equal(0);

    await Promise.all([page.waitForURL(/\/credits\?code=TIMEBONUS25$/), page.locator('[data-testid="time-bonus"] a').click()]);
    await page.getByTestId('code-applied').waitFor();
    expect(await page.locator('.bundle .price__old').count()).to.be.above(0); // the list prices struck through
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-time-bonus-credits.png'), fullPage: true });
    await Promise.all([page.waitForURL(/\/credits\/\d+\?code=TIMEBONUS25$/), page.locator('.bundle--p0 a').click()]);
    await page.locator('label.method[data-method="creditcard"]').click();
    await Promise.all([page.waitForURL(/\/test-checkout\/tp_/), page.getByTestId('pay').click()]);
    await Promise.all([page.waitForURL(/\/transactions\/[0-9a-f]{24}$/), page.locator('button[data-action="pay"]').click()]);
    await page.locator('[data-state="completed"]').waitFor();
    const paid = await db('payments').where({ user_id: member.userId }).first('amount_cents', 'discount_cents');
    expect(Number(paid.discount_cents)).to.equal(Math.floor(((Number(paid.amount_cents) + Number(paid.discount_cents)) * 25 + 50) / 100));

    await page.goto(`${base}/members`);
    expect(await page.getByTestId('time-bonus').count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('phone: the welcome offer counts down after the time bonus is over', async () => {
    const member = await createE2eMember(db, 'WelcomeBuyer');
    await db('users').where({ id: member.userId }).update({ signup_date: Date.now() - 2 * 86_400_000 });
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await logIn(page, harness().baseUrl, member);
    await page.goto(`${harness().baseUrl}/members`);
    await page.locator('[data-island="welcome-offer-countdown"][data-hydrated="true"]').waitFor({ state: 'attached' });
    const left = page.getByTestId('welcome-offer-left');
    const first = await left.textContent();
    expect(first).to.match(/^Offer valid for 4 d 23:5\d:\d\d$/);
    await page.waitForFunction((before) => document.querySelector('[data-testid="welcome-offer-left"]')?.textContent !== before, first, { timeout: 5000 });
    expect(await page.getByTestId('time-bonus').count()).to.equal(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-welcome-offer.png') });
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('phone: apply a code, see the struck-through prices, pay the discounted price, and the code is used', async () => {
    const now = Date.now();
    await db('discount_codes').insert({ code: 'E2E-TWENTY', value_percentage: 20, status: 'active', kind: 'code', max_uses: 1, uses: 0, created_at: now });
    const buyer = await createE2eMember(db, 'CodeBuyer');
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    const base = harness().baseUrl;
    await logIn(page, base, buyer);
    await page.goto(`${base}/credits`);
    await page.locator('.code-form input[name="code"]').fill(' e2e-twenty ');
    await Promise.all([page.waitForURL(/\/credits\?code=/), page.locator('.code-form button[type="submit"]').click()]);
    await page.getByTestId('code-applied').waitFor();
    expect(await page.locator('.bundle .price__old').count()).to.equal(4);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-credits-discount.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow').to.be.at.most(0);

    await Promise.all([page.waitForURL(/\/credits\/\d+\?code=E2E-TWENTY$/), page.locator('.bundle--p0 a').click()]);
    const pay = (await page.getByTestId('pay').textContent())!;
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-checkout-discount.png'), fullPage: true });
    await page.locator('label.method[data-method="creditcard"]').click();
    await Promise.all([page.waitForURL(/\/test-checkout\/tp_/), page.getByTestId('pay').click()]);
    await Promise.all([page.waitForURL(/\/transactions\/[0-9a-f]{24}$/), page.locator('button[data-action="pay"]').click()]);
    await page.locator('[data-state="completed"]').waitFor();
    const paid = await db('payments').where({ user_id: buyer.userId }).first('amount_cents', 'discount_cents', 'currency');
    expect(pay).to.include(((paid.amount_cents as number) / 100).toFixed(2).replace('.', pay.includes(',') ? ',' : '.'));
    expect(Number(paid.discount_cents)).to.be.above(0);
    expect((await db('discount_redemptions').where({ user_id: buyer.userId }).first('status')).status).to.equal('used');

    await page.goto(`${base}/credits?code=E2E-TWENTY`);
    expect(await page.locator('.code-form .notice--error').textContent()).to.equal('Code already used');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('phones of 360 and 390 px in German and Polish: the retention offer before deleting, the discount on /transactions, direct debit with a code', async () => {
    const now = Date.now();
    const [codeId] = await db('discount_codes').insert({ code: 'E2E-LOYAL-FIFTEEN', value_percentage: 15, status: 'active', kind: 'code', uses: 1, created_at: now });
    await db('discount_codes').insert({ code: 'E2E-SEPA', value_percentage: 10, status: 'active', kind: 'code', paymentmethods: JSON.stringify(['sdd']), uses: 0, created_at: now });
    const member = await createE2eMember(db, 'Loyal');
    await db('users').where({ id: member.userId }).update({ paid_user: true, premium_since: now, signup_date: now - 30 * 86_400_000 });
    await db('profiles').where({ user_id: member.userId }).update({ country: 'DE' });
    const bundle = await db('bundles').where({ currency: 'EUR', credits: 100 }).first('id', 'price_cents');
    await db('payments').insert({
      public_id: 'e2e0'.repeat(6), user_id: member.userId, site_id: 1, bundle_id: bundle.id, credits: 100, amount_cents: 1696, discount_cents: 299,
      discount_code_id: codeId, currency: 'EUR', method: 'creditcard', provider: 'test', status: 'paid', paid_at: now, fulfilled_at: now, created_at: now, updated_at: now,
    });
    const base = harness().baseUrl;
    const texts = { de: { offer: 'Bevor du gehst', discount: 'Rabatt −15 % (E2E-LOYAL-FIFTEEN)' }, pl: { offer: 'Zanim odejdziesz', discount: 'Rabat −15% (E2E-LOYAL-FIFTEEN)' } };
    for (const lng of ['de', 'pl'] as const) {
      for (const width of [360, 390]) {
        const { context, page, errors } = await openPage(harness().browser, 'phone', { viewport: { width, height: 800 } });
        await context.addCookies([{ name: 'amora_lang', value: lng, url: base }]);
        await logIn(page, base, member);
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

        await page.goto(`${base}/settings#delete`);
        const offer = page.getByTestId('retention-offer');
        expect(await offer.locator('h3').textContent()).to.include(texts[lng].offer);
        await offer.screenshot({ path: join(SCREENSHOTS, `phone-${width}-${lng}-retention-offer.png`) });
        expect(await overflow(), `settings ${lng} ${width}`).to.be.at.most(0);

        await page.goto(`${base}/transactions`);
        expect(await page.getByTestId('payment-discount').textContent()).to.include(texts[lng].discount);
        await page.screenshot({ path: join(SCREENSHOTS, `phone-${width}-${lng}-transactions-discount.png`), fullPage: true });
        expect(await overflow(), `transactions ${lng} ${width}`).to.be.at.most(0);

        await page.goto(`${base}/directdebit?bundle=${bundle.id}&code=E2E-SEPA`);
        await page.getByTestId('code-applied').waitFor();
        await page.screenshot({ path: join(SCREENSHOTS, `phone-${width}-${lng}-directdebit-code.png`), fullPage: true });
        expect(await overflow(), `directdebit ${lng} ${width}`).to.be.at.most(0);

        if (lng === 'pl' && width === 390) {
          // The offer's button: the member's own code, applied on /credits.
          await Promise.all([page.waitForURL(/\/credits\?code=STAY-[A-Z2-9]{10}$/), (async () => {
            await page.goto(`${base}/settings#delete`);
            await page.getByTestId('retention-offer').locator('button[type="submit"]').click();
          })()]);
          await page.getByTestId('code-applied').waitFor();
          expect(await page.locator('.bundle .price__old').count()).to.be.above(0);
          await page.screenshot({ path: join(SCREENSHOTS, `phone-${width}-${lng}-retention-credits.png`), fullPage: true });
        }
        expect(errors).to.deep.equal([]);
        await context.close();
      }
    }
    expect(await db('discount_codes').where({ user_id: member.userId, campaign: 'retention' }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
  });
});
