// "Use my location" (issue 16 point 5) in real Chromium: with the permission granted the signup
// form and /profile fill in country, region and city from the browser's position; denied, a short
// note says so and the form works as before. Nothing asks for the position before the button.
import { expect } from 'chai';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, openMemberPage, openPage, useHarness } from './harness.js';
import { createE2eMember, serverDb } from './members.js';

const CAMDEN = { latitude: 51.5391, longitude: -0.1426 };
const MANCHESTER = { latitude: 53.4794, longitude: -2.2453 };

describe('use my location in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();

  before(async () => {
    // The geo data loads once per server process; a cold load must not count against the island's deadline.
    const res = await fetch(`${harness().baseUrl}/api/geocode.php?lat=51.5&lon=-0.12`);
    expect(res.status).to.equal(200);
  });

  async function fillAccount(page: Page, email: string) {
    await page.selectOption('select[name=gender]', 'male');
    await page.fill('input[name=name]', `Geo${Date.now() % 100000}`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'maps and mountains');
    await page.selectOption('select[name=birth_day]', '2');
    await page.selectOption('select[name=birth_month]', '4');
    await page.selectOption('select[name=birth_year]', '1990');
  }

  it('fills the signup form’s region and city from the position, sending only a rounded one', async () => {
    const { context, page, errors } = await openPage(harness().browser, 'phone', { permissions: ['geolocation'], geolocation: CAMDEN });
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/geocode.php') && asked.push(r.url()));
    await context.addCookies([{ name: 'amora_entry', value: String(Date.now()), url: harness().baseUrl }]);
    await page.goto(harness().baseUrl + '/signup');
    await page.locator('[data-island="signup-page"][data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(asked, 'no position is asked for at page load').to.deep.equal([]);
    expect(await page.getByTestId('locate').getAttribute('data-permission')).to.equal('granted');
    await page.getByTestId('locate-button').click();
    await page.locator('input[name=city]').waitFor();
    expect(await page.inputValue('input[name=city]')).to.equal('London');
    expect(await page.inputValue('select[name=country]')).to.equal('GB');
    expect(await page.inputValue('select[name=region]')).to.equal('London');
    expect(await page.getByTestId('locate-note').textContent()).to.equal('Filled in: London');
    expect(asked).to.have.length(1);
    expect(new URL(asked[0]!).search).to.equal('?lat=51.54&lon=-0.14');
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-signup-located.png') });

    const email = `geo-${Date.now()}@example.org`;
    await fillAccount(page, email);
    await page.getByTestId('signup-submit').click();
    await page.locator('[data-step=photo]').waitFor();
    const db = serverDb(harness());
    try {
      const row = await db('profiles').join('users', 'users.id', 'profiles.user_id').where('users.email', email).first('city', 'region', 'location_precision', 'latitude');
      expect(row).to.deep.include({ city: 'London', region: 'London', location_precision: 'city', latitude: 51.51 });
    } finally {
      await db.destroy();
    }
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('says so in a short note when the position is denied, and the form still signs up', async () => {
    // No permission granted: headless Chromium answers the request with "denied".
    const { context, page, errors } = await openPage(harness().browser, 'phone');
    await context.addCookies([{ name: 'amora_entry', value: String(Date.now()), url: harness().baseUrl }]);
    await page.goto(harness().baseUrl + '/signup');
    await page.locator('[data-island="signup-page"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByTestId('locate-button').click();
    await page.getByTestId('locate-note').filter({ hasText: 'Location access is off.' }).waitFor();
    expect(await page.locator('input[name=city]').count()).to.equal(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-signup-location-denied.png') });
    const email = `geo-denied-${Date.now()}@example.org`;
    await fillAccount(page, email);
    await page.selectOption('select[name=region]', 'Scotland');
    await page.getByTestId('signup-submit').click();
    await page.locator('[data-step=photo]').waitFor();
    const db = serverDb(harness());
    try {
      const row = await db('profiles').join('users', 'users.id', 'profiles.user_id').where('users.email', email).first('region', 'location_precision');
      expect(row).to.deep.include({ region: 'Scotland', location_precision: 'region' });
    } finally {
      await db.destroy();
    }
    expect(errors.filter((e) => !e.includes('geolocation'))).to.deep.equal([]);
    await context.close();
  });

  it('fills the own-profile form on /profile; saving moves the member there', async () => {
    const db = serverDb(harness());
    try {
      const m = await createE2eMember(db, 'Locator');
      const { context, page, errors } = await openMemberPage(harness(), 'phone', m, { permissions: ['geolocation'], geolocation: MANCHESTER });
      await page.goto(harness().baseUrl + '/profile');
      await page.locator('[data-island="locate-me"][data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.getByTestId('locate-button').click();
      await page.waitForFunction(() => (document.querySelector('input[name=city]') as HTMLInputElement | null)?.value === 'Manchester');
      expect(await page.inputValue('select[name=region]')).to.equal('North West');
      await page.getByTestId('profile-save').click();
      await page.waitForURL(/saved=saved/);
      const row = await db('profiles').where({ id: m.profileId }).first('city', 'region', 'location_precision', 'latitude', 'longitude');
      expect(row).to.deep.include({ city: 'Manchester', region: 'North West', location_precision: 'city', latitude: 53.48, longitude: -2.24 });
      expect(errors).to.deep.equal([]);
      await context.close();
    } finally {
      await db.destroy();
    }
  });
});
