// Members' busiest pages answered ahead of the chain (routes/pages/member-pages-fast.ts): the same
// answer as the full chain's, header by header and byte by byte (an app built to send everything
// through the chain, on the same runtime, answers the same request), for the search, a profile,
// the chats, a conversation, the likes and the credits, in German and compressed, and for the
// 404s of those paths; and the requests it must leave to the chain: visitors, a session of an
// account gone (logged out there), terms not yet accepted (the redirect), other paths, bodies.
import { expect } from 'chai';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp } from '../../server/app.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, rawAnswer, type RawAnswer } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';
import { testAssets } from '../helpers/test-assets.js';

interface Answer extends RawAnswer {
  fast: boolean;
}

const fastCount = (app: Express) => (app.locals.memberPagesFast as { answered: number }).answered;

/** The name=value pairs of an answer's Set-Cookie headers. */
const cookiesOf = (res: { headers: Record<string, unknown> }) => ((res.headers['set-cookie'] ?? []) as string[]).map((c) => c.split(';')[0]!);

async function get(app: Express, path: string, headers: Record<string, string>, method: 'get' | 'head' = 'get'): Promise<Answer> {
  const before = fastCount(app);
  const answer = await rawAnswer(app, path, headers, method);
  return { ...answer, fast: fastCount(app) > before };
}

/**
 * Two answers are the same but for the Date header and what moves with the clock or is new on
 * each render (the time bonus's milliseconds left, the chat's clock and send-form id), so also
 * the length of a body that holds them.
 */
function expectSame(fast: Answer, chained: Answer, what: string): void {
  expect(fast.status, what).to.equal(chained.status);
  const strip = (h: Answer['headers']) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'date' && k !== 'content-length'));
  expect(strip(fast.headers), what).to.deep.equal(strip(chained.headers));
  for (const a of [fast, chained]) if (!a.headers['content-encoding']) expect(Number(a.headers['content-length']), what).to.equal(a.body.length);
  const text = (a: Answer) => {
    const html = a.body.toString('utf8');
    // A send form's client id is new on every render (a retried send is recognised by it).
    const clientId = /"formClientId":"(\w+)"/.exec(html)?.[1];
    return (clientId ? html.replaceAll(clientId, 'client-id') : html).replace(/"leftMs":\d+/g, '"leftMs":0').replace(/"now":"[^"]+"/g, '"now":0');
  };
  expect(text(fast), `${what}: body`).to.equal(text(chained));
}

describeEachBackend('members\' pages answered ahead of the chain', (env) => {
  const db = () => env().rt.db;
  let app: Express;
  let chain: Express;
  before(() => {
    app = createApp({ ...env().rt, assets: testAssets() });
    chain = createApp({ ...env().rt, assets: testAssets(), memberPagesThroughChain: true });
  });

  /** A member logged in through the form; the Cookie header of their session and CSRF cookie. */
  async function loggedIn(o: { credits?: number } = {}) {
    const m = await createMember(db(), { name: 'Fastlane' });
    if (o.credits) await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: o.credits!, reason: 'grant' }));
    const login = await supertest(app).get('/login').set('Host', 'localhost').expect(200);
    const visitorCookies = cookiesOf(login);
    const posted = await supertest(app).post('/login').set('Host', 'localhost').set('Cookie', visitorCookies.join('; ')).type('form')
      .send({ _csrf: csrfFrom(login.text), email: m.email, password: m.password }).expect(303);
    const session = cookiesOf(posted).find((c) => c.startsWith('amora.sid='))!;
    // A page of the chain's (not answered ahead) binds a CSRF cookie to the session and keeps the
    // terms accepted in it, so both answers below carry the same token.
    const settings = await supertest(app).get('/transactions').set('Host', 'localhost').set('Cookie', [session, ...visitorCookies].join('; ')).expect(200);
    const csrf = [...cookiesOf(settings), ...cookiesOf(posted), ...visitorCookies].find((c) => c.startsWith('amora.csrf='))!;
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    return { ...m, profileId, cookie: `${session}; ${csrf}`, token: csrfFrom(settings.text) };
  }

  /** The chain's answer, then the fast path's to the same request. */
  async function both(path: string, headers: Record<string, string>): Promise<{ chained: Answer; fast: Answer }> {
    const chained = await get(chain, path, headers);
    const fast = await get(app, path, headers);
    expect(chained.fast, `${path}: the chain's app answers through the chain`).to.equal(false);
    expect(fast.fast, `${path}: answered ahead of the chain`).to.equal(true);
    return { chained, fast };
  }

  it('answers the search, a profile, the chats, a conversation, the likes and the credits as the chain does', async () => {
    const me = await loggedIn({ credits: 100 });
    const other = await loggedIn();
    const shown = await createProfile(db(), env().rt.services.media, { gender: 'male', photos: 1 });
    const send = await supertest(app).post('/api/messages.php').set('Host', 'localhost').set('Cookie', me.cookie).set('x-csrf-token', me.token)
      .send({ client_id: `fast${Date.now().toString(36)}0001x`, profile: other.profileId, body: 'Hello <b>there</b> & welcome' }).expect(201);
    const conversation = Number(send.body.message.conversation_id);
    await supertest(app).post('/api/like.php').set('Host', 'localhost').set('Cookie', other.cookie).set('x-csrf-token', other.token).send({ profile: me.profileId }).expect(200);

    const cases: { what: string; path: string; headers: Record<string, string>; status?: number }[] = [
      { what: 'the search', path: '/members', headers: { 'X-Request-Id': 'fast-page-0001' } },
      { what: 'the search with filters, in German, gzip', path: '/members?gender=male&country=GB&countryregion=&min_age=25&max_age=&order=', headers: { 'Accept-Encoding': 'gzip', 'X-Request-Id': 'fast-page-0002' }, },
      { what: 'a profile', path: `/members/${shown.id}`, headers: { 'X-Request-Id': 'fast-page-0003' } },
      { what: 'the chats, brotli', path: '/chats', headers: { 'Accept-Encoding': 'br', 'X-Request-Id': 'fast-page-0004' } },
      { what: 'a conversation', path: `/chats/${conversation}`, headers: { 'X-Request-Id': 'fast-page-0005' } },
      { what: 'the likes', path: '/likes', headers: { 'X-Request-Id': 'fast-page-0006' } },
      { what: 'the likes received', path: '/likes/received', headers: { 'X-Request-Id': 'fast-page-0007' } },
      { what: 'the credits', path: '/credits', headers: { 'X-Request-Id': 'fast-page-0008' } },
      { what: 'a profile that does not exist', path: '/members/987654321', headers: { 'X-Request-Id': 'fast-page-0009' }, status: 404 },
      { what: 'a conversation that is not a number', path: '/chats/abc', headers: { 'X-Request-Id': 'fast-page-0010' }, status: 404 },
      { what: 'a likes list that does not exist', path: '/likes/nobody', headers: { 'X-Request-Id': 'fast-page-0011' }, status: 404 },
    ];
    for (const c of cases) {
      // Compressed answers are compared as the client reads them (their bytes hold the clock's milliseconds).
      const lang = c.what.includes('German') ? '; amora_lang=de' : '';
      const { chained, fast } = await both(c.path, { Cookie: `${me.cookie}; amora_entry=1${lang}`, 'Accept-Encoding': 'identity', ...c.headers });
      expect(chained.status, c.what).to.equal(c.status ?? 200);
      expectSame(fast, chained, c.what);
    }
    // The request metrics label them by the route pattern, as the chain's answers.
    const metrics = (await supertest(app).get('/metrics').expect(200)).text.split('\n');
    for (const route of ['/members/:id', '/chats/:id', '/likes/:type', '/credits']) {
      expect(metrics.some((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes(`route="${route}"`)), route).to.equal(true);
    }
  });

  it('leaves visitors, other paths, bodies, HEAD, an account gone and terms not accepted to the chain', async () => {
    const me = await loggedIn();
    const before = fastCount(app);
    await get(app, '/members', {});
    await get(app, '/members', { Cookie: 'amora.sid=s:forged.signature' });
    await get(app, '/likes/m/1', { Cookie: me.cookie });
    await get(app, '/members/', { Cookie: me.cookie });
    await get(app, '/transactions', { Cookie: me.cookie });
    await get(app, '/members', { Cookie: me.cookie }, 'head');
    await supertest(app).get('/members').set('Host', 'localhost').set('Cookie', me.cookie).set('Content-Type', 'application/json').send('{}');
    expect(fastCount(app)).to.equal(before);

    // An account gone: the chain logs the session out and sends the visitor to log in.
    const gone = await loggedIn();
    await db()('users').where({ id: gone.id }).update({ status: 'deleted' });
    const res = await get(app, '/chats', { Cookie: gone.cookie });
    expect(res.fast).to.equal(false);
    expect(res.status).to.equal(303);
    expect(String(res.headers.location)).to.match(/^\/login/);
  });

  it('leaves a member with terms to accept to the chain, which asks for them', async () => {
    const company = env().rt.services.company;
    const me = await loggedIn();
    // Signed up before the new terms (a member who signs up after them accepted them at signup).
    await db()('users').where({ id: me.id }).update({ signup_date: Date.now() - 2 * 86_400_000 });
    const originalAdded = (await company.get()).added;
    await company.update({ added: Date.now() - 1000 });
    try {
      const res = await get(app, '/likes', { Cookie: me.cookie });
      expect(res.fast).to.equal(false);
      expect(res.status).to.equal(303);
      expect(res.headers.location).to.equal('/accept-terms?next=%2Flikes');
    } finally {
      await company.update({ added: originalAdded });
    }
  });
});
