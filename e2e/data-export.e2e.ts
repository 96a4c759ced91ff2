// "Download my data" in Chromium (issue 18.1): a member asks on /settings, the server's worker
// builds the ZIP and the mail arrives (.eml in DATA_DIR/mail); its link downloads the ZIP in the
// member's browser session, and the test opens it with the library that wrote it (fflate). The
// link then shows the dead-link page. /settings with "Your data" and "Delete now" open fits a
// phone at 360 and 390 px in German and Polish. Screenshots in e2e/screenshots.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { strFromU8, unzipSync } from 'fflate';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { createE2eMember, logIn, serverDb } from './members.js';
import { SCREENSHOTS, openPage, useHarness, waitForMail } from './harness.js';

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `page is ${scroll}px wide in a ${width}px viewport`).to.be.at.most(width);
}

describe('data export in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  it('asks for the data, gets the mail, downloads the ZIP once in the session and opens it', async () => {
    const me = await createE2eMember(db, 'Exporter');
    const liked = await db('profiles').whereNot('id', me.profileId).first('id', 'name');
    await db('likes').insert({ from_profile_id: me.profileId, to_profile_id: liked.id, source: 'normal', created_at: Date.now() });
    const { page, errors } = await openPage(harness().browser, 'phone', { acceptDownloads: true });
    await logIn(page, harness().baseUrl, me);
    await page.goto(harness().baseUrl + '/settings');
    await Promise.all([page.waitForURL(/saved=export/), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(await page.locator('.notice--ok').textContent()).to.include('We are preparing your data.');
    await page.screenshot({ path: join(SCREENSHOTS, 'data-export-requested-390.png') });

    // The worker runs every 5 s, the mail worker too: within seconds, never in the request.
    const mail = await waitForMail(harness().dataDir, '/settings/export/', 40_000);
    expect(mail).to.include(`To: ${me.email}`);
    expect(mail).to.include('Subject: Your data from Amora is ready');
    const link = /(http:\/\/localhost:\d+\/settings\/export\/[A-Za-z0-9_-]{43})/.exec(mail)![1]!;

    const downloading = page.waitForEvent('download');
    await page.goto(link).catch(() => undefined); // a download is no page: goto reports it as aborted
    const download = await downloading;
    expect(download.suggestedFilename()).to.match(/^localhost-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(readFileSync((await download.path())!));
    expect(Object.keys(files).sort()).to.include.members(['README.txt', 'account.json', 'profile.json', 'likes.json', 'conversations.json', 'logins.json', 'credit-ledger.json']);
    expect(strFromU8(files['README.txt']!)).to.match(/^Your data from Amora/);
    expect(JSON.parse(strFromU8(files['account.json']!))).to.include({ id: me.userId, email: me.email });
    expect(JSON.parse(strFromU8(files['likes.json']!)).given[0].profile).to.deep.equal({ id: liked.id, name: liked.name });
    expect(JSON.parse(strFromU8(files['logins.json']!)).logins).to.have.length(1);
    // The file left the server with the download.
    const exportsDir = join(harness().dataDir, 'exports');
    expect(existsSync(exportsDir) ? readdirSync(exportsDir) : []).to.deep.equal([]);

    await page.goto(link);
    expect(await page.locator('h1').textContent()).to.equal('This download link no longer works');
    await page.screenshot({ path: join(SCREENSHOTS, 'data-export-link-used-390.png') });
    // The dead link's 410 is logged by the browser itself; nothing else may be.
    expect(errors.filter((e) => !e.includes('status of 410'))).to.deep.equal([]);
  });

  for (const lng of ['de', 'pl']) {
    for (const width of [360, 390]) {
      it(`shows "Your data" and "Delete now" on /settings at ${width} px in ${lng} without sideways scroll`, async () => {
        const me = await createE2eMember(db, `Settings${lng}`);
        const { context, page, errors } = await openPage(harness().browser, 'phone');
        await context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
        await page.setViewportSize({ width, height: 800 });
        await logIn(page, harness().baseUrl, me);
        await page.goto(harness().baseUrl + '/settings#data');
        await page.getByTestId('delete-now').locator('summary').click();
        expect(await page.getByTestId('delete-now-form').isVisible()).to.equal(true);
        await noSidewaysScroll(page);
        await page.getByTestId('data-export').screenshot({ path: join(SCREENSHOTS, `settings-data-${lng}-${width}.png`) });
        await page.getByTestId('delete-now').screenshot({ path: join(SCREENSHOTS, `settings-delete-now-${lng}-${width}.png`) });
        expect(errors).to.deep.equal([]);
        await context.close();
      });
    }
  }
});
