// Kept visitor pages (render/page-cache.ts): rendered once per sources, key and visitor facts, each
// answer with its own CSRF token and address; rendered again when a source is replaced, the facts
// differ or 30 seconds have passed; never kept for a member.
import { expect } from 'chai';
import express from 'express';
import { createElement } from 'react';
import supertest from 'supertest';
import { createI18n } from '../../server/render/i18n.js';
import { PageCache } from '../../server/render/page-cache.js';
import { usePage, type PageContext } from '../../views/render-context.js';
import type { SiteSettings } from '../../types/settings.js';
import type { SessionUser } from '../../types/user.js';
import { testAssets } from '../helpers/test-assets.js';
import { Island } from '../../views/components/island.js';
import BackButton from '../../islands/back-button.island.js';

const MEMBER = { id: 1, email: 'm@example.com', status: 'active', signup_step: null, num_new_likes: 0, num_unread_messages: 0, paid_user: false, credits: 0, dismissed_alerts: [], notifications_disabled: [], profile: { id: 1, name: 'Sam', status: 'active' } } as unknown as SessionUser;

async function setup() {
  const i18n = await createI18n();
  let clock = 1_000_000;
  const cache = new PageCache(() => clock);
  const state = { site: {}, company: {}, renders: 0, body: 'First text' };
  const app = express();
  app.use((req, res, next) => {
    const lng = req.get('x-lng') === 'de' ? 'de' : 'en';
    const settings = { name: 'Amora', index_title: 'Amora', description: 'Meet', fictional_warning: 'Fictional.', support_email: 's@example.com', geoip_country: null, geoip_selected_country: 'NL', countries: ['NL'], enable_site_entry_popup: 'no', search_fields: [], visible_profile_fields: [], cdn_prefix: '/media', minimum_message_costs: {} } as unknown as SiteSettings;
    const page: PageContext = {
      t: i18n.getFixedT(lng), i18n, lng, site: { name: 'Amora', domain: 'localhost', languages: ['en'] }, settings,
      company: { name: 'Amora Media B.V.', address: 'Street 1', city: 'Amsterdam', country: 'NL', kvk: '123', vatNumbers: [], supportPhone: '' },
      user: req.get('x-member') ? MEMBER : null, csrfToken: req.get('x-token') ?? 'token', currentUrl: req.originalUrl, now: clock, routeName: '', showEntryWarning: false, testPayments: false,
    };
    res.locals.page = page;
    res.locals.assets = testAssets();
    res.locals.pageSources = [state.site, state.company];
    next();
  });
  app.get('/legal', async (req, res) => {
    await cache.send(res, 'legal', () => {
      state.renders++;
      return { element: createElement('p', { id: 'text' }, state.body, ' ', createElement('a', { href: 'CTA-MARK-1' }, 'Go')), opts: { layout: 'default', routeName: 'legal', title: 'Legal' } };
    }, { marks: { 'CTA-MARK-1': `/signup?src=${encodeURIComponent(String(req.query.src ?? ''))}` } });
  });
  app.get('/island', async (_req, res) => {
    await cache.send(res, 'island', () => ({ element: createElement(Island, { name: 'back-button', component: BackButton, props: {} }), opts: { layout: 'default', routeName: 'x' } }));
  });
  // An island whose props carry the page's address.
  const AddressIsland = () => createElement(Island, { name: 'back-button', component: BackButton, props: { at: usePage().currentUrl } });
  app.get('/island-address', async (_req, res) => {
    await cache.send(res, 'island-address', () => ({ element: createElement(AddressIsland), opts: { layout: 'default', routeName: 'x' } }));
  });
  app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).send(err.message);
  });
  return { app, state, advance: (ms: number) => (clock += ms) };
}

describe('kept pages (PageCache)', () => {
  it('renders a visitor page once; each answer has its own token, address and route marks', async () => {
    const { app, state } = await setup();
    const first = await supertest(app).get('/legal?src=a').set('x-token', 'tok-1').expect(200);
    const second = await supertest(app).get('/legal?src=b%22c').set('x-token', 'tok-2').expect(200);
    expect(state.renders).to.equal(1);
    expect(first.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(first.text).to.include('<meta name="csrf-token" content="tok-1">');
    expect(second.text).to.include('<meta name="csrf-token" content="tok-2">');
    expect(second.text).to.include('name="_csrf" value="tok-2"');
    expect(second.text).not.to.include('tok-1');
    // The language menu's form returns to this page's address, escaped as an attribute.
    expect(second.text).to.include('name="return" value="/legal?src=b%22c"');
    expect(second.text).to.include('<a href="/signup?src=b%22c">Go</a>');
    expect(first.text).to.include('<a href="/signup?src=a">Go</a>');
    expect(second.text).not.to.match(/amora-kept|CTA-MARK/);
  });

  it('sends a kept page as gzip to a browser, its parts compressed once and each answer with its own values', async () => {
    const { app, state } = await setup();
    const browser = 'gzip, deflate, br, zstd';
    const first = await supertest(app).get('/legal?src=a').set('Accept-Encoding', browser).set('x-token', 'tok-1').expect(200);
    const second = await supertest(app).get('/legal?src=b').set('Accept-Encoding', browser).set('x-token', 'tok-2').expect(200);
    expect(state.renders).to.equal(1);
    for (const [res, token, src] of [[first, 'tok-1', 'a'], [second, 'tok-2', 'b']] as const) {
      expect(res.headers['content-encoding']).to.equal('gzip');
      expect(res.headers.vary).to.match(/Accept-Encoding/);
      // supertest has decoded the gzip: the page as the uncompressed answer would be.
      expect(res.text).to.include(`<meta name="csrf-token" content="${token}">`);
      expect(res.text).to.include(`<a href="/signup?src=${src}">Go</a>`);
      expect(res.text).not.to.match(/amora-kept|CTA-MARK/);
    }
    const plain = await supertest(app).get('/legal?src=a').set('Accept-Encoding', 'identity').set('x-token', 'tok-1').expect(200);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(first.text).to.equal(plain.text);
    // A client that takes only brotli, and HEAD, are left to the compression middleware (none here).
    expect((await supertest(app).get('/legal').set('Accept-Encoding', 'br')).headers['content-encoding']).to.equal(undefined);
    expect((await supertest(app).head('/legal').set('Accept-Encoding', browser)).headers['content-encoding']).to.equal(undefined);
  });

  it('renders again for another language, a replaced source, or after 30 seconds', async () => {
    const { app, state, advance } = await setup();
    await supertest(app).get('/legal').expect(200);
    await supertest(app).get('/legal').set('x-lng', 'de').expect(200);
    expect(state.renders).to.equal(2);
    // An operator's change: the site (or company) cache holds a new object.
    state.site = {};
    state.body = 'Second text';
    const changed = await supertest(app).get('/legal').expect(200);
    expect(state.renders).to.equal(3);
    expect(changed.text).to.include('Second text');
    state.body = 'Third text';
    advance(29_000);
    expect((await supertest(app).get('/legal').expect(200)).text).to.include('Second text');
    advance(2_000);
    expect((await supertest(app).get('/legal').expect(200)).text).to.include('Third text');
    expect(state.renders).to.equal(4);
  });

  it('renders a member page every time, with their own top bar', async () => {
    const { app, state } = await setup();
    await supertest(app).get('/legal').expect(200);
    const member = await supertest(app).get('/legal?src=m').set('x-member', '1').set('x-token', 'member-token').expect(200);
    await supertest(app).get('/legal').set('x-member', '1').expect(200);
    expect(state.renders).to.equal(3);
    expect(member.text).to.include('Sam');
    expect(member.text).to.include('<meta name="csrf-token" content="member-token">');
    expect(member.text).to.include('<a href="/signup?src=m">Go</a>');
  });

  it('keeps a page with islands, but refuses one whose island props hold a mark (they are JSON)', async () => {
    const { app } = await setup();
    const first = await supertest(app).get('/island').set('x-token', 'tok-1').expect(200);
    const second = await supertest(app).get('/island').set('x-token', 'tok-2').expect(200);
    expect(first.text).to.include('<script type="module"');
    expect(second.text).to.include('<meta name="csrf-token" content="tok-2">');
    const res = await supertest(app).get('/island-address').expect(500);
    expect(res.text).to.include('cannot be kept');
  });

  it('keeps at most the pages it is given room for, the oldest going first, for the time it is given', async () => {
    let clock = 0;
    const { app, renders } = await pagePerPath(new PageCache(() => clock, { ttlMs: 5_000, maxPages: 2 }));
    for (const n of ['a', 'b', 'a', 'c', 'a', 'b']) await supertest(app).get(`/${n}`).expect(200);
    // a and b kept (a asked again: kept); c pushes out a, a then b, b then c.
    expect(renders()).to.equal(5);
    await supertest(app).get('/b').expect(200);
    expect(renders()).to.equal(5);
    clock += 5_000;
    await supertest(app).get('/b').expect(200);
    expect(renders()).to.equal(6);
  });

  it('lets go of expired pages when it keeps a new one, not only when the limit pushes them out', async () => {
    let clock = 0;
    const cache = new PageCache(() => clock, { ttlMs: 5_000, maxPages: 100 });
    const { app } = await pagePerPath(cache);
    for (const n of ['a', 'b', 'c']) await supertest(app).get(`/${n}`).expect(200);
    clock += 3_000;
    await supertest(app).get('/d').expect(200);
    expect(cache.keptCount([])).to.equal(4);
    // a, b and c expire; keeping e lets them go, d still lasts.
    clock += 2_000;
    await supertest(app).get('/e').expect(200);
    expect(cache.keptCount([])).to.equal(2);
    // Asking for an expired page renders it again and keeps it last.
    clock += 3_000;
    await supertest(app).get('/d').expect(200);
    expect(cache.keptCount([])).to.equal(2);
    clock += 2_100;
    await supertest(app).get('/f').expect(200);
    expect(cache.keptCount([])).to.equal(2);
  });
});

/** An app whose page /:n shows n, kept by `cache` (no sources), counting its renders. */
async function pagePerPath(cache: PageCache) {
  const i18n = await createI18n();
  let renders = 0;
  const app = express();
  app.get('/:n', async (req, res) => {
    res.locals.page = { t: i18n.getFixedT('en'), i18n, lng: 'en', site: { name: 'Amora', domain: 'localhost', languages: ['en'] }, settings: { name: 'Amora', index_title: 'Amora', description: 'Meet', geoip_country: null, geoip_selected_country: 'NL', countries: ['NL'], enable_site_entry_popup: 'no', search_fields: [], visible_profile_fields: [], cdn_prefix: '/media', minimum_message_costs: {} } as unknown as SiteSettings, company: { name: 'A', address: '', city: '', country: 'NL', kvk: '', vatNumbers: [], supportPhone: '' }, user: null, csrfToken: 't', currentUrl: req.originalUrl, now: 0, routeName: '', showEntryWarning: false, testPayments: false } as PageContext;
    res.locals.assets = testAssets();
    await cache.send(res, req.params.n, () => {
      renders++;
      return { element: createElement('p', null, req.params.n), opts: { layout: 'default', routeName: 'n' } };
    });
  });
  return { app, renders: () => renders };
}
