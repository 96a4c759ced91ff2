// The modals by keyboard alone (issue 18 point 6), on a desktop: the focus moves in, Tab and
// Shift+Tab stay inside, Esc closes where that is allowed (never the signup while it is in
// progress, SPEC.md §2), the focus comes back to the control that opened it, and axe finds no
// serious or critical violation while each is open, in English and then (opened again) German.
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { AXE_CONTEXT, axeFindings, describeFindings, preloadAxe } from './axe.js';
import { openPage, useHarness } from './harness.js';
import { autofocusedTestId, focusEscapes, focusIsIn, focusedElement, tabTo } from './keyboard.js';
import { createE2eMember, logIn, serverDb, type E2eMember } from './members.js';

describe('modals by keyboard, and axe with each open', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;
  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  const hydrated = (page: Page, island: string) => page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ state: 'attached' });

  async function visitorPage(lng: string, entryWarning = false) {
    const opened = await openPage(harness().browser, 'desktop', AXE_CONTEXT);
    await preloadAxe(opened.context);
    await opened.context.addCookies([
      { name: 'amora_lang', value: lng, url: harness().baseUrl },
      ...(entryWarning ? [] : [{ name: 'amora_entry', value: String(Date.now()), url: harness().baseUrl }]),
    ]);
    return opened;
  }

  async function memberPage(m: E2eMember, lng: string) {
    const opened = await openPage(harness().browser, 'desktop', AXE_CONTEXT);
    await preloadAxe(opened.context);
    await logIn(opened.page, harness().baseUrl, m);
    await opened.context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
    return opened;
  }

  const axeProblems = async (page: Page, where: string) => describeFindings(where, await axeFindings(page));

  /** A woman of the demo data with a photo, a city and interests, not used by an earlier test. */
  const used: number[] = [];
  async function woman(): Promise<number> {
    const id = await db('profiles').whereNull('user_id').where({ status: 'active', gender: 'female' }).whereNotNull('main_photo_id').whereNotNull('city')
      .whereExists(db('profile_interests').whereRaw('profile_interests.profile_id = profiles.id'))
      .whereNotIn('id', used).orderBy('id', 'desc').first('id') as { id: number };
    used.push(Number(id.id));
    return Number(id.id);
  }

  /** The page in German now (the cookie the language menu sets): the modal is opened again there for axe. */
  const toGerman = (page: Page) => page.context().addCookies([{ name: 'amora_lang', value: 'de', url: harness().baseUrl }]);

  it('site-entry warning: the focus starts on its answer and Tab stays in it, without a script', async () => {
    const { context, page } = await visitorPage('en', true);
    await page.goto(harness().baseUrl + '/');
    await page.getByTestId('entry-warning').waitFor();
    expect(await autofocusedTestId(page)).to.equal('entry-enter');
    expect(await axeProblems(page, 'entry warning en')).to.deep.equal([]);
    expect(await focusEscapes(page, '[data-testid="entry-warning"]', { browserStop: true })).to.deep.equal([]);
    // Enter on its button lets the visitor in: the page without the warning.
    await tabTo(page, '[data-testid="entry-enter"]');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(await page.getByTestId('entry-warning').count()).to.equal(0);
    await context.clearCookies({ name: 'amora_entry' });
    await toGerman(page);
    await page.goto(harness().baseUrl + '/');
    await page.getByTestId('entry-warning').waitFor();
    expect(await axeProblems(page, 'entry warning de')).to.deep.equal([]);
    await context.close();
  });

  it('signup dialog (/signup on a desktop): reached by keyboard, focus on the first field, Tab kept inside, Esc leaves', async () => {
    const { context, page } = await visitorPage('en');
    await page.goto(harness().baseUrl + '/');
    await tabTo(page, '.topbar a[href="/signup"]');
    await Promise.all([page.waitForURL(/\/signup$/), page.keyboard.press('Enter')]);
    await hydrated(page, 'signup-page');
    const dialog = '[data-testid="signup-modal"] [role="dialog"][aria-modal="true"]';
    await page.locator(dialog).waitFor();
    expect(await focusIsIn(page, dialog), await focusedElement(page)).to.equal(true);
    expect(await page.evaluate(() => document.activeElement?.matches('input, select'))).to.equal(true);
    expect(await focusEscapes(page, dialog, { presses: 20 })).to.deep.equal([]);
    expect(await axeProblems(page, 'signup dialog en')).to.deep.equal([]);
    await Promise.all([page.waitForURL(harness().baseUrl + '/'), page.keyboard.press('Escape')]);
    await toGerman(page);
    await page.goto(harness().baseUrl + '/signup');
    await hydrated(page, 'signup-page');
    await page.locator(dialog).waitFor();
    expect(await axeProblems(page, 'signup dialog de')).to.deep.equal([]);
    await context.close();
  });

  it('signup modal resumed on another page (a step after the account): focus in, Tab kept inside, Esc does not close it', async () => {
    const me = await createE2eMember(db, 'Resume');
    await db('users').where({ id: me.userId }).update({ signup_step: 'personal' });
    const { context, page } = await memberPage(me, 'en');
    const dialog = '[data-testid="signup-modal"] [role="dialog"]';
    const open = async () => {
      await page.goto(harness().baseUrl + '/members');
      await page.locator(dialog).waitFor();
      await page.waitForFunction((sel) => Boolean(document.activeElement?.closest(sel)), dialog);
    };
    await open();
    expect(await focusEscapes(page, dialog, { presses: 20 })).to.deep.equal([]);
    expect(await axeProblems(page, 'signup modal en')).to.deep.equal([]);
    await page.keyboard.press('Escape');
    expect(await page.locator(dialog).count(), 'still open after Esc').to.equal(1);
    expect(await focusIsIn(page, dialog)).to.equal(true);
    await toGerman(page);
    await open();
    expect(await axeProblems(page, 'signup modal de')).to.deep.equal([]);
    await context.close();
  });

  it('match modal: a like by keyboard opens it over the profile; Esc closes it and the focus is back on the like button', async () => {
    const me = await createE2eMember(db, 'Match');
    const her = await woman();
    await db('likes').insert({ from_profile_id: her, to_profile_id: me.profileId, source: 'normal', is_new: true, created_at: Date.now() });
    const { context, page } = await memberPage(me, 'en');
    await page.goto(`${harness().baseUrl}/members/${her}`);
    await hydrated(page, 'like-button');
    await tabTo(page, '[data-testid="like-button"]', { max: 60 });
    await page.keyboard.press('Enter');
    const dialog = '[data-testid="match-modal"] [role="dialog"]';
    await page.locator(dialog).waitFor();
    expect(await focusIsIn(page, dialog), await focusedElement(page)).to.equal(true);
    expect(await focusEscapes(page, dialog)).to.deep.equal([]);
    expect(await axeProblems(page, 'match modal en')).to.deep.equal([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('match-modal').waitFor({ state: 'detached' });
    expect(await focusedElement(page)).to.include('[like-button]');
    // The same modal as a link opens it (?match), in German.
    await toGerman(page);
    await page.goto(`${harness().baseUrl}/members/${her}?match=1&t=0`);
    await page.locator(dialog).waitFor();
    expect(await axeProblems(page, 'match modal de')).to.deep.equal([]);
    await context.close();
  });

  it('time-bonus modal (40 s into the members area): focus in, Tab kept inside, Esc closes it', async () => {
    const me = await createE2eMember(db, 'Bonus');
    const { context, page } = await memberPage(me, 'en');
    await page.clock.install();
    const dialog = '[data-testid="time-bonus-modal"] [role="dialog"]';
    const open = async () => {
      await page.goto(harness().baseUrl + '/members');
      await hydrated(page, 'time-bonus-countdown');
      await page.clock.fastForward(41_000);
      await page.locator(dialog).waitFor();
    };
    await open();
    expect(await focusIsIn(page, dialog), await focusedElement(page)).to.equal(true);
    expect(await focusEscapes(page, dialog)).to.deep.equal([]);
    expect(await axeProblems(page, 'time-bonus modal en')).to.deep.equal([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('time-bonus-modal').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.classList.contains('has-modal'))).to.equal(false);
    await toGerman(page);
    await open();
    expect(await axeProblems(page, 'time-bonus modal de')).to.deep.equal([]);
    await context.close();
  });

  it('icebreaker over a new conversation: focus on the first line, Tab kept inside, Esc closes it', async () => {
    const me = await createE2eMember(db, 'Ice');
    const { context, page } = await memberPage(me, 'en');
    const dialog = '[data-testid="icebreaker"] [role="dialog"]';
    // A dismissal is remembered for that partner: German gets another one.
    const open = async () => {
      await page.goto(`${harness().baseUrl}/members/${await woman()}/chat`);
      await page.locator(dialog).waitFor();
    };
    await open();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).to.equal('icebreaker-line');
    expect(await focusEscapes(page, dialog)).to.deep.equal([]);
    expect(await axeProblems(page, 'icebreaker en')).to.deep.equal([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('icebreaker').waitFor({ state: 'detached' });
    await toGerman(page);
    await open();
    expect(await axeProblems(page, 'icebreaker de')).to.deep.equal([]);
    await context.close();
  });
});
