// A visitor signs up on a phone on the /signup page, and on a desktop in the modal (the /signup
// page shown as a dialog over the site, reached by a plain link from a page without script), walks
// the steps, confirms the e-mail from the captured mail, logs out and logs in again.
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect } from 'chai';
import { SCREENSHOTS, openPage, useHarness, waitForMail } from './harness.js';

async function skipSteps(page: Page, steps: string[]) {
  for (const step of steps) {
    await page.locator(`[data-step=${step}]`).waitFor();
    await page.locator(`[data-step=${step}] button[name=skip]`).click();
  }
}

describe('signup in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();

  it('signs up, activates from the e-mail, logs out and in (phone)', async () => {
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await page.goto(harness().baseUrl + '/');
    await page.getByTestId('entry-enter').click();
    await page.locator('.entry-warning').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Sign up for free' }).first().click();
    await page.waitForURL(/\/signup$/);
    // On a phone /signup is a page, not a dialog.
    await page.locator('[data-island="signup-page"][data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await page.locator('[role=dialog]').count()).to.equal(0);
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
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('signup-progress').waitFor();
    await page.locator('[data-step=photo]').waitFor();
    await skipSteps(page, ['photo', 'personal', 'about']);
    await page.getByTestId('step-push-submit').click();
    await page.getByTestId('signup-complete').waitFor();
    expect(await page.getByTestId('signup-complete').textContent()).to.include(email);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-complete-signup.png') });
    // A reload stays on the complete step: the server keeps it.
    await page.goto(harness().baseUrl + '/signup');
    await page.waitForURL(/\/complete-signup$/);

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
    expect(await page.locator('.account-menu__name').textContent()).to.equal('Evi');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('signs up in the modal on desktop, which Esc closes only before the account is created', async () => {
    const { context, page, errors, scripts } = await openPage(harness().browser, 'desktop');
    await page.goto(harness().baseUrl + '/');
    await page.getByTestId('entry-enter').click();
    await page.locator('.entry-warning').waitFor({ state: 'detached' });
    // The index page has no script: the link is followed, and /signup is the dialog itself.
    expect(scripts).to.deep.equal([]);
    const signupLink = page.locator('.topbar a[href="/signup"]');
    const modal = page.getByTestId('signup-modal');
    const openModal = async () => {
      await signupLink.click();
      await page.waitForURL(/\/signup$/);
      await page.locator('[data-island="signup-page"][data-hydrated="true"]').waitFor({ state: 'attached' });
      await modal.locator('[role=dialog][aria-modal=true]').waitFor();
    };
    await openModal();
    // Over the site: the top bar is still there behind the backdrop, and focus is in the dialog.
    expect(await page.locator('.topbar').isVisible()).to.equal(true);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).to.equal(true);
    await page.keyboard.press('Escape');
    await page.waitForURL(harness().baseUrl + '/');
    await openModal();
    await page.mouse.click(8, 300);
    await page.waitForURL(harness().baseUrl + '/');

    await openModal();
    const email = `e2e-modal-${Date.now()}@example.org`;
    await modal.locator('input[name=name]').fill('Noor');
    await modal.locator('input[name=email]').fill(email);
    await modal.locator('input[name=password]').fill('quiet evenings with books');
    await modal.locator('select[name=birth_day]').selectOption('8');
    await modal.locator('select[name=birth_month]').selectOption('11');
    await modal.locator('select[name=birth_year]').selectOption('1988');
    await modal.getByTestId('signup-submit').click();
    await page.getByTestId('signup-progress').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'desktop-signup-progress.png') });
    // In progress: neither Esc nor the backdrop closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(8, 300);
    await page.waitForTimeout(300);
    expect(await modal.count()).to.equal(1);
    expect(page.url()).to.match(/\/signup$/);
    expect(await modal.locator('.signup-dialog__close').count()).to.equal(0);

    await modal.locator('[data-step=photo]').waitFor();
    const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#d9a' } }).jpeg().toBuffer();
    await modal.getByTestId('photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await modal.getByTestId('step-photo-submit').click();
    await modal.locator('[data-step=personal]').waitFor();
    // A reload resumes the modal at the same step, still not to be closed.
    await page.reload();
    await modal.locator('[data-step=personal]').waitFor();
    await modal.locator('[role=dialog][aria-modal=true]').waitFor();
    expect(await modal.locator('.signup-dialog__close').count()).to.equal(0);
    await modal.locator('select[name=eye_color]').selectOption('green');
    await modal.getByTestId('step-personal-submit').click();
    await modal.locator('[data-step=about]').waitFor();
    await modal.locator('textarea[name=signup_message]').fill('Books, tea and long talks.');
    await modal.getByTestId('step-about-submit').click();
    await modal.locator('[data-step=push]').waitFor();
    await modal.getByTestId('step-push-submit').click();
    await modal.getByTestId('signup-complete').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'desktop-signup-complete.png') });

    const mail = await waitForMail(harness().dataDir, email);
    const link = /(http:\/\/localhost:\d+\/activate\?token=[A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    await page.goto(link);
    await page.waitForURL(/\/activate\/done$/);
    await page.goto(harness().baseUrl + '/members');
    expect(await page.locator('.account-menu__name').textContent()).to.equal('Noor');
    expect(await page.getByTestId('signup-modal').count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('shows the server\'s message beside the name when it imitates a member\'s (issue 13)', async () => {
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await page.goto(harness().baseUrl + '/');
    await page.getByTestId('entry-enter').click();
    await page.locator('.entry-warning').waitFor({ state: 'detached' });
    await page.goto(harness().baseUrl + '/signup');
    await page.locator('[data-island="signup-page"][data-hydrated="true"]').waitFor({ state: 'attached' });
    // The demo member of this site is called Alex; this Аlex begins with a Cyrillic А.
    await page.fill('input[name=name]', '\u0410lex');
    await page.fill('input[name=email]', `e2e-lookalike-${Date.now()}@example.org`);
    await page.fill('input[name=password]', 'sunny days at the sea');
    await page.selectOption('select[name=birth_day]', '12');
    await page.selectOption('select[name=birth_month]', '3');
    await page.selectOption('select[name=birth_year]', '1991');
    await page.getByTestId('signup-submit').click();
    const name = page.locator('input[name=name][aria-invalid=true]');
    await name.waitFor();
    const message = await page.locator(`#${await name.getAttribute('aria-describedby').then((ids) => ids!.split(' ')[0])}`).textContent();
    expect(message).to.equal("Username is already taken or looks too much like another member's username");
    expect(await name.inputValue()).to.equal('\u0410lex');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).to.equal('name');
    // The browser logs the refused request itself; nothing else may go wrong.
    expect(errors.filter((e) => !e.includes('status of 400'))).to.deep.equal([]);
    await context.close();
  });
});
