// renderDocument(): every layout renders, islands bring exactly their scripts, user text is escaped.
import { expect } from 'chai';
import { createElement } from 'react';
import { createI18n } from '../../server/render/i18n.js';
import { renderDocument } from '../../server/render/render-page.js';
import { LAYOUTS, type LayoutName } from '../../views/layouts/index.js';
import type { PageContext } from '../../views/render-context.js';
import type { SiteSettings } from '../../types/settings.js';
import type { SessionUser } from '../../types/user.js';
import { testAssets } from '../helpers/test-assets.js';

async function context(over: Partial<PageContext> = {}): Promise<PageContext> {
  const i18n = await createI18n();
  const settings = {
    name: 'Amora', index_title: 'Amora home', description: 'Meet people', fictional_warning: 'Some profiles are fictional.',
    fictional_singular: 'Chat host', support_email: 'support@example.com', geoip_selected_country: 'NL', countries: ['NL'],
    enable_site_entry_popup: ['NL'], search_fields: [], visible_profile_fields: [], cdn_prefix: '/media',
  } as unknown as SiteSettings;
  return {
    t: i18n.getFixedT('en'), i18n, lng: 'en', site: { name: 'Amora', domain: 'localhost', languages: ['en'] }, settings,
    company: { name: 'Amora Media B.V.', address: 'Street 1', city: 'Amsterdam', country: 'NL', kvk: '123', vatNumbers: [], supportPhone: '' },
    user: null, csrfToken: 'token', currentUrl: '/', now: Date.now(), routeName: '', showEntryWarning: false, testPayments: false, ...over,
  };
}

/** A member who finished signing up: no signup modal, so a plain page has no island at all. */
const MEMBER = { id: 1, email: 'm@example.com', status: 'active', signup_step: null, num_new_likes: 0, num_unread_messages: 0, paid_user: false, credits: 0, dismissed_alerts: [], notifications_disabled: [], profile: { id: 1, name: 'Sam', status: 'active' } } as unknown as SessionUser;

describe('renderDocument', () => {
  for (const layout of Object.keys(LAYOUTS) as LayoutName[]) {
    it(`renders the ${layout} layout as a complete document`, async () => {
      const html = renderDocument(await context({ user: MEMBER }), testAssets(), createElement('p', { id: 'content' }, 'Hello'), { layout, routeName: 'test', title: 'Test' });
      expect(html).to.match(/^<!doctype html><html lang="en"/);
      expect(html).to.include('<p id="content">Hello</p>');
      expect(html).to.include(`class="layout-${layout}"`);
      expect(html).to.include('<title>Test | Amora</title>');
      // A member's only island is the top bar's live badges, in the layouts that have the top bar.
      const islands = [...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]);
      expect(islands).to.deep.equal(['default', 'chat', 'error'].includes(layout) ? ['live-badges'] : []);
      if (!islands.length) expect(html).not.to.include('<script');
    });
  }

  it('renders the member badges on the server: unread messages capped at 99+, new likes, credits', async () => {
    const render = async (over: Partial<SessionUser>) =>
      renderDocument(await context({ user: { ...MEMBER, ...over } }), testAssets(), createElement('p'), { layout: 'default', routeName: 'x' });
    const html = await render({ num_unread_messages: 120, num_new_likes: 3, paid_user: true, credits: 7 });
    expect(html).to.match(/data-testid="messages-badge" aria-label="120 unread messages">99\+</);
    expect(html).to.match(/data-testid="likes-badge" aria-label="3 new likes">3</);
    // The credits tab (warning colour) holds both the balance badge and its label.
    expect(html).to.match(/class="member-nav__tab badge-host badge--warning">(?:(?!<\/a>).)*<span class="badge" data-testid="credits-badge">7<(?:(?!<\/a>).)*>Credits<\/span><\/a>/);
    const quiet = await render({ num_unread_messages: 0, num_new_likes: 0, paid_user: false });
    expect(quiet).not.to.include('messages-badge');
    expect(quiet).not.to.include('likes-badge');
    expect(quiet).to.include('href="/premium"');
    expect(quiet).to.include('/build/assets/live-badges-0a1b2c.js');
  });

  it('gives visitors no live badges', async () => {
    const html = renderDocument(await context(), testAssets(), createElement('p'), { layout: 'error', routeName: 'x' });
    expect(html).not.to.include('live-badges');
    expect(html).not.to.include('<script');
  });

  it('shows the entry warning, a plain form without script, in the chat and empty layouts only for NL and DE', async () => {
    const nl = await context({ showEntryWarning: true, currentUrl: '/chats?x=1' });
    const chat = renderDocument(nl, testAssets(), createElement('p'), { layout: 'chat', routeName: 'chats' });
    expect(chat).to.include('class="entry-warning"').and.include('action="/site-entry"').and.include('name="return" value="/chats?x=1"');
    expect(chat).to.include('name="_csrf" value="token"').and.include('autofocus=""');
    const gb = await context({ showEntryWarning: true, settings: { ...nl.settings, geoip_selected_country: 'GB' } });
    expect(renderDocument(gb, testAssets(), createElement('p'), { layout: 'empty', routeName: 'x' })).not.to.include('entry-warning');
    const page = renderDocument(gb, testAssets(), createElement('p'), { layout: 'default', routeName: 'x' });
    expect(page).to.include('class="entry-warning"');
    expect(page).not.to.include('<script');
    expect(renderDocument(gb, testAssets(), createElement('p'), { layout: 'default', routeName: 'reset-password' })).not.to.include('entry-warning');
  });

  it('gives visitors no signup script: only a member in the middle of the steps gets the modal back', async () => {
    const visitor = await context();
    for (const layout of ['default', 'empty', 'lander'] as const) {
      const html = renderDocument(visitor, testAssets(), createElement('p'), { layout, routeName: 'members' });
      expect(html).not.to.include('data-island');
      expect(html).not.to.include('<script');
    }
    const midway = await context({ user: { ...MEMBER, signup_step: 'about' } });
    const html = renderDocument(midway, testAssets(), createElement('p'), { layout: 'default', routeName: 'members' });
    expect(html).to.include('data-island="signup-modal"').and.include('"resume":true');
    expect(html).to.include('/build/assets/signup-modal-1a2b3c.js');
    expect(renderDocument(midway, testAssets(), createElement('p'), { layout: 'default', routeName: 'signup' })).not.to.include('signup-modal');
    expect(renderDocument(midway, testAssets(), createElement('p'), { layout: 'chat', routeName: 'chats' })).not.to.include('signup-modal');
  });

  it('escapes text in the title and the content', async () => {
    const html = renderDocument(await context(), testAssets(), createElement('p', null, '<img src=x onerror=alert(1)>'), {
      layout: 'default', routeName: 'x', title: '</title><script>alert(1)</script>',
    });
    expect(html).not.to.include('<script>alert(1)');
    expect(html).not.to.include('<img src=x');
  });
});
