// JavaScript only where it is used (issue 12, point 8; DESIGN.md §8): static pages and the index
// ship no script before interaction, the entry warning works with JavaScript off, the chat page
// does not carry the swipe game, members' script stays within the budget, and pages and assets
// arrive compressed while the event stream does not.
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { VIEWPORTS, openPage, useHarness } from './harness.js';
import { createE2eMember, logIn, serverDb } from './members.js';

/** DESIGN.md §8: at most 100 KB of compressed script on the heaviest page. */
const SCRIPT_BUDGET_BYTES = 100 * 1024;

interface ScriptLog {
  urls: string[];
  /** Bytes as they travelled (compressed), from the responses' Content-Length. */
  wireBytes: () => number;
  /** Bytes after decoding. */
  bodyBytes: () => Promise<number>;
}

/** Records every script the page fetches (module preloads included) and its size. */
function logScripts(page: Page): ScriptLog {
  const responses: Response[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' || /\.js(\?|$)/.test(r.url())) responses.push(r);
  });
  return {
    get urls() {
      return responses.map((r) => r.url());
    },
    wireBytes: () => responses.reduce((sum, r) => sum + Number(r.headers()['content-length'] ?? 0), 0),
    bodyBytes: async () => (await Promise.all(responses.map(async (r) => (await r.body()).length))).reduce((a, b) => a + b, 0),
  };
}

async function scriptElements(page: Page): Promise<string[]> {
  return page.locator('script[src], link[rel=modulepreload]').evaluateAll((els) => els.map((e) => e.outerHTML));
}

describe('scripts only where used, compressed responses', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  const url = (path: string) => harness().baseUrl + path;
  const dismissEntry = (context: BrowserContext) => context.addCookies([{ name: 'amora_entry', value: String(Date.now()), url: harness().baseUrl }]);

  for (const viewport of ['phone', 'desktop'] as const) {
    for (const dismissed of [false, true]) {
      it(`ships 0 bytes of script on / and /pages/terms before interaction (${viewport}, entry warning ${dismissed ? 'dismissed' : 'shown'})`, async () => {
        const { context, page, errors } = await openPage(harness().browser, viewport);
        if (dismissed) await dismissEntry(context);
        const scripts = logScripts(page);
        for (const path of ['/', '/pages/terms']) {
          await page.goto(url(path), { waitUntil: 'networkidle' });
          expect(await page.locator('.entry-warning').count(), path).to.equal(dismissed ? 0 : 1);
          // Moving about is not interaction with a script: still nothing loads.
          await page.mouse.move(200, 300);
          await page.waitForTimeout(300);
          expect(await scriptElements(page), path).to.deep.equal([]);
          expect(await page.locator('[data-island]').count(), path).to.equal(0);
        }
        expect(scripts.urls).to.deep.equal([]);
        expect(await scripts.bodyBytes()).to.equal(0);
        expect(errors).to.deep.equal([]);
        await context.close();
      });
    }
  }

  it('shows the entry warning with JavaScript off: enter posts, remembers when and comes back', async () => {
    const context = await harness().browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url('/pages/terms?from=test'));
    const warning = page.locator('.entry-warning[role=dialog][aria-modal=true]');
    await warning.waitFor();
    expect(await page.getByTestId('entry-leave').getAttribute('href')).to.match(/^https:\/\//);
    const before = Date.now();
    await page.getByTestId('entry-enter').click();
    await page.waitForURL(url('/pages/terms?from=test'));
    expect(await page.locator('.entry-warning').count()).to.equal(0);
    const entry = (await context.cookies()).find((c) => c.name === 'amora_entry');
    expect(Number(entry?.value)).to.be.within(before - 1000, Date.now() + 1000);
    expect(entry?.expires).to.be.greaterThan(Date.now() / 1000 + 300 * 24 * 3600);
    // Shown once: other pages stay clear too.
    await page.goto(url('/'));
    expect(await page.locator('.entry-warning').count()).to.equal(0);
    await context.close();
  });

  it('gives the chat page its own chunks, not the swipe game, within the script budget', async () => {
    const member = await createE2eMember(db, 'Scriptia', { gender: 'female', birthDate: '1990-05-05' });
    const partner = await createE2eMember(db, 'Chatto', { gender: 'male' });
    const { context, page, errors } = await openPage(harness().browser, 'desktop');
    await logIn(page, harness().baseUrl, member);
    const scripts = logScripts(page);
    await page.goto(url(`/members/${partner.profileId}/chat`));
    await page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const names = scripts.urls.map((u) => new URL(u).pathname);
    expect(names.some((n) => /\/chat-pane\.island-/.test(n))).to.equal(true);
    expect(names.filter((n) => /swipe-game|match-modal|wizard|signup/.test(n))).to.deep.equal([]);
    // No i18next in the browser: the translations are a key lookup in the bootstrap.
    const bodies = await Promise.all(names.map(async (n) => (await fetch(url(n))).text()));
    expect(bodies.some((b) => b.includes('i18next'))).to.equal(false);
    expect(scripts.wireBytes()).to.be.greaterThan(0).and.at.most(SCRIPT_BUDGET_BYTES);

    // The swipe game does load its chunk: the check above is not vacuous.
    const game = logScripts(page);
    await page.goto(url('/swipe-game'));
    await page.waitForLoadState('networkidle');
    expect(game.urls.some((u) => /swipe-game\.island-/.test(u))).to.equal(true);
    expect(errors.filter((e) => !/ERR_ABORTED/.test(e))).to.deep.equal([]);
    await context.close();
  });

  it('sends pages, scripts and styles compressed, and the event stream as it is', async () => {
    const { context, page } = await openPage(harness().browser, 'desktop');
    await dismissEntry(context);
    const assets: Record<string, string | undefined> = {};
    page.on('response', (r) => {
      if (/\/build\/assets\/.+\.(js|css)$/.test(r.url())) assets[r.url().replace(/^.*\./, '')] = r.headers()['content-encoding'];
    });
    const doc = await page.goto(url('/signup'), { waitUntil: 'networkidle' });
    expect(doc?.headers()['content-encoding']).to.equal('br');
    expect(doc?.headers()['vary']).to.match(/Accept-Encoding/i);
    expect(assets).to.deep.equal({ css: 'br', js: 'br' });

    // Clients that take only gzip get gzip; ones that take nothing get the plain bytes.
    const html = await page.content();
    const script = /src="(\/build\/assets\/client-[^"]+\.js)"/.exec(html)![1]!;
    const style = /href="(\/build\/assets\/site-[^"]+\.css)"/.exec(html)![1]!;
    for (const path of ['/pages/terms', script, style]) {
      const gzip = await fetch(url(path), { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding'), path).to.equal('gzip');
      expect((await gzip.text()).length, path).to.be.greaterThan(100);
      const plain = await fetch(url(path), { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding'), path).to.equal(null);
    }
    const js = await fetch(url(script), { headers: { 'accept-encoding': 'br' } });
    expect(js.headers.get('content-type')).to.match(/javascript/);
    expect(js.headers.get('cache-control')).to.include('immutable');

    // A member's event stream: never compressed (a compressor would hold events back).
    const member = await createE2eMember(db, 'Streamer');
    await logIn(page, harness().baseUrl, member);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const abort = new AbortController();
    const stream = await fetch(url('/api/events'), { headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, br' }, signal: abort.signal });
    expect(stream.status).to.equal(200);
    expect(stream.headers.get('content-type')).to.match(/text\/event-stream/);
    expect(stream.headers.get('content-encoding')).to.equal(null);
    abort.abort();
    await context.close();
  });
});
