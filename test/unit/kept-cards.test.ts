// keptCardsHtml(): a grid from kept card HTML is the grid React renders inline, for every kind of
// card, in every language, as what the cards show changes; and React's image preloads stay hoisted.
import { expect } from 'chai';
import { createElement } from 'react';
import { createI18n } from '../../server/render/i18n.js';
import { keptCardsHtml } from '../../server/render/kept-cards.js';
import { renderDocument } from '../../server/render/render-page.js';
import { PRIORITY_CARDS, ProfileGrid } from '../../views/components/profile-card.js';
import type { PageContext } from '../../views/render-context.js';
import type { ProfileCard } from '../../types/profiles.js';
import type { Locale, SiteSettings } from '../../types/settings.js';
import type { SessionUser } from '../../types/user.js';
import { testAssets } from '../helpers/test-assets.js';

const MEMBER = { id: 1, email: 'm@example.com', status: 'active', signup_step: null, num_new_likes: 0, num_unread_messages: 0, paid_user: false, credits: 0, dismissed_alerts: [], notifications_disabled: [], profile: { id: 1, name: 'Sam', status: 'active', country: 'DE' } } as unknown as SessionUser;

async function pageIn(lng: Locale): Promise<PageContext> {
  const i18n = await createI18n();
  const settings = {
    name: 'Amora', index_title: 'Amora home', description: 'Meet people', fictional_warning: 'Some profiles are fictional.',
    fictional_singular: lng === 'de' ? 'Chat-Host' : 'Chat host', support_email: 'support@example.com', geoip_selected_country: 'DE', countries: ['DE'],
    enable_site_entry_popup: [], search_fields: [], visible_profile_fields: [], cdn_prefix: '/media',
  } as unknown as SiteSettings;
  return {
    t: i18n.getFixedT(lng), i18n, lng, site: { name: 'Amora', domain: 'localhost', languages: ['en', 'de'] }, settings,
    company: { name: 'Amora Media B.V.', address: 'Street 1', city: 'Amsterdam', country: 'NL', kvk: '123', vatNumbers: [], supportPhone: '' },
    user: MEMBER, csrfToken: 'token', currentUrl: '/members', now: Date.now(), routeName: 'members', showEntryWarning: false, testPayments: false,
  };
}

/** Cards of every kind: with and without photo, fictional, online, away, none, a distance, a new like, a name to escape. */
function cards(): (ProfileCard & { likeNew?: boolean })[] {
  const base = { gender: 'female' as const, country: 'DE', city: null, region: null };
  return [
    { ...base, id: 11, name: 'Anna', age: 31, city: 'Berlin', region: 'Berlin', isFictional: false, photo: { url: '/media/a.jpg', thumbUrl: '/media/a_thumb.jpg' }, presence: { state: 'online' } },
    { ...base, id: 12, name: 'Bea <b>&', age: 45, region: 'Bayern', isFictional: true, photo: { url: '/media/b.jpg', thumbUrl: '/media/b_thumb.jpg?v=1&w=2' }, presence: { state: 'away', minutes: 90 } },
    { ...base, id: 13, name: 'Cleo', age: 22, isFictional: false, photo: null, presence: null, likeNew: true },
    { ...base, id: 14, name: 'Dora', age: 60, city: 'Köln', isFictional: false, photo: { url: '/media/d.jpg', thumbUrl: '/media/d_thumb.jpg' }, presence: { state: 'away', minutes: 5 }, distanceKm: 12.4 },
    { ...base, id: 15, name: 'Eva', age: 38, isFictional: true, photo: { url: '/media/e.jpg', thumbUrl: '/media/e_thumb.jpg' }, presence: { state: 'away', minutes: 3000 }, likeNew: false },
  ];
}

type Grid = Parameters<typeof ProfileGrid>[0];
const documentOf = (page: PageContext, grid: Grid) => renderDocument(page, testAssets(), createElement(ProfileGrid, grid), { layout: 'empty', routeName: 'members' });

/** React writes the preloads it finds itself as rel, as, href; those the grid asks for as rel, href, as. */
const samePreloads = (html: string) => html.replace(/<link rel="preload" href="([^"]*)" as="image"\/>/g, '<link rel="preload" as="image" href="$1"/>');

describe('keptCardsHtml', () => {
  const grids: Omit<Grid, 'html' | 'profiles'>[] = [{}, { priorityCount: 0 }, { priorityCount: 2, newBadge: true }];
  for (const lng of ['en', 'de', 'pl'] as const) {
    for (const options of grids) {
      it(`renders the grid as React does inline (${lng}, ${JSON.stringify(options)}), from kept HTML the second time too`, async () => {
        const page = await pageIn(lng);
        const grid = { profiles: cards(), ...options };
        const inline = documentOf(page, grid);
        for (let time = 0; time < 2; time++) {
          const kept = documentOf(page, { ...grid, html: keptCardsHtml(page, grid) });
          expect(samePreloads(kept)).to.equal(inline);
        }
        // Preloads are where the page's are (before the body's content), not inside the grid.
        const eager = grid.profiles.slice(0, options.priorityCount ?? PRIORITY_CARDS).filter((c) => c.photo).length;
        expect(inline.match(/rel="preload"/g)?.length ?? 0).to.equal(eager);
        expect(documentOf(page, { ...grid, html: keptCardsHtml(page, grid) })).not.to.match(/<div class="grid">(?:(?!<\/div>).)*rel="preload"/);
      });
    }
  }

  it('shows a card as it is now: a new photo, name, presence or label is a new card', async () => {
    const page = await pageIn('en');
    const before = cards();
    keptCardsHtml(page, { profiles: before });
    type Card = ReturnType<typeof cards>[number];
    const changes: ((c: Card) => Card)[] = [
      (c) => ({ ...c, photo: { url: '/media/new.jpg', thumbUrl: '/media/new_thumb.jpg' } }),
      (c) => ({ ...c, name: 'Bea Renamed' }),
      (c) => ({ ...c, presence: { state: 'online' } }),
      (c) => ({ ...c, presence: { state: 'away', minutes: 2 } }),
      (c) => ({ ...c, isFictional: !c.isFictional }),
    ];
    const now = cards().map((c, i) => (changes[i] ?? ((same: Card) => same))(c));
    const kept = documentOf(page, { profiles: now, html: keptCardsHtml(page, { profiles: now }) });
    expect(samePreloads(kept)).to.equal(documentOf(page, { profiles: now }));
    for (const text of ['new_thumb.jpg', 'Bea Renamed', 'Active 2 minutes ago']) expect(kept).to.include(text);
  });

  it('keeps one card while only the minutes of its presence move (the view shows the words, not the minutes)', async () => {
    const page = await pageIn('en');
    const at = (minutes: number) => cards().map((c) => (c.presence?.state === 'away' ? { ...c, presence: { state: 'away' as const, minutes } } : c));
    // 121 and 150 minutes are both "Active 2 hours ago": the same card inline, so one kept card serves both.
    expect(documentOf(page, { profiles: at(121) })).to.equal(documentOf(page, { profiles: at(150) }));
    keptCardsHtml(page, { profiles: at(121) });
    expect(samePreloads(documentOf(page, { profiles: at(150), html: keptCardsHtml(page, { profiles: at(150) }) }))).to.equal(documentOf(page, { profiles: at(150) }));
  });
});
