// Visitors' kept pages answered ahead of the router (render/kept-answers.ts): the same answer as
// the router's, header by header and byte by byte, for the legal pages and the landers, in every
// language, country, scheme and encoding, with the cookies and lander visits the router's answer
// gives; a profile not kept yet, rendered there; and the requests it must leave to the router
// (members, queries, bodies, HEAD, 404s).
import FakeTimers from '@sinonjs/fake-timers';
import { expect } from 'chai';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp } from '../../server/app.js';
import type { KeptAnswers } from '../../server/render/kept-answers.js';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent, rawAnswer, type RawAnswer } from '../helpers/http.js';
import { testAssets } from '../helpers/test-assets.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** Addresses the bundled GeoIP data places in Germany and in the United States. */
const GERMAN_IP = '85.214.132.117';
const US_IP = '8.8.8.8';

type Headers = Record<string, string>;

/** A visitor's remembered search (routes/search-session.ts). */
const searchCookie = (filters: object) =>
  `amora_search=${encodeURIComponent(JSON.stringify({ gender: '', country: '', region: '', minAge: null, maxAge: null, order: 'active', ...filters }))}`;

interface Answer extends RawAnswer {
  fast: boolean;
}

const fastCount = (app: Express) => (app.locals.keptAnswers as KeptAnswers).answered;

async function get(app: Express, path: string, headers: Headers, method: 'get' | 'head' = 'get'): Promise<Answer> {
  const before = fastCount(app);
  const answer = await rawAnswer(app, path, headers, method);
  return { ...answer, fast: fastCount(app) > before };
}

/** A Set-Cookie header with its Expires date apart, which moves with the clock (so does a Max-Age to midnight). */
function cookieParts(header: string): { cookie: string; expires: number | undefined } {
  const m = /; Expires=([^;]+)/.exec(header);
  const maxAge = /; Max-Age=(\d+)/.exec(header);
  return {
    cookie: header.replace(/; Expires=[^;]+/, '').replace(/; Max-Age=\d+/, '; Max-Age'),
    expires: m ? Date.parse(m[1]!) : maxAge ? Number(maxAge[1]) * 1000 : undefined,
  };
}

/** Asserts two answers are the same but for the Date header and cookie expiry a second or two apart. */
function expectSame(fast: Answer, routed: Answer, what: string): void {
  expect(fast.status, what).to.equal(routed.status);
  const strip = (h: Answer['headers']) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'date' && k !== 'set-cookie'));
  expect(strip(fast.headers), what).to.deep.equal(strip(routed.headers));
  const cookies = (a: Answer) => ((a.headers['set-cookie'] ?? []) as string[]).map(cookieParts);
  const [f, r] = [cookies(fast), cookies(routed)];
  expect(f.map((c) => c.cookie), what).to.deep.equal(r.map((c) => c.cookie));
  f.forEach((c, i) => expect(Math.abs((c.expires ?? 0) - (r[i]!.expires ?? 0)), what).to.be.at.most(2000));
  expect(fast.body.equals(routed.body), `${what}: body`).to.equal(true);
}

describeEachBackend('kept pages answered ahead of the router', (env) => {
  const freshApp = () => createApp({ ...env().rt, assets: testAssets() });
  // An app of its own, where nothing is kept yet: each case below asks for a page no other case
  // asks for in its language, country and entry state, so its first answer is the router's.
  let app: Express;
  /** A visitor's valid CSRF cookie per scheme, so that both answers carry the same token. */
  const csrf = { http: '', https: '' };
  before(async () => {
    app = freshApp();
    for (const scheme of ['http', 'https'] as const) {
      const res = await supertest(app).get('/login').set('Host', 'localhost').set('X-Forwarded-Proto', scheme);
      csrf[scheme] = ((res.headers['set-cookie'] ?? []) as unknown as string[]).find((c) => c.includes('amora.csrf='))!.split(';')[0]!;
    }
  });

  /** The router's answer (the first request), then the kept answer to the same request. */
  async function both(path: string, headers: Headers, on = app): Promise<{ routed: Answer; fast: Answer }> {
    let routed = await get(on, path, headers);
    let fast = await get(on, path, headers);
    // A page is kept per the objects it was made of (render/page-cache.ts); the sites service makes
    // them anew every 30 s. Made anew between the two requests, the second was the router's again,
    // keeping the page for the new ones: it is the routed answer, and the next is the kept one.
    if (!fast.fast) [routed, fast] = [fast, await get(on, path, headers)];
    expect(routed.fast, `${path}: first answer from the router`).to.equal(false);
    expect(fast.fast, `${path}: second answer kept`).to.equal(true);
    return { routed, fast };
  }

  const cases: { what: string; path: string; headers: () => Headers }[] = [
    { what: 'terms, uncompressed', path: '/pages/terms', headers: () => ({ Cookie: csrf.http, 'Accept-Encoding': 'identity', 'X-Request-Id': 'kept-test-0001' }) },
    { what: 'the service terms, entry confirmed', path: '/pages/service', headers: () => ({ Cookie: `amora_entry=1; ${csrf.http}`, 'X-Request-Id': 'kept-test-0002' }) },
    { what: 'privacy in German from Germany', path: '/pages/privacy', headers: () => ({ Cookie: `amora_lang=de; ${csrf.http}`, 'X-Forwarded-For': GERMAN_IP, 'X-Request-Id': 'kept-test-0003' }) },
    { what: 'faq in Polish, a browser\'s encodings (gzip from the parts compressed once)', path: '/pages/faq', headers: () => ({ Cookie: `amora_lang=pl; amora_entry=1; ${csrf.http}`, 'Accept-Encoding': 'gzip, deflate, br', 'X-Request-Id': 'kept-test-0004' }) },
    { what: 'cookies over HTTPS from the US, gzip', path: '/pages/cookies', headers: () => ({ Cookie: csrf.https, 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': US_IP, 'Accept-Encoding': 'gzip', 'X-Request-Id': 'kept-test-0005' }) },
    { what: 'a lander, a person from Germany', path: '/landers/adultonly', headers: () => ({ Cookie: csrf.http, 'User-Agent': BROWSER, 'X-Forwarded-For': GERMAN_IP, 'X-Request-Id': 'kept-test-0006' }) },
    { what: 'a lander, a robot', path: '/landers/video', headers: () => ({ Cookie: `amora_entry=1; ${csrf.http}`, 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)', 'X-Request-Id': 'kept-test-0007' }) },
    {
      what: 'a lander variant, with a source and today\'s visits remembered',
      path: '/landers/gallery/men',
      headers: () => ({ Cookie: `amora_track=${encodeURIComponent(JSON.stringify({ network: 'kept-net' }))}; amora_lv=${new Date().toISOString().slice(0, 10)}|video/; ${csrf.http}`, 'User-Agent': BROWSER, 'Accept-Encoding': 'br', 'X-Request-Id': 'kept-test-0008' }),
    },
    { what: 'an unknown variant of a lander', path: '/landers/gallery/no-such-variant', headers: () => ({ Cookie: csrf.http, 'User-Agent': BROWSER, 'X-Request-Id': 'kept-test-0009' }) },
    // The search with filters in its query: the choice is remembered in a cookie, as the route does.
    { what: 'a search chosen in the query', path: '/members?gender=male&country=GB&countryregion=&min_age=25&max_age=&order=', headers: () => ({ Cookie: csrf.http, 'X-Request-Id': 'kept-test-0010' }) },
    {
      what: 'a search chosen in the query over HTTPS, brotli, another choice remembered',
      path: '/members?gender=female&country=&countryregion=&min_age=&max_age=40&order=active&page=2',
      headers: () => ({ Cookie: `${csrf.https}; ${searchCookie({ gender: 'male' })}`, 'X-Forwarded-Proto': 'https', 'Accept-Encoding': 'br', 'X-Request-Id': 'kept-test-0011' }),
    },
    { what: 'a search back to the defaults, a choice remembered (cleared)', path: '/members?gender=&country=&countryregion=&min_age=&max_age=&order=', headers: () => ({ Cookie: `${csrf.http}; ${searchCookie({ minAge: 30 })}`, 'X-Request-Id': 'kept-test-0012' }) },
    { what: 'a search choosing what is remembered (no cookie)', path: '/members?gender=male&country=&countryregion=&min_age=&max_age=&order=active', headers: () => ({ Cookie: `${csrf.http}; ${searchCookie({ gender: 'male' })}`, 'X-Request-Id': 'kept-test-0013' }) },
    { what: 'a search with a bad age (400, nothing remembered)', path: '/members?gender=female&min_age=abc', headers: () => ({ Cookie: `amora_lang=de; ${csrf.http}`, 'X-Request-Id': 'kept-test-0014' }) },
  ];

  for (const c of cases) {
    it(`answers as the router does: ${c.what}`, async () => {
      const { routed, fast } = await both(c.path, c.headers());
      expect(routed.status).to.equal(c.path.includes('abc') ? 400 : 200);
      expectSame(fast, routed, c.what);
    });
  }

  it('gives a first visit its own CSRF token, in the page and in its cookie', async () => {
    const { routed, fast } = await both('/pages/ban', {});
    const token = (a: Answer) => /<meta name="csrf-token" content="([^"]+)"/.exec(a.body.toString())![1]!;
    const cookie = (a: Answer) => ((a.headers['set-cookie'] ?? []) as string[]).find((h) => h.startsWith('amora.csrf='))!;
    expect(token(fast)).to.not.equal(token(routed));
    expect(cookie(fast)).to.include(`amora.csrf=${token(fast)};`);
    expect(fast.body.toString().replaceAll(token(fast), 'T')).to.equal(routed.body.toString().replaceAll(token(routed), 'T'));
    // The token works for a form post like any other.
    await supertest(app).post('/site-entry').set('Host', 'localhost').set('Cookie', cookie(fast).split(';')[0]!).type('form').send({ _csrf: token(fast), return: '/' }).expect(303);
  });

  it('counts a person\'s lander visit as the router does, and remembers it for the day', async () => {
    const { services, db } = env().rt;
    const visits = async () => {
      await services.landerVisits.flush();
      return Number((await db('lander_visits').where({ network: '', lander: 'adultonly', day: new Date().toISOString().slice(0, 10) }).first('visits'))?.visits ?? 0);
    };
    const before = await visits();
    const { routed, fast } = await both('/landers/adultonly', { 'User-Agent': BROWSER }, freshApp());
    expect(await visits()).to.equal(before + 2);
    const named = (a: Answer, name: string) => ((a.headers['set-cookie'] ?? []) as string[]).find((h) => h.startsWith(`${name}=`));
    for (const name of ['amora_track', 'amora_lv']) {
      expect(named(fast, name), name).to.be.a('string');
      expect(cookieParts(named(fast, name)!).cookie).to.equal(cookieParts(named(routed, name)!).cookie);
    }
  });

  it('leaves members, queries, bodies, HEAD, other shapes, unknown hosts and pages not kept to the router', async () => {
    await get(app, '/pages/terms', {});
    await get(app, '/landers/adultonly', {});
    expect((await get(app, '/pages/terms', {})).fast).to.equal(true);
    await get(app, '/members?gender=male', {});
    expect((await get(app, '/members?gender=male', {})).fast).to.equal(true);
    const name = `Kept${Date.now() % 100000}`;
    const member = await createMember(env().rt.db, { name });
    const before = fastCount(app);
    try {
      const signedIn = await loggedInAgent(app, member.email, member.password);
      const page = await signedIn.get('/pages/terms').expect(200);
      expect(page.text).to.include(name);
      await signedIn.get('/landers/adultonly').expect(303);
    } finally {
      // Out of the searches and games of the test files after this one.
      await env().rt.db('profiles').where({ user_id: member.id }).update({ status: 'hidden' });
    }
    expect(fastCount(app)).to.equal(before);
    expect((await get(app, '/pages/terms?x=1', {})).fast).to.equal(false);
    // A search query with anything but filters: a reset, a traffic source, a member's notice.
    for (const path of ['/members?gender=male&reset=1', '/members?gender=male&network=kept-net', '/members?gender=male&blocked=5', '/members/?gender=male']) {
      expect((await get(app, path, {})).fast, path).to.equal(false);
    }
    expect((await get(app, '/landers/adultonly?signup=1', {})).fast).to.equal(false);
    expect((await get(app, '/pages/terms/', {})).fast).to.equal(false);
    expect((await get(app, '/pages/Terms', {})).fast).to.equal(false);
    expect((await get(app, '/pages/terms', {}, 'head')).fast).to.equal(false);
    const withBody = await supertest(app).get('/pages/terms').set('Host', 'localhost').set('Content-Type', 'application/json').send('{"a":');
    expect(withBody.status).to.equal(400);
    const unknownHost = await supertest(app).get('/pages/terms').set('Host', 'unknown.example');
    expect(unknownHost.status).to.equal(421);
    const notFound = await get(app, '/landers/no-such-lander', {});
    expect(notFound.status).to.equal(404);
    expect(notFound.fast).to.equal(false);
    expect(fastCount(app)).to.equal(before);
  });

  it('renders a profile not kept yet as the router would, and leaves one not found to the router', async () => {
    const { db, services } = env().rt;
    const { id } = await createProfile(db, services.media, { name: 'KeptProfile' });
    // Presence ("active 5 minutes ago") moves with the clock: it stands still for the comparison.
    const clock = FakeTimers.install({ toFake: ['Date'], now: Date.now() });
    try {
      for (const [what, headers] of [
        ['a profile, uncompressed', { Cookie: csrf.http, 'Accept-Encoding': 'identity', 'X-Request-Id': 'kept-test-0015' }],
        ['a profile in German over HTTPS, gzip', { Cookie: `amora_lang=de; ${csrf.https}`, 'X-Forwarded-Proto': 'https', 'Accept-Encoding': 'gzip', 'X-Request-Id': 'kept-test-0016' }],
      ] as const) {
        const fast = await get(freshApp(), `/members/${id}`, headers);
        // A conditional GET is the router's (it might be a 304); with no ETags given it is answered as a plain one.
        const routed = await get(freshApp(), `/members/${id}`, { ...headers, 'If-None-Match': '"kept-test"' });
        expect([fast.fast, routed.fast], what).to.deep.equal([true, false]);
        expect(fast.status, what).to.equal(200);
        expectSame(fast, routed, what);
      }
      const fresh = freshApp();
      await db('profiles').where({ id }).update({ status: 'hidden' });
      for (const path of [`/members/${id}`, '/members/2147483000']) {
        const notFound = await get(fresh, path, { Cookie: csrf.http });
        expect([notFound.status, notFound.fast], path).to.deep.equal([404, false]);
      }
    } finally {
      clock.uninstall();
    }
  });

  it('labels its answers in the request metrics by the route pattern', async () => {
    const app = freshApp();
    for (let i = 0; i < 3; i++) await get(app, '/pages/return-policy', {});
    const text = (await supertest(app).get('/metrics').expect(200)).text;
    const line = text.split('\n').find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/pages/:slug"') && l.includes('status_code="200"'));
    expect(line, text.slice(0, 2000)).to.match(/ 3$/);
  });
});
