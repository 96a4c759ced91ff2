// Presence in Chromium (issue 16): a member with a page of the site open is "online" on their
// profile as another member sees it; when that page becomes hidden it sends the page-hidden beacon
// and the member is away at once; shown again, online; the page closed, away. The chat header of
// the other member follows when its page is shown again.
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { createE2eMember, serverDb } from './members.js';
import { SCREENSHOTS, openMemberPage, useHarness } from './harness.js';

/** What the browser does when the tab is switched or the phone locked: the page's visibility changes. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  // A string, so that the test runner's transform (which names functions) stays out of the page.
  await page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: '${state}' });
    Object.defineProperty(document, 'hidden', { configurable: true, value: ${state === 'hidden'} });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('presence in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  /** The presence Cai's browser shows on a profile page: online, away, or none. */
  async function presenceOnProfile(page: Page, profileId: number): Promise<string | null> {
    await page.goto(`${harness().baseUrl}/members/${profileId}`);
    const badge = page.getByTestId('profile-presence').locator('[data-presence]');
    return (await badge.count()) ? badge.getAttribute('data-presence') : null;
  }

  it('online while a page is open; away at once when it is hidden; online when shown again; away when closed', async () => {
    const bea = await createE2eMember(db, 'Bea', { gender: 'female' });
    const cai = await createE2eMember(db, 'Cai');
    const c = await openMemberPage(harness(), 'desktop', cai);
    expect(await presenceOnProfile(c.page, bea.profileId)).to.equal('away');

    // Bea opens the site on her phone: the member pages keep the event stream open.
    const b = await openMemberPage(harness(), 'phone', bea);
    await until(async () => (await presenceOnProfile(c.page, bea.profileId)) === 'online');
    expect(await c.page.getByTestId('profile-presence').textContent()).to.equal('Online now');
    await c.page.screenshot({ path: join(SCREENSHOTS, 'desktop-presence-online.png') });

    // Her page becomes hidden: the beacon goes out (token and stream in its URL) and is taken.
    const beacon = b.page.waitForResponse((r) => r.url().includes('/api/page-hidden.php'));
    await setVisibility(b.page, 'hidden');
    const answer = await beacon;
    expect(answer.status()).to.equal(204);
    expect(answer.request().method()).to.equal('POST');
    expect(answer.url()).to.match(/[?&]_csrf=[^&]+/).and.to.match(/[?&]stream=[A-Za-z0-9_-]{22}/);
    expect(await presenceOnProfile(c.page, bea.profileId)).to.equal('away');
    expect(await c.page.getByTestId('profile-presence').textContent()).to.equal('Active 1 minute ago');

    // Cai keeps the chat with Bea open: its header says she is away.
    await c.page.goto(`${harness().baseUrl}/members/${bea.profileId}/chat`);
    await c.page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
    const header = c.page.getByTestId('chat-head').locator('[data-presence]');
    expect(await header.getAttribute('data-presence')).to.equal('away');

    // Bea's page is shown again: a new stream, online again; Cai's chat header follows when his
    // own page is shown again (it also asks every minute).
    await setVisibility(b.page, 'visible');
    await until(async () => {
      const res = await c.page.request.get(`${harness().baseUrl}/api/presence.php?profiles=${bea.profileId}`);
      return ((await res.json()) as { presence: Record<string, { state: string } | null> }).presence[String(bea.profileId)]?.state === 'online';
    });
    await setVisibility(c.page, 'hidden');
    await setVisibility(c.page, 'visible');
    await c.page.locator('[data-testid="chat-head"] [data-presence="online"]').waitFor({ timeout: 5000 });
    await c.page.screenshot({ path: join(SCREENSHOTS, 'desktop-presence-chat.png') });

    // Bea closes the tab: no beacon, the stream ends with the page.
    await b.context.close();
    await c.page.goto(`${harness().baseUrl}/members`);
    await until(async () => (await presenceOnProfile(c.page, bea.profileId)) === 'away');
    expect(c.errors).to.deep.equal([]);
    await c.context.close();
  });
});
