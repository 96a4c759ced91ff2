// The foundation as a visitor meets it in Chromium: the index page, the site-entry warning (a plain
// form), pages without scripts, search, a profile, the 404 page and the language menu, on phone and
// desktop.
import { join } from 'node:path';
import { expect } from 'chai';
import { SCREENSHOTS, openPage, useHarness } from './harness.js';
import { autofocusedTestId } from './keyboard.js';

type Page = Awaited<ReturnType<typeof openPage>>['page'];

/**
 * The words inside an element whose letters the browser laid out on more than one line. A line may
 * end after a hyphen ("Chat-" / "Website"), so the parts of a hyphenated word count on their own.
 */
function wordsSplitAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(document.querySelector(sel)!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/[^\s\-\u2010\u2013]+[-\u2010\u2013]?/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(word[0]);
      }
    }
    return split;
  }, selector);
}

describe('foundation in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();

  it('serves the hashed client build with long cache headers', async () => {
    // /signup carries an island; the index page ships no script at all (e2e/scripts.e2e.ts).
    const html = await (await fetch(harness().baseUrl + '/signup')).text();
    const src = /<script type="module" src="(\/build\/assets\/client-[^"]+\.js)"/.exec(html)?.[1];
    expect(src).to.be.a('string');
    const res = await fetch(harness().baseUrl + src!);
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    const css = /<link rel="stylesheet" href="(\/build\/assets\/site-[^"]+\.css)"/.exec(html)?.[1];
    expect((await fetch(harness().baseUrl + css!)).headers.get('cache-control')).to.include('immutable');
    expect((await fetch(harness().baseUrl + '/build/assets/nope.js')).status).to.equal(404);
  });

  it('lets a phone held sideways reach the whole site-entry warning: it scrolls, top and buttons in reach', async () => {
    const { context, page, errors } = await openPage(harness().browser, 'phone', { viewport: { width: 740, height: 360 }, locale: 'pl-PL' });
    await page.goto(harness().baseUrl + '/', { waitUntil: 'networkidle' });
    await page.locator('.entry-warning').waitFor();
    const onWarning = (code: string) => page.evaluate(`(() => { const w = document.querySelector('.entry-warning'); return ${code}; })()`);
    // Taller than the screen: the warning scrolls, from the card's top edge to its last button.
    expect(await onWarning('w.scrollHeight > w.clientHeight')).to.equal(true);
    await onWarning('w.scrollTo(0, 0)');
    expect((await page.locator('.entry-warning__badge').boundingBox())!.y).to.be.at.least(0);
    await onWarning('w.scrollTo(0, w.scrollHeight)');
    const leave = (await page.getByTestId('entry-leave').boundingBox())!;
    expect(leave.y + leave.height).to.be.at.most(360);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-landscape-entry-warning.png') });
    await page.getByTestId('entry-enter').click();
    await page.locator('.entry-warning').waitFor({ state: 'detached' });
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  // A desktop too: there "break anywhere" once split German's "Verlassen" inside the word.
  for (const [lng, width] of [['de', 360], ['pl', 390], ['de', 1280]] as const) {
    it(`keeps the site-entry warning inside a ${width} px screen in ${lng}: its long answers wrap between words`, async () => {
      const { context, page, errors } = await openPage(harness().browser, width < 600 ? 'phone' : 'desktop', { viewport: { width, height: 800 } });
      await context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
      await page.goto(harness().baseUrl + '/', { waitUntil: 'networkidle' });
      await page.locator('.entry-warning').waitFor();
      expect(await page.locator('html').getAttribute('lang')).to.equal(lng);
      // Position fixed: the page's own width never shows this, only the boxes' edges do.
      for (const selector of ['.entry-warning__card', '[data-testid="entry-enter"]', '[data-testid="entry-leave"]', '#entry-warning-title']) {
        const box = (await page.locator(selector).boundingBox())!;
        expect(box.x, selector).to.be.at.least(0);
        expect(box.x + box.width, selector).to.be.at.most(width);
        expect(await wordsSplitAcrossLines(page, selector), `${selector}: words split across lines`).to.deep.equal([]);
      }
      await page.screenshot({ path: join(SCREENSHOTS, `${width < 600 ? 'phone' : 'desktop'}-${width}-${lng}-entry-warning.png`) });
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    describe(viewport, () => {
      it('renders the index page with the site-entry warning, which works as a plain form', async () => {
        const { context, page, errors, scripts } = await openPage(harness().browser, viewport);
        await page.goto(harness().baseUrl + '/', { waitUntil: 'networkidle' });
        expect(await page.locator('.card').count()).to.be.greaterThan(3);
        await page.locator('.entry-warning').waitFor();
        expect(await autofocusedTestId(page)).to.equal('entry-enter');
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-index-entry-warning.png`) });
        await page.getByTestId('entry-enter').click();
        await page.waitForURL(harness().baseUrl + '/');
        await page.locator('.entry-warning').waitFor({ state: 'detached' });
        const cookies = await context.cookies();
        expect(Number(cookies.find((c) => c.name === 'amora_entry')?.value)).to.be.closeTo(Date.now(), 60_000);
        expect(scripts).to.deep.equal([]);
        expect(errors).to.deep.equal([]);
        await context.close();
      });

      it('ships visitors no island on the index, search and profile pages once the warning was dismissed', async () => {
        const { context, page, errors, scripts } = await openPage(harness().browser, viewport);
        await context.addCookies([{ name: 'amora_entry', value: String(Date.now()), url: harness().baseUrl }]);
        await page.goto(harness().baseUrl + '/', { waitUntil: 'networkidle' });
        expect(await page.locator('[data-island]').count()).to.equal(0);
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-index.png`), fullPage: true });
        await page.goto(harness().baseUrl + '/members?gender=female', { waitUntil: 'networkidle' });
        expect(await page.locator('.card').count()).to.be.greaterThan(0);
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-members.png`), fullPage: true });
        await page.locator('.card').first().click();
        await page.waitForURL(/\/members\/\d+$/);
        await page.locator('.profile__name').waitFor();
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-profile.png`), fullPage: true });
        expect(scripts.filter((s) => /site-entry-warning|signup-(page|modal)|wizard/.test(s))).to.deep.equal([]);
        expect(errors).to.deep.equal([]);
        await context.close();
      });

      it('shows the 404 page with a link home, and switches language from the dropdown', async () => {
        const { context, page, errors } = await openPage(harness().browser, viewport);
        await context.addCookies([{ name: 'amora_entry', value: '1', url: harness().baseUrl }]);
        const res = await page.goto(harness().baseUrl + '/members/abc');
        expect(res?.status()).to.equal(404);
        expect(await page.textContent('h1')).to.equal('This page could not be found');
        await page.screenshot({ path: join(SCREENSHOTS, `${viewport}-404.png`) });
        await page.locator('.lang-menu summary').click();
        await page.locator('.lang-menu button[value="de"]').click();
        await page.waitForLoadState('networkidle');
        expect(await page.getAttribute('html', 'lang')).to.equal('de');
        expect(await page.textContent('h1')).to.equal('Diese Seite konnte nicht gefunden werden');
        await page.getByTestId('home-link').click();
        await page.waitForURL(harness().baseUrl + '/');
        expect(errors.filter((e) => !e.includes('404'))).to.deep.equal([]);
        await context.close();
      });
    });
  }
});
