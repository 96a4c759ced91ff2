// A member who forgot the password: asks for the link, opens it from the e-mail, sets a new
// password and is logged in; the old password no longer works.
import { join } from 'node:path';
import { expect } from 'chai';
import { DEMO_PASSWORD, SCREENSHOTS, openPage, useHarness, waitForMail } from './harness.js';

describe('password reset in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();

  it('resets the password from the e-mailed link (phone)', async () => {
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await context.addCookies([{ name: 'amora_entry', value: '1', url: harness().baseUrl }]);
    await page.goto(harness().baseUrl + '/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.fill('input[name=email]', 'demo@amora.local');
    await page.locator('.auth__card button[type=submit]').click();
    await page.waitForURL(/\/reset-password\?sent=1$/);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-reset-sent.png') });
    const mail = await waitForMail(harness().dataDir, '/reset-password/do?token=');
    expect(mail).to.include('Subject: Choose a new password for Amora');
    const link = /(http:\/\/localhost:\d+\/reset-password\/do\?token=[A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    await page.goto(link);
    await page.fill('input[name=password]', 'a completely new passphrase');
    await page.fill('input[name=password_confirm]', 'a completely new passphrase');
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-reset-choose.png') });
    await page.locator('.auth__card button[type=submit]').click();
    await page.waitForURL(/\/members$/);
    expect(await page.locator('.account-menu__name').textContent()).to.equal('Alex');
    expect(errors).to.deep.equal([]);

    const other = await openPage(harness().browser, 'desktop');
    await other.context.addCookies([{ name: 'amora_entry', value: '1', url: harness().baseUrl }]);
    await other.page.goto(harness().baseUrl + '/login');
    await other.page.fill('input[name=email]', 'demo@amora.local');
    await other.page.fill('input[name=password]', DEMO_PASSWORD);
    await other.page.locator('.auth__card button[type=submit]').click();
    await other.page.waitForLoadState('networkidle');
    expect(await other.page.textContent('[role=alert]')).to.equal('Login failed, please try again');
    await context.close();
    await other.context.close();
  });
});
