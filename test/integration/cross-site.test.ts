// Defence in depth (issue 13 §8): a state-changing request from another site is refused even with
// a valid CSRF token; our own sites, and requests that do not say where they come from, still work
// (with their token); over HTTPS the session and CSRF cookies carry the `__Host-` prefix.
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../server/app.js';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { testAssets } from '../helpers/test-assets.js';

/** The cookies a response sets, by name: the whole Set-Cookie line. */
function setCookies(res: supertest.Response): Map<string, string> {
  const lines = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/** "name=value" of a Set-Cookie line, to send it back by hand (supertest keeps no Secure cookie over HTTP). */
const pair = (line: string) => line.slice(0, line.indexOf(';'));

describeEachBackend('cross-site requests and cookie names', (env) => {
  /** A visitor's agent and token, from the login page. */
  async function visitor() {
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/login').expect(200)).text);
    return { a, token };
  }

  it('refuses a state-changing request from another site even with a valid token, localized, on pages and the API', async () => {
    const { a, token } = await visitor();
    const page = await a.post('/logout').set('Origin', 'https://evil.example').set('Cookie', 'amora_lang=de').type('form').send({ _csrf: token }).expect(403);
    expect(page.text).to.include('Diese Anfrage kam von einer anderen Website');
    const api = await a.post('/api/logout.php').set('Origin', 'https://evil.example').set('x-csrf-token', token).send({}).expect(403);
    expect(api.body.error).to.include({ code: 'cross_site_request' });
    // Without an Origin the Referer tells, and without both Sec-Fetch-Site; a look-alike host is another site too.
    const cases: Record<string, string>[] = [
      { Referer: 'https://evil.example/page' },
      { Origin: 'null', Referer: 'https://evil.example/page' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'http://localhost.evil.example' },
      { Referer: 'not a url' },
    ];
    for (const headers of cases) {
      const res = await a.post('/api/logout.php').set(headers).set('x-csrf-token', token).send({}).expect(403);
      expect(res.body.error.code, JSON.stringify(headers)).to.equal('cross_site_request');
    }
  });

  it('lets this site and our other sites through, and requests that do not say where they come from (token still required)', async () => {
    const { a, token } = await visitor();
    await a.post('/logout').set('Origin', 'http://localhost').type('form').send({ _csrf: token }).expect(303);
    await a.post('/logout').set('Referer', 'http://localhost/login').type('form').send({ _csrf: token }).expect(303);
    await a.post('/logout').set('Origin', 'http://nl.localhost').type('form').send({ _csrf: token }).expect(303);
    await a.post('/logout').type('form').send({ _csrf: token }).expect(303);
    // What a browser sends for our own form under Referrer-Policy: no-referrer.
    await a.post('/logout').set({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }).type('form').send({ _csrf: token }).expect(303);
    const noToken = await a.post('/api/logout.php').send({}).expect(403);
    expect(noToken.body.error.code).to.equal('invalid_csrf_token');
    // Reads are never refused, and the provider's webhook comes from its own servers by design.
    await a.get('/login').set('Origin', 'https://evil.example').expect(200);
    const hook = await supertest(env().app).post('/webhooks/test').set('Host', 'localhost').set('Origin', 'https://evil.example').type('form').send({ id: 'x' });
    expect(hook.status).to.not.equal(403);
  });

  it('names the session and CSRF cookies __Host-… with Secure, Path=/ and no Domain over HTTPS; plain names over HTTP', async () => {
    const m = await createMember(env().rt.db);
    const secureApp = createApp({ ...env().rt, config: { ...env().rt.config, secureCookies: true }, assets: testAssets() });
    // HTTPS as a TLS proxy forwards it (express-session sets no Secure cookie on a plain request).
    const tls = (r: supertest.Test) => r.set('Host', 'localhost').set('X-Forwarded-Proto', 'https');
    const loginPage = await tls(supertest(secureApp).get('/login')).expect(200);
    const csrfCookie = setCookies(loginPage).get('__Host-amora.csrf');
    expect(csrfCookie, 'CSRF cookie').to.match(/; Path=\/;/).and.match(/; Secure/).and.not.match(/Domain=/i);
    expect(setCookies(loginPage).has('amora.csrf')).to.equal(false);
    const login = await tls(supertest(secureApp).post('/login')).set('Cookie', pair(csrfCookie!)).type('form')
      .send({ _csrf: csrfFrom(loginPage.text), email: m.email, password: m.password });
    expect(login.status, login.text.slice(0, 300)).to.equal(303);
    const sessionCookie = setCookies(login).get('__Host-amora.sid');
    expect(sessionCookie, 'session cookie').to.match(/; Path=\/;/).and.match(/; Secure/).and.match(/HttpOnly/).and.not.match(/Domain=/i);
    const me = await tls(supertest(secureApp).get('/api/user.php')).set('Cookie', pair(sessionCookie!)).expect(200);
    expect(me.body.user.id).to.equal(m.id);
    // A plain-named cookie is not the session there: a sibling subdomain cannot plant one.
    await tls(supertest(secureApp).get('/api/user.php')).set('Cookie', pair(sessionCookie!).replace('__Host-', '')).expect(403);
    // Logging out expires the prefixed cookie (a __Host- cookie is only replaced by one with Secure and Path=/).
    const members = await tls(supertest(secureApp).get('/members')).set('Cookie', `${pair(sessionCookie!)}; ${pair(csrfCookie!)}`).expect(200);
    const memberCsrf = setCookies(members).get('__Host-amora.csrf') ?? csrfCookie!;
    const out = await tls(supertest(secureApp).post('/logout')).set('Cookie', `${pair(sessionCookie!)}; ${pair(memberCsrf)}`).type('form').send({ _csrf: csrfFrom(members.text) });
    expect(out.status, out.text.slice(0, 200)).to.equal(303);
    expect(setCookies(out).get('__Host-amora.sid')).to.match(/Expires=Thu, 01 Jan 1970/).and.match(/; Secure/);

    // 'auto' (the default): HTTPS through a trusted proxy gets the prefix, plain HTTP keeps the names.
    const autoApp = createApp({ ...env().rt, config: { ...env().rt.config, secureCookies: 'auto' }, assets: testAssets() });
    const viaTls = await supertest(autoApp).get('/login').set('Host', 'localhost').set('X-Forwarded-Proto', 'https').expect(200);
    expect([...setCookies(viaTls).keys()]).to.include('__Host-amora.csrf');
    const plain = await supertest(autoApp).get('/login').set('Host', 'localhost').expect(200);
    expect([...setCookies(plain).keys()]).to.include('amora.csrf').and.not.include('__Host-amora.csrf');
  });
});
