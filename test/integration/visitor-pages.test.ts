// Visitors' search, landing page and profiles kept a few seconds (render/page-cache.ts): each
// visitor gets the page an app that kept nothing would render for them, whatever other visitors
// asked before (the key holds every choice that changes the page), and the kept answers given
// ahead of the router (render/kept-answers.ts) are the router's.
import FakeTimers from '@sinonjs/fake-timers';
import { expect } from 'chai';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp } from '../../server/app.js';
import type { KeptAnswers } from '../../server/render/kept-answers.js';
import { describeEachBackend } from '../helpers/backends.js';
import { testAssets } from '../helpers/test-assets.js';

const US_IP = '8.8.8.8';
const GERMAN_IP = '85.214.132.117';

interface Variant {
  what: string;
  path: string;
  cookies?: string[];
  headers?: Record<string, string>;
}

describeEachBackend('visitors\' kept search, landing page and profiles', (env) => {
  const freshApp = () => createApp({ ...env().rt, assets: testAssets() });
  let shared: Express;
  let csrf = '';
  let ids: number[] = [];
  before(async () => {
    shared = freshApp();
    const login = await supertest(shared).get('/login').set('Host', 'localhost');
    csrf = ((login.headers['set-cookie'] ?? []) as unknown as string[]).find((c) => c.startsWith('amora.csrf='))!.split(';')[0]!;
    ids = ((await env().rt.db('profiles').where({ status: 'active' }).whereNull('user_id').orderBy('id').limit(2).pluck('id')) as number[]).map(Number);
  });

  const ask = async (app: Express, v: Variant) => {
    let req = supertest(app).get(v.path).set('Host', 'localhost').set('Cookie', [csrf, ...(v.cookies ?? [])].join('; '));
    for (const [name, value] of Object.entries(v.headers ?? {})) req = req.set(name, value);
    const res = await req;
    // The cookies set, their expiry (which moves with the clock) aside.
    const cookies = ((res.headers['set-cookie'] ?? []) as unknown as string[]).map((c) => c.replace(/; Expires=[^;]+/, ''));
    return { status: res.status, text: res.text, location: res.headers.location as string | undefined, cookies };
  };
  // A kept page may show presence ("active 5 minutes ago") up to VISITOR_PAGE_TTL_MS old by design,
  // so a kept page and a fresh one differ when a minute turns between them. The tests that compare
  // the two hold the clock still (Date only: timers and deadlines run as usual).
  const stillClock = () => FakeTimers.install({ toFake: ['Date'], now: Date.now() });
  const search = (filters: object) => `amora_search=${encodeURIComponent(JSON.stringify({ gender: '', country: '', region: '', minAge: null, maxAge: null, order: 'active', ...filters }))}`;

  const variants = (): Variant[] => [
    { what: 'the landing page', path: '/' },
    { what: 'the landing page, men chosen before', path: '/', cookies: [search({ gender: 'male' })] },
    { what: 'the landing page from the US', path: '/', headers: { 'X-Forwarded-For': US_IP } },
    { what: 'the landing page in German from Germany', path: '/', cookies: ['amora_lang=de'], headers: { 'X-Forwarded-For': GERMAN_IP } },
    { what: 'the search', path: '/members' },
    { what: 'the search, entry confirmed', path: '/members', cookies: ['amora_entry=1'] },
    { what: 'the search, men in Ireland remembered', path: '/members', cookies: [search({ gender: 'male', country: 'IE' })] },
    { what: 'the search, an age range remembered', path: '/members', cookies: [search({ minAge: 30, maxAge: 40 })] },
    { what: 'the search, near me remembered', path: '/members', cookies: [search({ order: 'near' })] },
    { what: 'the search from the US', path: '/members', headers: { 'X-Forwarded-For': US_IP } },
    { what: 'the search in Polish', path: '/members', cookies: ['amora_lang=pl'] },
    { what: 'the search, chosen in the query', path: '/members?gender=male&min_age=&max_age=&country=GB&countryregion=&order=' },
    { what: 'the search, page 2', path: '/members?page=2' },
    { what: 'the search, a bad age', path: '/members?gender=female&min_age=abc' },
    { what: 'the search, reset', path: '/members?reset=1', cookies: [search({ gender: 'male' })] },
    { what: 'a profile', path: `/members/${ids[0]}` },
    { what: 'another profile', path: `/members/${ids[1]}` },
    { what: 'a profile in Dutch', path: `/members/${ids[0]}`, cookies: ['amora_lang=nl'] },
    { what: 'a profile with a notice', path: `/members/${ids[0]}?notice=liked` },
    { what: 'an unknown profile', path: '/members/2147483000' },
  ];

  it('answers each visitor as an app that kept nothing would, whatever others asked before', async () => {
    const clock = stillClock();
    try {
      // Every variant asked twice of one app, in turn, so that each meets pages kept for the others.
      for (let round = 0; round < 2; round++) for (const v of variants()) await ask(shared, v);
      for (const v of variants()) {
        const kept = await ask(shared, v);
        const fresh = await ask(freshApp(), v);
        expect(kept.status, v.what).to.equal(fresh.status);
        expect(kept.location, v.what).to.equal(fresh.location);
        expect(kept.text === fresh.text, `${v.what}: same page`).to.equal(true);
      }
    } finally {
      clock.uninstall();
    }
  });

  it('answers plain visits ahead of the router once kept, as the router does', async () => {
    const app = freshApp();
    const answered = () => (app.locals.keptAnswers as KeptAnswers).answered;
    const clock = stillClock();
    try {
      // Queries too, when they hold nothing but the search's filters.
      for (const v of variants().filter((x) => (!x.path.includes('?') || (x.path.startsWith('/members?') && !x.path.includes('reset'))) && !x.path.endsWith('2147483000'))) {
        const routed = await ask(app, v);
        const before = answered();
        const fast = await ask(app, v);
        expect(answered(), v.what).to.equal(before + 1);
        expect(fast.status, v.what).to.equal(routed.status);
        expect(fast.text === routed.text, `${v.what}: same page`).to.equal(true);
        expect(fast.cookies, v.what).to.deep.equal(routed.cookies);
      }
    } finally {
      clock.uninstall();
    }
  });

  it('sends a visitor without search rights from a kept search to the landing page, as the router does', async () => {
    const { rt } = env();
    const site = await rt.services.sites.resolveHost('localhost');
    await rt.services.sites.updateSettings(site.domain, { logged_out_search: 'none' });
    try {
      const app = freshApp();
      const first = await ask(app, { what: 'search', path: '/members' });
      const second = await ask(app, { what: 'search', path: '/members' });
      expect([first.status, second.status]).to.deep.equal([303, 303]);
      expect(second.location).to.equal('/');
    } finally {
      await rt.services.sites.updateSettings(site.domain, {}, ['logged_out_search']);
    }
  });

  it('never shows a profile as it was once it is hidden or changed, kept page or not', async () => {
    const { db } = env().rt;
    const app = freshApp();
    const answered = () => (app.locals.keptAnswers as KeptAnswers).answered;
    await ask(app, { what: 'search', path: '/' });
    const search = await ask(app, { what: 'search', path: '/members' });
    const id = Number(/href="\/members\/(\d+)"/.exec(search.text)![1]);
    const { name } = (await db('profiles').where({ id }).first('name')) as { name: string };
    for (let i = 0; i < 2; i++) await ask(app, { what: 'profile', path: `/members/${id}` });
    const before = answered();
    expect((await ask(app, { what: 'profile', path: `/members/${id}` })).text).to.include(name);
    expect(answered()).to.equal(before + 1);
    try {
      await db('profiles').where({ id }).update({ name: 'Renamed' });
      expect((await ask(app, { what: 'profile', path: `/members/${id}` })).text).to.include('Renamed');
      expect((await ask(app, { what: 'search', path: '/members' })).text).to.include('Renamed');
      await db('profiles').where({ id }).update({ status: 'hidden' });
      expect((await ask(app, { what: 'profile', path: `/members/${id}` })).status).to.equal(404);
      expect((await ask(app, { what: 'search', path: '/members' })).text).to.not.include(`href="/members/${id}"`);
      expect((await ask(app, { what: 'landing page', path: '/' })).text).to.not.include(`href="/members/${id}"`);
    } finally {
      await db('profiles').where({ id }).update({ name, status: 'active' });
    }
  });
});
