// Page-wide accessibility in Chromium (issue 18 point 6): <html lang> is the page's language in all
// seven, and language names carry their own; every control reached by Tab shows a focus ring one
// can see, on light and dark pages; form errors are announced (role=alert) and tied to their field
// (aria-invalid, aria-describedby), on pages and in islands. The test payments notice above every
// layout is a landmark of its own, so no content is left outside one.
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { LOCALES } from '../types/settings.js';
import { join } from 'node:path';
import { axeRuleFindings, describeFindings } from './axe.js';
import { openPage, SCREENSHOTS, useHarness } from './harness.js';
import { focusRingProblem, prepareFocusRings } from './focus-ring.js';
import { focusedElement } from './keyboard.js';
import { createE2eMember, logIn, serverDb, type E2eMember } from './members.js';

/** Tab stops looked at per page: the top bar and the first controls of the content. */
const TAB_STOPS = 25;

describe('page-wide accessibility: lang, focus rings, form errors', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;
  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  const entryCookie = () => ({ name: 'amora_entry', value: String(Date.now()), url: harness().baseUrl });

  async function visitorPage(lng = 'en', viewport: 'phone' | 'desktop' = 'desktop') {
    const opened = await openPage(harness().browser, viewport);
    await opened.context.addCookies([entryCookie(), { name: 'amora_lang', value: lng, url: harness().baseUrl }]);
    return opened;
  }

  async function memberPage(m: E2eMember, viewport: 'phone' | 'desktop' = 'desktop') {
    const opened = await openPage(harness().browser, viewport);
    await logIn(opened.page, harness().baseUrl, m);
    return opened;
  }

  /** What is wrong with the focus rings of the first TAB_STOPS controls of `path`, one line each. */
  async function ringProblems(page: Page, path: string): Promise<string[]> {
    await page.goto(harness().baseUrl + path);
    await page.waitForFunction(() => document.querySelectorAll('[data-island][data-hydrate="load"]:not([data-hydrated="true"])').length === 0, undefined, { timeout: 3000 }).catch(() => undefined);
    const problems: string[] = [];
    let first = '';
    for (let i = 0; i < TAB_STOPS; i++) {
      await page.keyboard.press('Tab');
      const here = await focusedElement(page);
      if (here === first) break; // round once
      first ||= here;
      const problem = await focusRingProblem(page);
      if (problem) problems.push(`${path} ${here}: ${problem}`);
    }
    return problems;
  }

  describe('lang', () => {
    for (const lng of LOCALES) {
      it(`<html lang> is ${lng} on a page, a lander and an error page in ${lng}; language names carry their own`, async () => {
        const { context, page } = await visitorPage(lng);
        for (const path of ['/', '/landers/adultonly', '/no-such-page', '/lang-config']) {
          await page.goto(harness().baseUrl + path);
          expect(await page.getAttribute('html', 'lang'), path).to.equal(lng);
        }
        // /lang-config: each language's name in its own language, the notes beside it in the page's.
        const names = await page.locator('.lang-list button[name="lng"]').evaluateAll((buttons) => buttons.map((b) => [b.getAttribute('value'), b.getAttribute('lang')]));
        expect(names).to.have.length(LOCALES.length);
        for (const [code, lang] of names) expect(lang, `the ${code} button`).to.equal(code);
        const notes = await page.locator('.lang-list small').evaluateAll((smalls) => smalls.map((s) => s.getAttribute('lang')));
        expect(notes.length).to.be.greaterThan(0);
        expect(new Set(notes)).to.deep.equal(new Set([lng]));
        // The top bar's language menu too.
        const menu = await page.locator('.lang-menu button[name="lng"]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('value') === b.getAttribute('lang')));
        expect(menu).to.have.length(LOCALES.length).and.not.to.include(false);
        await context.close();
      });
    }
  });

  describe('landmarks', () => {
    // One page of each layout: default (visitor and member), lander, chat, empty, error.
    const VISITOR_PATHS = ['/', '/landers/adultonly', '/signup', '/no-such-page'];
    const MEMBER_PATHS = ['/members', '/chats', '/settings'];

    it('the test payments notice sits in a named landmark on every layout and keeps its look (de, pl at 360 and 390 px)', async () => {
      const me = await createE2eMember(db, 'Landmarks');
      for (const lng of ['de', 'pl']) {
        for (const width of [360, 390]) {
          const visitor = await openPage(harness().browser, 'phone', { viewport: { width, height: 800 }, bypassCSP: true });
          await visitor.context.addCookies([entryCookie(), { name: 'amora_lang', value: lng, url: harness().baseUrl }]);
          const member = await openPage(harness().browser, 'phone', { viewport: { width, height: 800 }, bypassCSP: true });
          await logIn(member.page, harness().baseUrl, me);
          await member.context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
          for (const [page, path] of [...VISITOR_PATHS.map((p) => [visitor.page, p] as const), ...MEMBER_PATHS.map((p) => [member.page, p] as const)]) {
            await page.goto(harness().baseUrl + path);
            const where = `${path} (${lng}, ${width} px)`;
            const notice = page.getByTestId('test-payments-notice');
            const seen = await notice.evaluate((el) => {
              const style = getComputedStyle(el);
              const box = el.getBoundingClientRect();
              return { tag: el.tagName, name: el.getAttribute('aria-label'), text: el.textContent, height: box.height, top: box.top, width: box.width, background: style.backgroundColor, size: style.fontSize, align: style.textAlign };
            });
            expect(seen, where).to.deep.include({ tag: 'ASIDE', name: lng === 'de' ? 'Testmodus' : 'Tryb testowy', height: 24, top: 0, width, background: 'rgb(255, 224, 138)', size: '12px', align: 'center' });
            expect(seen.text, where).to.match(lng === 'de' ? /^Testmodus: / : /^Tryb testowy: /);
            expect(describeFindings(where, await axeRuleFindings(page, ['region', 'landmark-complementary-is-top-level', 'landmark-unique']))).to.deep.equal([]);
            if (path === '/' || path === '/members') await page.screenshot({ path: join(SCREENSHOTS, `phone${width}-test-payments-${path === '/' ? 'home' : path.slice(1)}-${lng}.png`) });
          }
          await visitor.context.close();
          await member.context.close();
        }
      }
    });
  });

  describe('focus rings', () => {
    it('every Tab stop of visitors\' pages and landers, light and dark, shows a ring one can see', async () => {
      const woman = await db('profiles').whereNull('user_id').where({ status: 'active', gender: 'female' }).whereNotNull('main_photo_id').first('id') as { id: number };
      const { context, page } = await visitorPage();
      await prepareFocusRings(context);
      const problems: string[] = [];
      for (const path of ['/', '/login', '/members', `/members/${woman.id}`, '/pages/faq', '/landers/adultonly', '/landers/tinderswipe', '/landers/video/women', '/landers/transitionsvideolanding/women', `/members/${woman.id}/landing`]) {
        problems.push(...(await ringProblems(page, path)));
      }
      await context.close();
      expect(problems).to.deep.equal([]);
    });

    it('every Tab stop of members\' pages shows a ring one can see (desktop and phone)', async () => {
      const me = await createE2eMember(db, 'Ring Member');
      await db.transaction((tx) => applyCreditDelta(tx as never, { userId: me.userId, delta: 100, reason: 'grant' }));
      const woman = await db('profiles').whereNull('user_id').where({ status: 'active', gender: 'female' }).whereNotNull('main_photo_id').first('id') as { id: number };
      const problems: string[] = [];
      // The phone's own controls (tab bar, the chat's header) on three pages; the rest look alike.
      const paths = {
        desktop: ['/members', `/members/${woman.id}`, `/members/${woman.id}/chat`, '/profile', '/settings', '/notifications', '/credits', '/swipe-game', '/likes'],
        phone: ['/members', `/members/${woman.id}`, `/members/${woman.id}/chat`],
      };
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await memberPage(me, viewport);
        await prepareFocusRings(context);
        for (const path of paths[viewport]) {
          problems.push(...(await ringProblems(page, path)).map((p) => `${viewport} ${p}`));
        }
        await context.close();
      }
      expect(problems).to.deep.equal([]);
    });
  });

  describe('form errors', () => {
    /** The focused control's error: its aria-invalid and the texts of what aria-describedby names that is an alert. */
    const focusedError = (page: Page) =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const ids = (el?.getAttribute('aria-describedby') ?? el?.closest('fieldset')?.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
        const alerts = ids.map((id) => document.getElementById(id)).filter((d) => d?.closest('[role="alert"]')).map((d) => d!.textContent);
        return { name: el?.getAttribute('name'), invalid: el?.getAttribute('aria-invalid') ?? null, alerts };
      });

    it('a failed login: the message is an alert, and the password field (focused) is described by it', async () => {
      const me = await createE2eMember(db, 'Wrong Key');
      const { context, page } = await visitorPage();
      await page.goto(harness().baseUrl + '/login');
      await page.fill('input[name="email"]', me.email);
      await page.fill('input[name="password"]', 'not the password at all');
      await Promise.all([page.waitForURL(/\/login/), page.locator('form[action="/login"] button[type="submit"]').press('Enter')]);
      await page.locator('#login-error').waitFor();
      const error = await focusedError(page);
      expect(error.name).to.equal('password');
      expect(error.alerts).to.have.length(1);
      expect(error.alerts[0]).to.match(/\w/);
      await context.close();
    });

    it('signup with an invalid e-mail address: the field is invalid, focused and described by its alert', async () => {
      const { context, page } = await visitorPage('en', 'phone');
      await page.goto(harness().baseUrl + '/signup');
      await page.locator('[data-island="signup-page"][data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.fill('input[name=name]', 'Mira');
      await page.fill('input[name=email]', 'mira-at-example');
      await page.fill('input[name=password]', 'a long and fine password');
      await page.selectOption('select[name=birth_day]', '4');
      await page.selectOption('select[name=birth_month]', '5');
      await page.selectOption('select[name=birth_year]', '1990');
      await page.getByTestId('signup-submit').click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
      const error = await focusedError(page);
      expect(error.invalid).to.equal('true');
      expect(error.alerts.join(' ')).to.include('Invalid email');
      await context.close();
    });

    it('a profile saved with an impossible date of birth: "Invalid date of birth." tied to the date fields', async () => {
      const me = await createE2eMember(db, 'Bad Date');
      const { context, page } = await memberPage(me);
      await page.goto(harness().baseUrl + '/profile');
      await page.selectOption('select[name=birth_day]', '31');
      await page.selectOption('select[name=birth_month]', '2');
      await Promise.all([page.waitForURL(/\/profile/), page.getByTestId('profile-save').click()]);
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'birth_day');
      const error = await focusedError(page);
      expect(error.invalid).to.equal('true');
      expect(error.alerts).to.deep.equal(['Invalid date of birth.']);
      await context.close();
    });

    it('a chat message refused (no credits): the reason fills the composer\'s live region', async () => {
      const me = await createE2eMember(db, 'No Credits');
      const woman = await db('profiles').whereNull('user_id').where({ status: 'active', gender: 'female' }).orderBy('id', 'desc').first('id') as { id: number };
      const { context, page } = await memberPage(me);
      await page.goto(`${harness().baseUrl}/members/${woman.id}/chat`);
      await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
      const region = page.getByTestId('chat-alert');
      expect(await region.getAttribute('role')).to.equal('alert');
      expect((await region.textContent())?.trim()).to.equal('');
      if (await page.getByTestId('icebreaker').count()) await page.keyboard.press('Escape');
      await page.getByTestId('chat-input').fill('Hello?');
      await page.getByTestId('chat-input').press('Enter');
      await region.getByTestId('chat-error').waitFor();
      expect(await region.textContent()).to.match(/credits/i);
      await context.close();
    });
  });
});
