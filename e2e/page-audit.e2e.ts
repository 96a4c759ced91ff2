// Every page family, as a visitor and as a member, audited in Chromium (issue 12, points 2 and 9):
// - axe-core (e2e/axe.ts: WCAG 2.2 AA and best practices) on phone and desktop in English and German:
//   no violation of impact serious or critical;
// - no page wider than its screen (document scrollWidth) at 360, 390, 768 and 1024 px in all seven
//   languages, naming the element that sticks out furthest; nor a select whose chosen text is cut,
//   nor a fictional label or a card's presence cut;
// - phone screenshots of every family in en, de and pl: e2e/screenshots/audit-<family>-<lng>.png.
// One browser context per role, viewport and language; each page is loaded once per language and
// measured at the four widths by resizing, so the file stays fast on a small machine.
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { FIXED_LANDERS, type LanderName } from '../types/landers.js';
import { LOCALES } from '../types/settings.js';
import { LANDER_VIEWS } from '../views/pages/landers/registry.js';
import { AXE_CONTEXT, axeFindings, describeFindings, preloadAxe } from './axe.js';
import { SCREENSHOTS, openMemberPage, openPage, useHarness, type OpenedPage } from './harness.js';
import { createE2eMember, serverDb, type E2eMember } from './members.js';

const WIDTHS = [360, 390, 768, 1024] as const;
const SCREENSHOT_WIDTH = 390;
const SCREENSHOT_LANGUAGES = ['en', 'de', 'pl'];
/** How long a page may take to hydrate its islands before it is audited anyway (lazy islands never do). */
const HYDRATION_WAIT_MS = 1500;
/** English, and German for its long words (labels that wrap or get cut hide names and contrast). */
const AXE_LANGUAGES = ['en', 'de'] as const;

type Role = 'visitor' | 'member';

interface Family {
  /** File-name-safe, unique: the role first. */
  name: string;
  role: Role;
  path: string;
  /** Shows the site-entry warning (the amora_entry cookie removed for this page). */
  entryWarning?: boolean;
}

interface Fixtures {
  member: E2eMember;
  profileId: number;
  bundleId: number;
  conversationId: number;
  /** A failed payment of the member's (its status page offers the other methods). */
  failedPaymentId: string;
  /** A woman the member has not written to yet. */
  newPartnerId: number;
}

function families(f: Fixtures): Family[] {
  const visitor: [string, string][] = [
    ['index', '/'],
    ['members', '/members'],
    ['profile', `/members/${f.profileId}`],
    ['member-signup', `/members/${f.profileId}/signup`],
    ['login', '/login'],
    ['signup', '/signup'],
    ['reset-password', '/reset-password'],
    ['reset-password-do', '/reset-password/do?token=expired'],
    ...['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'].map((slug): [string, string] => [slug, `/pages/${slug}`]),
    ['complaints', '/complaints'],
    ['pricing', '/pricing'],
    ['lang-config', '/lang-config'],
    ['not-found', '/no-such-page'],
    ['activate-done', '/activate/done'],
    ['activate-error', '/activate/error'],
    ['account-deleted', '/account-deleted'],
    ['reactivate-error', '/reactivate?token=expired'],
    ['mail-change-error', '/mail-change/do?token=expired'],
    // Landers (every built one, with a slug where it takes one) and the member landings.
    ...(Object.keys(LANDER_VIEWS) as LanderName[]).map((name): [string, string] => [`lander-${name}`, `/landers/${name}${(FIXED_LANDERS as readonly string[]).includes(name) ? '' : '/women'}`]),
    ['lander-signup', '/landers/tinderswipe?signup=1&network=audit'],
    ['member-landing', `/members/${f.profileId}/landing`],
    ['member-landing2', `/members/${f.profileId}/landing2/flirt`],
    ['member-landing3', `/members/${f.profileId}/landing3/chat`],
  ];
  const member: [string, string][] = [
    ['members', '/members'],
    ['profile', `/members/${f.profileId}`],
    ['likes', '/likes'],
    ['likes-received', '/likes/received'],
    ['likes-matches', '/likes/matches'],
    ['likes-sent', '/likes/sent'],
    ['likes-member', `/likes/m/${f.profileId}`],
    ['swipe-game', '/swipe-game'],
    ['match-finder', '/match-finder'],
    ['chats', '/chats'],
    ['chat', `/chats/${f.conversationId}`],
    // A first message to someone new: the icebreaker opens over the empty conversation.
    ['chat-new', `/members/${f.newPartnerId}/chat`],
    ['own-profile', '/profile'],
    ['settings', '/settings'],
    ['block-confirm', `/members/${f.newPartnerId}/block`],
    ['data-export-link-gone', '/settings/export/no-such-download-link'],
    ['notifications', '/notifications'],
    ['credits', '/credits'],
    ['credits-bundle', `/credits/${f.bundleId}`],
    ['credits-bundle-method', `/credits/${f.bundleId}/ideal`],
    ['credits-repeat-order', '/credits/repeat-order'],
    ['credits-code', '/credits?code=AUDIT20'],
    ['credits-bundle-code', `/credits/${f.bundleId}?code=AUDIT20`],
    ['transactions', '/transactions'],
    ['transaction-failed', `/transactions/${f.failedPaymentId}`],
    ['premium', '/premium'],
    ['directdebit', `/directdebit?bundle=${f.bundleId}`],
    ['complete-signup', '/complete-signup'],
    ['signup-matches', '/signup-matches'],
    ['lang-config', '/lang-config'],
    ['terms', '/pages/terms'],
    ['activate-done', '/activate/done'],
    ['not-found', '/no-such-page'],
  ];
  return [
    ...visitor.map(([name, path]) => ({ name: `visitor-${name}`, role: 'visitor' as const, path })),
    { name: 'visitor-entry-warning', role: 'visitor', path: '/', entryWarning: true },
    ...member.map(([name, path]) => ({ name: `member-${name}`, role: 'member' as const, path })),
  ];
}

/** A man looking for women, with credits, likes received, a match and a conversation with messages. */
async function makeFixtures(db: Knex): Promise<Fixtures> {
  const member = await createE2eMember(db, 'Auditor', { gender: 'male', birthDate: '1986-06-06' });
  await db.transaction((tx) => applyCreditDelta(tx as never, { userId: member.userId, delta: 300, reason: 'grant' }));
  const women = (await db('profiles').where({ is_fictional: true, gender: 'female' }).orderBy('id').limit(5).pluck('id')).map(Number);
  const [partner, newPartner, ...likers] = women;
  if (partner === undefined || newPartner === undefined || likers.length < 3) throw new Error('the demo data has too few fictional women');
  const now = Date.now();
  await db('likes').insert(likers.map((id, i) => ({ from_profile_id: id, to_profile_id: member.profileId, source: 'normal', is_new: true, created_at: now - i * 60_000 })));
  await db('likes').insert({ from_profile_id: member.profileId, to_profile_id: likers[0]!, source: 'normal', is_new: false, created_at: now });
  const [low, high] = member.profileId < partner ? [member.profileId, partner] : [partner, member.profileId];
  const [conversationId] = await db('conversations').insert({ profile_low_id: low, profile_high_id: high, started_by_profile_id: member.profileId, last_message_at: now, created_at: now });
  await db('conversation_participants').insert([member.profileId, partner].map((profile_id) => ({ conversation_id: conversationId, profile_id, unread_count: 0, last_message_at: now })));
  const lines: [number, string][] = [
    [member.profileId, 'Hi! I saw you like hiking too. Which trail is your favourite?'],
    [partner, 'Hello! The coast path, definitely. Early in the morning, before anyone else is out.'],
    [member.profileId, 'Sounds wonderful. Coffee first, or straight out of the door?'],
    [partner, 'Coffee in a flask, always 😊'],
  ];
  await db('messages').insert(lines.map(([sender, body], i) => ({
    conversation_id: conversationId, sender_profile_id: sender, kind: 'text', body, credits_spent: sender === member.profileId ? 10 : 0, client_id: `audit-${i}`, created_at: now - (lines.length - i) * 60_000,
  })));
  const bundle = await db('bundles').where({ currency: 'GBP' }).orderBy('credits').first('id') as { id: number } | undefined;
  const anyBundle = bundle ?? (await db('bundles').orderBy('credits').first('id') as { id: number });
  // A discount code, so the pages with struck-through prices are audited too.
  if (!(await db('discount_codes').where({ code: 'AUDIT20' }).first('id'))) {
    await db('discount_codes').insert({ code: 'AUDIT20', value_percentage: 20, status: 'active', kind: 'code', uses: 0, created_at: Date.now() });
  }
  // An earlier order (for /credits/repeat-order) and a failed one (its status page).
  const payment = (id: string, status: string, fulfilled: boolean) => ({
    public_id: id, user_id: member.userId, bundle_id: anyBundle.id, credits: 100, amount_cents: 999, currency: 'GBP', method: 'ideal', provider: 'test',
    status, paid_at: fulfilled ? now : null, fulfilled_at: fulfilled ? now : null, created_at: now, updated_at: now,
  });
  const failedPaymentId = 'a11'.padEnd(24, '0');
  await db('payments').insert([payment('a11'.padEnd(24, '1'), 'paid', true), payment(failedPaymentId, 'failed', false)]);
  return { member, profileId: partner, newPartnerId: newPartner, bundleId: Number(anyBundle.id), conversationId: Number(conversationId), failedPaymentId };
}

/** Loads a page and gives its islands a moment to hydrate (a lazy island never does: no failure). */
async function visit(page: Page, baseUrl: string, family: Family, hydrate: boolean): Promise<void> {
  const context = page.context();
  if (family.entryWarning) await context.clearCookies({ name: 'amora_entry' });
  try {
    await page.goto(baseUrl + family.path, { waitUntil: 'load' });
  } finally {
    if (family.entryWarning) await dismissEntryWarning(context, baseUrl);
  }
  if (hydrate) {
    await page
      .waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrate="visible"]):not([data-hydrated="true"])').length === 0, undefined, { timeout: HYDRATION_WAIT_MS })
      .catch(() => undefined);
  }
}

const dismissEntryWarning = (context: OpenedPage['context'], baseUrl: string) =>
  context.addCookies([{ name: 'amora_entry', value: String(Date.now()), url: baseUrl }]);

interface Overflow {
  scrollWidth: number;
  widest: string;
}

/** The document's scroll width and, when it is wider than `width`, the element reaching furthest right. */
async function measureOverflow(page: Page, width: number): Promise<Overflow | null> {
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  return page.evaluate((vw) => {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= vw) return null;
    let widest: Element | null = null;
    let right = vw;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      const edge = r.right + window.scrollX;
      if (r.width === 0 || edge <= vw + 0.5) continue;
      // An element inside a box that clips or scrolls sideways (or a fixed one) cannot widen the page.
      let contained = false;
      for (let a: Element | null = el; a && a !== document.body && !contained; a = a.parentElement) {
        const style = getComputedStyle(a);
        contained = style.position === 'fixed' || (a !== el && style.overflowX !== 'visible');
      }
      if (contained) continue;
      // The same edge on a descendant: name the innermost element, the one to fix.
      if (edge > right + 0.5 || (widest && Math.abs(edge - right) <= 0.5 && widest.contains(el))) {
        widest = el;
        right = edge;
      }
    }
    if (!widest) return { scrollWidth, widest: '(no single element found)' };
    const classes = [...widest.classList].slice(0, 3).map((c) => '.' + c).join('');
    const text = (widest.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return { scrollWidth, widest: `<${widest.tagName.toLowerCase()}${widest.id ? '#' + widest.id : ''}${classes}> right ${Math.round(right)} px${text ? ` "${text}"` : ''}` };
  }, width);
}

/** Selects whose chosen option is cut ("Des fem…"): a select shows only the chosen option's text. */
async function cutSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll('select')) {
      const option = select.selectedOptions[0];
      if (!option || select.getClientRects().length === 0) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const text = option.text.trim();
      const needs = canvas.measureText(text).width;
      if (needs > room + 0.5) cut.push(`<select name="${select.name}"> "${text}" needs ${Math.ceil(needs)} px, has ${Math.floor(room)}`);
    }
    return cut;
  });
}

/**
 * A fictional label (cards, lander tiles) or a card's presence that loses words ("Animateur de …",
 * "En ligne il y a 9 h…"): the label says who writes, the presence when; both may take two lines,
 * never be cut.
 */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll('.tag--fictional, .card__presence .presence__text')) {
      if (el.getClientRects().length === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) cut.push(`"${el.textContent}" cut in ${el.clientWidth} px (${el.parentElement?.className})`);
    }
    return cut;
  });
}

function fail(title: string, problems: string[]): void {
  if (problems.length) throw new Error(`${title} (${problems.length}):\n  ${problems.join('\n  ')}`);
}

describe('page audit: axe, page width and screenshots of every page family', function () {
  this.timeout(300_000);
  const harness = useHarness();
  let db: Knex;
  let list: Family[];
  let fixtures: Fixtures;
  /** The member's session, shared by every member context. */
  let memberState: BrowserContextOptions['storageState'];

  before(async function () {
    this.timeout(120_000);
    db = serverDb(harness());
    fixtures = await makeFixtures(db);
    list = families(fixtures);
    const login = await openMemberPage(harness(), 'phone', fixtures.member);
    memberState = await login.context.storageState();
    await login.context.close();
  });
  after(() => db?.destroy());

  async function contextFor(role: Role, viewport: 'phone' | 'desktop', lng: string, options: BrowserContextOptions = {}): Promise<OpenedPage> {
    const opened = await openPage(harness().browser, viewport, { ...AXE_CONTEXT, ...options, ...(role === 'member' ? { storageState: memberState } : {}) });
    await dismissEntryWarning(opened.context, harness().baseUrl);
    await opened.context.addCookies([{ name: 'amora_lang', value: lng, url: harness().baseUrl }]);
    return opened;
  }

  for (const lng of AXE_LANGUAGES) {
    for (const role of ['visitor', 'member'] as const) {
      for (const viewport of ['phone', 'desktop'] as const) {
        it(`axe finds no serious or critical violation: ${role}, ${viewport}, ${lng}`, async () => {
          const { context, page } = await contextFor(role, viewport, lng);
          await preloadAxe(context);
          const problems: string[] = [];
          for (const family of list.filter((f) => f.role === role)) {
            await visit(page, harness().baseUrl, family, true);
            problems.push(...describeFindings(`${family.name} ${family.path}`, await axeFindings(page)));
          }
          await context.close();
          fail(`axe violations (${role}, ${viewport}, ${lng})`, problems);
        });
      }
    }
  }

  for (const lng of LOCALES) {
    it(`no page is wider than 360, 390, 768 or 1024 px, nor cuts a select's chosen text, a fictional label or a card's presence, in ${lng}${SCREENSHOT_LANGUAGES.includes(lng) ? ' (phone screenshots)' : ''}`, async () => {
      const problems: string[] = [];
      for (const role of ['visitor', 'member'] as const) {
        const { context, page } = await contextFor(role, 'phone', lng, { viewport: { width: WIDTHS[0], height: 844 }, deviceScaleFactor: 1 });
        for (const family of list.filter((f) => f.role === role)) {
          await page.setViewportSize({ width: WIDTHS[0], height: 844 });
          await visit(page, harness().baseUrl, family, false);
          for (const width of WIDTHS) {
            if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 844 });
            const overflow = await measureOverflow(page, width);
            if (overflow) problems.push(`${family.name} ${family.path} ${lng} ${width} px: scrollWidth ${overflow.scrollWidth}, widest ${overflow.widest}`);
            for (const cut of await cutSelects(page)) problems.push(`${family.name} ${family.path} ${lng} ${width} px: ${cut}`);
            for (const cut of await cutLabels(page)) problems.push(`${family.name} ${family.path} ${lng} ${width} px: ${cut}`);
            if (width === SCREENSHOT_WIDTH && SCREENSHOT_LANGUAGES.includes(lng)) {
              await page.screenshot({ path: join(SCREENSHOTS, `audit-${family.name}-${lng}.png`), fullPage: true });
            }
          }
        }
        await context.close();
      }
      fail(`pages wider than the screen in ${lng}`, problems);
    });
  }
});
