// A visitor signs up on a phone with the form, confirms the e-mail from the captured mail, logs
// out and logs in again.
import { join } from 'node:path';
import { expect } from 'chai';
import { SCREENSHOTS, openPage, useHarness, waitForMail } from './harness.js';

describe('signup in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();

  it('signs up, activates from the e-mail, logs out and in (phone)', async () => {
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await page.goto(harness().baseUrl + '/');
    await page.getByTestId('entry-enter').click();
    await page.getByRole('link', { name: 'Sign up for free' }).first().click();
    await page.waitForURL(/\/signup$/);
    const email = `e2e-${Date.now()}@example.org`;
    await page.selectOption('select[name=gender]', 'female');
    await page.selectOption('select[name=seeking]', 'male');
    await page.fill('input[name=name]', 'Evi');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'sunny days at the sea');
    await page.selectOption('select[name=birth_day]', '12');
    await page.selectOption('select[name=birth_month]', '3');
    await page.selectOption('select[name=birth_year]', '1991');
    await page.selectOption('select[name=region]', 'London');
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-signup.png'), fullPage: true });
    await page.locator('.auth__card button[type=submit]').click();
    await page.waitForURL(/\/complete-signup$/);
    expect(await page.textContent('main')).to.include(email);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-complete-signup.png') });

    const mail = await waitForMail(harness().dataDir, email);
    expect(mail).to.include('Subject: Confirm your e-mail address for Amora');
    const link = /(http:\/\/localhost:\d+\/activate\?token=[A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    await page.goto(link);
    await page.waitForURL(/\/activate\/done$/);
    expect(await page.textContent('h1')).to.equal('Your e-mail address is confirmed');

    await page.locator('.account-menu summary').click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(harness().baseUrl + '/');
    await page.goto(harness().baseUrl + '/login');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'sunny days at the sea');
    await page.locator('.auth__card button[type=submit]').click();
    await page.waitForURL(/\/members$/);
    expect(await page.locator('.account-menu summary').textContent()).to.equal('Evi');
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
