// Banners and modals of SPEC.md §2 in Chromium: the icebreaker on a 390 px phone (opening lines for
// an empty conversation; a chosen one waits in the composer, nothing is sent or charged; dismissed,
// it stays away), the activation reminder as a modal on a phone after the signup (the banner on a
// desktop, a link without JavaScript), and the loading bar during a slow navigation.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { SCREENSHOTS, VIEWPORTS, openPage, useHarness } from './harness.js';
import { createE2eMember, logIn, serverDb, type E2eMember } from './members.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings inside one element (a dialog), as "rule: target". */
async function axeFindingsIn(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (sel) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Element, o: object): Promise<Result> } }).axe;
    const { violations } = await axe.run(document.querySelector(sel)!, { resultTypes: ['violations'] });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

describe('banners and modals in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;
  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  const hydrated = (page: Page, island: string) => page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ state: 'attached' });
  const focusedTestId = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);
  const credits = async (m: E2eMember) => Number((await db('users').where({ id: m.userId }).first('credits')).credits);
  const conversationsOf = async (m: E2eMember) => (await db('conversations').where('profile_low_id', m.profileId).orWhere('profile_high_id', m.profileId)).length;

  describe('icebreaker on a phone', () => {
    /** Demo profiles with a city and interests, none written to yet. */
    async function partners(n: number): Promise<number[]> {
      const rows = await db('profiles').whereNull('user_id').where({ status: 'active' }).whereNotNull('city')
        .whereExists(db('profile_interests').whereRaw('profile_interests.profile_id = profiles.id')).orderBy('id', 'desc').limit(n).pluck('id');
      expect(rows).to.have.length(n);
      return rows.map(Number);
    }

    async function openEmptyChat(page: Page, partnerId: number) {
      await page.goto(`${harness().baseUrl}/members/${partnerId}/chat`);
      await hydrated(page, 'chat-pane');
    }

    it('offers opening lines; a chosen one waits in the composer with nothing sent, and a dismissal is kept', async () => {
      const me = await createE2eMember(db, 'Iris Ice', { gender: 'male' });
      await db.transaction((tx) => applyCreditDelta(tx as never, { userId: me.userId, delta: 100, reason: 'grant' }));
      const [first, second, third] = await partners(3);
      // bypassCSP: axe injects an inline script, which the site's CSP rightly refuses.
      const { context, page, errors } = await openPage(harness().browser, 'phone', { bypassCSP: true });
      await logIn(page, harness().baseUrl, me);

      await openEmptyChat(page, first!);
      const dialog = page.getByRole('dialog', { name: /^Break the ice with / });
      await dialog.waitFor();
      const lines = page.getByTestId('icebreaker-line');
      expect(await lines.count()).to.be.within(3, 4);
      // Fitted to the partner: the city of the demo profiles and one of their interests come first.
      expect(await lines.first().textContent()).to.match(/I saw “.+” among your interests|we both like “.+”/);
      expect(await lines.nth(1).textContent()).to.match(/What do you like most about living in .+\?$/);
      expect(await focusedTestId(page), 'focus on the first line').to.equal('icebreaker-line');
      expect(await page.evaluate(() => document.body.classList.contains('has-modal'))).to.equal(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(VIEWPORTS.phone.width);
      await page.screenshot({ path: join(SCREENSHOTS, 'phone-icebreaker.png') });
      expect(await axeFindingsIn(page, '[data-testid="icebreaker"]')).to.deep.equal([]);

      // The keyboard reaches the second line; Enter chooses it.
      await page.keyboard.press('Tab');
      const chosen = (await lines.nth(1).textContent())!;
      expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal(chosen);
      await page.keyboard.press('Enter');
      await page.getByTestId('icebreaker').waitFor({ state: 'detached' });
      expect(await page.getByTestId('chat-input').inputValue()).to.equal(chosen);
      await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset.testid === 'chat-input', null, { timeout: 5000 })
        .catch(() => undefined);
      expect(await focusedTestId(page), 'focus in the composer').to.equal('chat-input');
      // Nothing went out: no message, no conversation, no credits taken; the price is shown.
      await page.waitForTimeout(500);
      expect(await page.getByTestId('chat-message').count()).to.equal(0);
      expect(await conversationsOf(me)).to.equal(0);
      expect(await credits(me)).to.equal(100);
      expect(await page.getByTestId('chat-credits').getAttribute('data-credits')).to.equal('100');
      expect(await page.getByTestId('chat-price').textContent()).to.include('1 message = 10 credits');
      await page.screenshot({ path: join(SCREENSHOTS, 'phone-icebreaker-picked.png') });

      // A chosen line is not a "no": the next visit offers lines again. "I'll write my own" is.
      await openEmptyChat(page, first!);
      await page.getByTestId('icebreaker').waitFor();
      await page.getByTestId('icebreaker-dismiss').click();
      await page.getByTestId('icebreaker').waitFor({ state: 'detached' });
      await openEmptyChat(page, first!);
      await page.waitForTimeout(700);
      expect(await page.getByTestId('icebreaker').count(), 'dismissed: not again').to.equal(0);

      // Esc dismisses as well.
      await openEmptyChat(page, second!);
      await page.getByTestId('icebreaker').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('icebreaker').waitFor({ state: 'detached' });
      await openEmptyChat(page, second!);
      await page.waitForTimeout(700);
      expect(await page.getByTestId('icebreaker').count(), 'dismissed by Esc: not again').to.equal(0);

      // Sent by the member: charged once, and the conversation no longer offers lines.
      await openEmptyChat(page, third!);
      await page.getByTestId('icebreaker-line').first().click();
      await page.getByTestId('chat-input').press('Enter');
      await page.locator('[data-testid="chat-message"][data-state="sent"]').waitFor();
      await page.waitForURL(/\/chats\/\d+$/);
      expect(await credits(me)).to.equal(90);
      await page.reload();
      await hydrated(page, 'chat-pane');
      await page.waitForTimeout(700);
      expect(await page.getByTestId('icebreaker').count(), 'a conversation with messages').to.equal(0);
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  });

  describe('activation reminder after the signup', () => {
    async function unconfirmed(name: string): Promise<E2eMember> {
      const m = await createE2eMember(db, name, { gender: 'female' });
      await db('users').where({ id: m.userId }).update({ status: 'not_confirmed', confirmed_at: null });
      await db('profiles').where({ id: m.profileId }).update({ status: 'disabled' });
      return m;
    }
    const banner = (page: Page) => page.getByTestId('activation-reminder');

    it('is a modal on a phone: focused, closed by Esc to the page without the query, the banner after', async () => {
      const m = await unconfirmed('Nora Phone');
      const { context, page, errors } = await openPage(harness().browser, 'phone', { bypassCSP: true });
      await logIn(page, harness().baseUrl, m);
      await page.goto(`${harness().baseUrl}/members?api_signup_complete=1`);
      await hydrated(page, 'activation-modal');
      const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
      expect(await dialog.isVisible()).to.equal(true);
      expect(await dialog.textContent()).to.include(m.email);
      expect(await banner(page).isVisible(), 'banner under the modal').to.equal(false);
      expect(await focusedTestId(page)).to.equal('activation-modal-resend');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(VIEWPORTS.phone.width);
      await page.screenshot({ path: join(SCREENSHOTS, 'phone-activation-modal.png') });
      expect(await axeFindingsIn(page, '[data-testid="activation-modal"]')).to.deep.equal([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('activation-modal').waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).to.equal('');
      await page.reload();
      expect(await banner(page).isVisible()).to.equal(true);
      expect(await page.getByTestId('activation-modal').count()).to.equal(0);
      expect(errors).to.deep.equal([]);
      await context.close();
    });

    it('stays the banner on a desktop, taking neither focus nor scrolling', async () => {
      const m = await unconfirmed('Nora Desk');
      const { context, page } = await openPage(harness().browser, 'desktop');
      await logIn(page, harness().baseUrl, m);
      await page.goto(`${harness().baseUrl}/members?api_signup_complete=1`);
      await hydrated(page, 'activation-modal');
      expect(await banner(page).isVisible()).to.equal(true);
      expect(await page.getByTestId('activation-modal').isVisible()).to.equal(false);
      expect(await page.evaluate(() => document.body.classList.contains('has-modal'))).to.equal(false);
      expect(await focusedTestId(page)).not.to.equal('activation-modal-resend');
      await context.close();
    });

    it('closes through its link without JavaScript', async () => {
      const m = await unconfirmed('Nora Plain');
      const context = await harness().browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, javaScriptEnabled: false });
      const page = await context.newPage();
      await logIn(page, harness().baseUrl, m);
      await page.goto(`${harness().baseUrl}/members?api_signup_complete=1`);
      expect(await page.getByTestId('activation-modal').isVisible()).to.equal(true);
      await Promise.all([page.waitForURL(/\/members$/), page.getByTestId('activation-modal-later').click()]);
      expect(await banner(page).isVisible()).to.equal(true);
      expect(await page.getByTestId('activation-modal').count()).to.equal(0);
      await context.close();
    });
  });

  describe('loading bar', () => {
    it('shows on following a link from a page with islands, hidden from assistive technology, and ends by itself', async () => {
      const m = await createE2eMember(db, 'Lola Load', { gender: 'female' });
      // The service worker would answer the navigation before page.route() could.
      const { context, page, errors } = await openPage(harness().browser, 'phone', { serviceWorkers: 'block' });
      await logIn(page, harness().baseUrl, m);
      await hydrated(page, 'live-badges');
      // A link whose answer never comes to a page (204, as a download would not): the bar stays
      // observable, and must not stay up for good.
      await page.route((url) => url.pathname === '/likes', (route) => route.fulfill({ status: 204 }));
      const bar = page.getByTestId('loading-bar');
      expect(await bar.count(), 'nothing before a navigation').to.equal(0);
      await page.locator('a[href="/likes"]:visible').first().click();
      await page.waitForTimeout(700);
      expect(await bar.isVisible()).to.equal(true);
      expect(await bar.getAttribute('aria-hidden')).to.equal('true');
      const progress = Number(await bar.evaluate((el) => el.style.getPropertyValue('--progress')));
      expect(progress).to.be.above(0).and.below(0.5);
      await page.screenshot({ path: join(SCREENSHOTS, 'phone-loading-bar.png') });
      await bar.waitFor({ state: 'hidden', timeout: 8000 });
      expect(new URL(page.url()).pathname).to.equal('/members');
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  });
});
