// Landers in Chromium (issue 16 point 1): on a 390 px phone a lander loads no script at all, fits
// the screen, shows real portraits at once, and its call to action opens the signup (the page itself
// on phones) with the campaign's tracking kept; on a desktop the signup is a dialog over the lander
// that closes back to it. The map lander's photo markers stay apart and inside the map at 360 and
// 390 px. Screenshots: e2e/screenshots/lander-<name>-phone.png, lander-maplanding[-gb]-<width>.png.
import { join } from 'node:path';
import { expect } from 'chai';
import { SCREENSHOTS, openPage, useHarness } from './harness.js';

const PHONE_LANDERS = ['/landers/tinderswipe', '/landers/alonetonight/women', '/landers/collagelanding', '/landers/maplanding'];
const TRACKING = 'network=e2e&sub1=s-1';

describe('landers in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();

  for (const path of PHONE_LANDERS) {
    it(`${path} on a phone: no script, fits 390 px, portraits at once, the call to action opens the signup`, async () => {
      const { context, page, errors, scripts } = await openPage(harness().browser, 'phone');
      await page.goto(`${harness().baseUrl}${path}?${TRACKING}`, { waitUntil: 'load' });
      expect(scripts, 'scripts loaded by the lander').to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
      expect(await page.locator('h1').isVisible()).to.equal(true);
      // The first portrait is fetched first and has loaded by the load event.
      const first = page.locator('img[fetchpriority="high"]').first();
      expect(await first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).to.equal(true);
      const cta = page.getByTestId('lander-cta').first();
      expect(await cta.isVisible()).to.equal(true);
      await page.screenshot({ path: join(SCREENSHOTS, `lander-${path.split('/')[2]}-phone.png`), fullPage: true });

      await cta.click();
      await page.waitForURL(/[?&]signup=1/);
      const url = new URL(page.url());
      expect(url.pathname).to.equal(path);
      expect(url.searchParams.get('network')).to.equal('e2e');
      expect(url.searchParams.get('sub1')).to.equal('s-1');
      await page.locator('[data-island="signup-page"][data-hydrated="true"]').waitFor({ state: 'attached' });
      // On a phone the signup is the page: the lander behind it is hidden, the form is in view.
      expect(await page.locator('.lander-stage').isVisible()).to.equal(false);
      expect(await page.locator('input[name="email"]').isVisible()).to.equal(true);
      expect(await page.locator('input[type="hidden"][name="network"]').getAttribute('value')).to.equal('e2e');
      expect(scripts.length, 'the signup island loads its script').to.be.greaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }

  for (const width of [360, 390]) {
    it(`/landers/maplanding at ${width} px: the map fits, its photo markers neither overlap nor leave it`, async () => {
      for (const path of ['/landers/maplanding/gb', '/landers/maplanding']) {
        const { context, page, errors, scripts } = await openPage(harness().browser, 'phone', { viewport: { width, height: 800 } });
        await page.goto(`${harness().baseUrl}${path}`, { waitUntil: 'load' });
        expect(scripts, path).to.deep.equal([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).to.be.at.most(width);
        const canvas = (await page.locator('.mapl-map__canvas').boundingBox())!;
        expect([canvas.x >= 0, canvas.x + canvas.width <= width, canvas.height > 100], path).to.deep.equal([true, true, true]);
        // Each marker's photo and name: inside the map, and clear of every other marker's.
        const parts = await page.locator('.mapl-marker').evaluateAll((markers) =>
          // Those shown at this width (a desktop's extra markers are not).
          markers.filter((m) => m.getClientRects().length > 0).map((m) => [...m.querySelectorAll('.mapl-marker__photo, .mapl-marker__name')].map((e) => e.getBoundingClientRect().toJSON() as DOMRect)),
        );
        expect(parts.length, `${path}: photo markers`).to.be.greaterThan(0);
        const inside = (r: DOMRect) => r.left >= canvas.x - 1 && r.right <= canvas.x + canvas.width + 1 && r.top >= canvas.y - 1 && r.bottom <= canvas.y + canvas.height + 1;
        const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        parts.forEach((mine, i) => {
          for (const r of mine) expect(inside(r), `${path}: marker ${i} inside the map`).to.equal(true);
          parts.slice(i + 1).forEach((theirs, j) => {
            for (const a of mine) for (const b of theirs) expect(overlap(a, b), `${path}: markers ${i} and ${i + j + 1}`).to.equal(false);
          });
        });
        await page.screenshot({ path: join(SCREENSHOTS, `lander-maplanding${path.endsWith('/gb') ? '-gb' : ''}-${width}.png`), fullPage: true });
        expect(errors).to.deep.equal([]);
        await context.close();
      }
    });
  }

  it('on a desktop the signup is a dialog over the lander that closes back to it', async () => {
    const { context, page, errors } = await openPage(harness().browser, 'desktop');
    const lander = `${harness().baseUrl}/landers/adultonly?${TRACKING}`;
    await page.goto(lander, { waitUntil: 'load' });
    await page.getByTestId('lander-cta').first().click();
    await page.waitForURL(/[?&]signup=1/);
    await page.locator('[data-island="signup-page"][data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('dialog').isVisible()).to.equal(true);
    expect(await page.locator('.lander-stage').isVisible()).to.equal(true);
    await page.getByTestId('signup-modal').locator('.signup-dialog__close').click();
    await page.waitForURL((u) => !u.searchParams.has('signup'));
    expect(page.url()).to.equal(lander);
    expect(await page.getByTestId('signup-modal').count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
