// Web push in the browser (issue 15, points 3 and 7): a member on a 390 px phone is offered push,
// Chromium grants the permission, the enable button subscribes and the subscription reaches the
// server; a push queued for the member then leaves the running server's worker, passes the stand-in
// push service's VAPID check and decrypts to what was queued; and the real service worker shows it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { chromium, type Page } from 'playwright-core';
import type { PushPayload } from '../types/notifications.js';
import { startPushStandin, type BrowserSubscriptionJson, type PushServiceStandin } from '../test/helpers/push-service-standin.js';
import { SCREENSHOTS, VIEWPORTS, openMemberPage, openPage, useHarness, type Harness, type OpenedPage } from './harness.js';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { createE2eMember, logIn, serverDb, type E2eMember } from './members.js';

let standin: PushServiceStandin;
// Before the harness starts the server: the server trusts the stand-in's certificate (and only that
// one in addition to the usual roots) through NODE_EXTRA_CA_CERTS.
before(async () => {
  standin = await startPushStandin();
  const caFile = join(mkdtempSync(join(tmpdir(), 'amora-push-ca-')), 'standin-ca.pem');
  writeFileSync(caFile, standin.certificate);
  process.env.NODE_EXTRA_CA_CERTS = caFile;
});
after(async () => {
  delete process.env.NODE_EXTRA_CA_CERTS;
  await standin?.stop();
});

/**
 * A phone browser with a profile on disk, logged in as `m`, notifications granted. Playwright's
 * usual contexts are incognito, where Chromium has no Push API at all (crbug.com/41124656).
 */
async function persistentPhone(h: Harness, m: { email: string; password: string }, prepare?: (page: Page) => Promise<void>): Promise<OpenedPage> {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'amora-push-profile-')), {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
    viewport: { width: VIEWPORTS.phone.width, height: VIEWPORTS.phone.height },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    permissions: ['notifications'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  if (prepare) await prepare(page);
  await logIn(page, h.baseUrl, m);
  return { context, page, errors, scripts: [] };
}

/**
 * A member the prompt is for: one ask shows at a time (views/components/member-asks.ts), and a
 * member without a photo would first be asked to complete the profile.
 */
async function promptableMember(db: Knex, name: string): Promise<E2eMember> {
  const m = await createE2eMember(db, name);
  await db('dismissals').insert({ user_id: m.userId, alert: 'profile_enrich', dismissed_at: Date.now() });
  return m;
}

/** The prompt once the island has looked at this browser. */
async function promptState(page: Page): Promise<string> {
  const prompt = page.getByTestId('push-prompt');
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="push-prompt"]');
    return el && el.getAttribute('data-state') !== 'checking';
  });
  return (await prompt.getAttribute('data-state')) ?? '';
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('web push in the browser', function () {
  this.timeout(180_000);
  const harness = useHarness();
  let db: Knex;

  before(() => {
    db = serverDb(harness());
  });
  after(() => db.destroy());

  it('subscribes with Chromium\'s own push service when the member enables push (390 px)', async () => {
    const m = await promptableMember(db, 'Pushka');
    const { context, page, errors } = await persistentPhone(harness(), m);
    expect(await promptState(page)).to.equal('offer');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/user.php?push=1') && r.method() === 'POST', { timeout: 30_000 }).catch(() => undefined);
    await page.getByTestId('push-enable').click();
    await page.waitForFunction(() => !['offer', 'working'].includes(document.querySelector('[data-testid="push-prompt"]')?.getAttribute('data-state') ?? ''), undefined, { timeout: 30_000 });
    const state = await page.getByTestId('push-prompt').getAttribute('data-state');
    const request = await posted;
    // Headless Chromium's subscribe goes to Google's FCM; where the machine has no way out, the
    // browser refuses the subscription ('failed'), and the next test covers the rest with the stand-in.
    if (state === 'enabled') {
      const sent = request?.postDataJSON() as { subscription: BrowserSubscriptionJson };
      expect(sent.subscription.endpoint).to.match(/^https:\/\//);
      const stored = await db('push_subscriptions').where({ user_id: m.userId }).select('subscription');
      expect(stored.map((r: { subscription: string }) => JSON.parse(r.subscription).endpoint)).to.deep.equal([sent.subscription.endpoint]);
    } else {
      expect(state).to.equal('failed');
      expect(request).to.equal(undefined);
      console.log('      (Chromium could not reach its push service here: subscribe failed, as expected offline)');
    }
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('enables push on the prompt; a message then reaches the push service signed and encrypted, and the service worker shows it (390 px)', async () => {
    const h = harness();
    const m = await promptableMember(db, 'Pusha');
    const vapidPublicKey = JSON.parse(String((await db('app_keys').where({ name: 'vapid' }).first('value')).value)).publicKey as string;
    const browserSub = standin.subscribe(vapidPublicKey);
    // Chromium's subscription would be with FCM; this browser's push service is the stand-in instead.
    const { context, page, errors } = await persistentPhone(h, m, (p) => stubSubscribe(p, browserSub));
    expect(await promptState(page)).to.equal('offer');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/user.php?push=1') && r.method() === 'POST');
    await page.getByTestId('push-enable').click();
    const request = await posted;
    expect(request.headers()['x-csrf-token']).to.be.a('string').with.length.greaterThan(10);
    await page.locator('[data-testid="push-prompt"][data-state="enabled"]').waitFor();
    const stored = await until(async () => (await db('push_subscriptions').where({ user_id: m.userId }).first('subscription')) as { subscription: string } | undefined);
    expect(JSON.parse(stored.subscription)).to.deep.include({ endpoint: browserSub.endpoint, keys: browserSub.keys });

    // The member leaves the site (an open page would show the message live, so no push is sent),
    // and Lena writes to them: the push queued after her message commits reaches the push service.
    await page.goto('about:blank');
    await until(async () => ((await db('presence').where({ user_id: m.userId }).first('user_id')) ? undefined : true));
    const lena = await createE2eMember(db, 'Lena', { gender: 'female' });
    await db.transaction((tx) => applyCreditDelta(tx as never, { userId: lena.userId, delta: 100, reason: 'grant' }));
    const sender = await openPage(h.browser, 'phone');
    await logIn(sender.page, h.baseUrl, lena);
    await sender.page.goto(`${h.baseUrl}/members/${m.profileId}/chat`);
    // Typed before the pane hydrates, the text would not reach its state (nor close the icebreaker).
    await sender.page.locator('[data-island="chat-pane"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await sender.page.getByTestId('chat-input').fill('A secret first line');
    await Promise.all([sender.page.waitForURL(/\/chats\/\d+$/), sender.page.getByTestId('chat-send').click()]);
    await sender.context.close();

    const got = await until(async () => standin.receivedBy(browserSub)[0]);
    expect(got.refused).to.equal(undefined);
    const payload = got.payload as PushPayload;
    expect(payload.type).to.equal('new_conversations');
    expect(payload.title).to.include('Lena');
    expect(payload.url).to.match(/^\/chats\/\d+$/);
    // A lock screen is public: the message itself never travels in a push.
    expect(JSON.stringify(payload)).not.to.include('secret');
    // The worker writes 'sent' once the push service has answered.
    await until(async () => ((await db('push_outbox').where({ user_id: m.userId, status: 'sent' }).first('id')) as { id: number } | undefined));

    // The real service worker shows it: the decrypted payload delivered through DevTools' push hook.
    await page.goto(`${h.baseUrl}/likes`);
    const shown = await deliverToServiceWorker(page, h.baseUrl, JSON.stringify(payload));
    expect(shown).to.deep.equal({ title: payload.title, body: payload.body, tag: payload.tag, url: `${h.baseUrl}${payload.url}` });

    // Subscribed: the prompt stays away on the next page.
    await page.goto(`${h.baseUrl}/likes`);
    expect(await promptState(page)).to.equal('hidden');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  for (const lng of ['de', 'pl'] as const) {
    it(`shows the prompt within 390 px in ${lng} (screenshot), and says no for good once dismissed`, async () => {
      const h = harness();
      const m = await promptableMember(db, lng === 'de' ? 'Jürgen' : 'Zbigniew');
      const { context, page, errors } = await openMemberPage(h, 'phone', m, { permissions: ['notifications'] });
      await context.addCookies([{ name: 'amora_lang', value: lng, url: h.baseUrl }]);
      await page.goto(`${h.baseUrl}/members`);
      expect(await promptState(page)).to.equal('offer');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
      const box = await page.getByTestId('push-prompt').boundingBox();
      expect(box!.x).to.be.at.least(0);
      expect(box!.x + box!.width).to.be.at.most(390);
      await page.screenshot({ path: join(SCREENSHOTS, `phone-push-prompt-${lng}.png`) });
      await page.setViewportSize({ width: 360, height: 780 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(360);
      expect((await page.getByTestId('push-enable').boundingBox())!.x + (await page.getByTestId('push-enable').boundingBox())!.width).to.be.at.most(360);
      await page.getByTestId('push-dismiss').click();
      await page.locator('[data-testid="push-prompt"][data-state="hidden"]').waitFor({ state: 'attached' });
      await until(async () => (await db('dismissals').where({ user_id: m.userId, alert: 'push' }).first('alert')) as { alert: string } | undefined);
      await page.goto(`${h.baseUrl}/members`);
      expect(await page.locator('[data-island="push-prompt"]').count()).to.equal(0);
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }

  it('refreshes the badges on the timer where the live stream cannot connect', async () => {
    const h = harness();
    const m = await createE2eMember(db, 'Offline');
    const fan = await createE2eMember(db, 'Fan');
    const { context, page, errors } = await openMemberPage(h, 'phone', m);
    await context.addInitScript(() => {
      // A browser (or a proxy) without server-sent events.
      Object.defineProperty(window, 'EventSource', { value: undefined });
    });
    await page.goto(`${h.baseUrl}/members`);
    expect(await page.getByTestId('likes-badge').count()).to.equal(0);
    const now = Date.now();
    await db('likes').insert({ from_profile_id: fan.profileId, to_profile_id: m.profileId, source: 'normal', is_new: true, created_at: now });
    // SPEC.md §9: the first refresh 5 s after the page started.
    await page.getByTestId('likes-badge').waitFor({ timeout: 12_000 });
    expect(await page.getByTestId('likes-badge').textContent()).to.equal('1');
    expect(await page.title()).to.match(/^\(1\) /);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});

/** Makes PushManager.subscribe hand out the stand-in's subscription, as if the browser's push service were the stand-in. */
async function stubSubscribe(page: Page, sub: BrowserSubscriptionJson): Promise<void> {
  // Plain text, not a function: the test runner's compiler would wrap the functions inside in a
  // naming helper the page does not have.
  await page.context().addInitScript({
    content: `(() => {
      const json = ${JSON.stringify(sub)};
      // The browser keeps its subscription across pages: so does the stand-in's, in localStorage.
      const made = () => ({ endpoint: json.endpoint, expirationTime: null, toJSON() { return json; }, async unsubscribe() { return true; } });
      PushManager.prototype.subscribe = async function () {
        localStorage.setItem('standin-subscribed', '1');
        return made();
      };
      PushManager.prototype.getSubscription = async function () {
        return localStorage.getItem('standin-subscribed') ? made() : null;
      };
    })();`,
  });
}

/** Delivers `data` to the page's service worker as a push message (DevTools protocol), then reads the notification it shows. */
async function deliverToServiceWorker(page: Page, origin: string, data: string): Promise<{ title: string; body: string; tag: string; url: string }> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const reg = e.registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const id = await registrationId;
  // A push handed over while the worker is still starting (just after a navigation) can be lost
  // by DevTools; a real push service would retry, and so does this helper.
  for (let attempt = 1; attempt <= 3; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${origin}/`, registrationId: id, data });
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      for (let i = 0; i < 50; i++) {
        const [n] = await registration.getNotifications();
        if (n) return { title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url };
        await new Promise((r) => setTimeout(r, 100));
      }
      return null;
    });
    if (shown) return shown;
  }
  throw new Error('no notification shown');
}
