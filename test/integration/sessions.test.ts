import { expect } from 'chai';
import { createClient } from 'redis';
import supertest from 'supertest';
import { DEMO_EMAIL } from '../../seeds/demo-seed.js';
import { DEMO_PASSWORD, describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';

const sidOf = (setCookie: unknown) => {
  const c = ([] as string[]).concat((setCookie as string[]) ?? []).find((x) => x.startsWith('amora.sid='));
  return c ? decodeURIComponent(c.split(';')[0]!.slice('amora.sid='.length)) : undefined;
};

describeEachBackend('sessions and login', (env) => {
  async function loggedIn() {
    const a = agent(env().app);
    const page = await a.get('/login').expect(200);
    const token = csrfFrom(page.text);
    const res = await a.post('/api/user.php').set('x-csrf-token', token).send({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).expect(200);
    return { a, res };
  }

  it('logs in through the API, stores the session where configured, for 30 days', async () => {
    const { res } = await loggedIn();
    expect(res.body.user).to.include({ email: DEMO_EMAIL, status: 'active', credits: 20, paid_user: false });
    expect(res.body.user.profile).to.include({ name: 'Alex', country: 'GB' });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('amora.sid='))!;
    expect(cookie).to.match(/HttpOnly/).and.match(/SameSite=Lax/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(Math.abs(expires - Date.now() - 30 * 24 * 3600 * 1000)).to.be.below(60_000);
    const sid = sidOf(res.headers['set-cookie'])!.replace(/^s:/, '').split('.')[0]!;
    if (env().backend.redisUrl) {
      const redis = createClient({ url: env().backend.redisUrl });
      await redis.connect();
      expect(await redis.exists(`amora:sess:${sid}`)).to.equal(1);
      await redis.quit();
    } else {
      expect(await env().rt.db('sessions').where({ sid }).first()).to.not.equal(undefined);
    }
  });

  it('returns the member for GET /api/user.php and 403 authentication_required without a session', async () => {
    const { a } = await loggedIn();
    const me = await a.get('/api/user.php').set('X-Request-Type', 'client').expect(200);
    expect(me.body.user).to.have.keys('id', 'status', 'credits', 'notifications_disabled', 'email', 'paid_user', 'signup_date', 'language', 'invisible', 'fictional_icon', 'signup_step', 'num_new_likes', 'num_unread_messages', 'dismissed_alerts', 'profile');
    const anon = await supertest(env().app).get('/api/user.php').set('Host', 'localhost').set('X-Request-Type', 'client').expect(403);
    expect(anon.body.error.code).to.equal('authentication_required');
  });

  it('gives a new session id at login (no fixation) and destroys it at logout', async () => {
    const a = agent(env().app);
    const page = await a.get('/login').expect(200);
    const token = csrfFrom(page.text);
    // A visitor form post that creates a session first (language choice keeps no session; so log in twice).
    const first = await a.post('/api/user.php').set('x-csrf-token', token).send({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).expect(200);
    const sid1 = sidOf(first.headers['set-cookie']);
    const page2 = await a.get('/members').expect(200);
    const second = await a.post('/api/user.php').set('x-csrf-token', csrfFrom(page2.text)).send({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).expect(200);
    const sid2 = sidOf(second.headers['set-cookie']);
    expect(sid1).to.be.a('string');
    expect(sid2).to.be.a('string').and.not.equal(sid1);
    await a.get('/api/logout.php').set('X-Request-Type', 'client').expect(200);
    await a.get('/api/user.php').set('X-Request-Type', 'client').expect(403);
  });

  it('marks cookies Secure (and names them __Host-…) exactly when the request came over HTTPS through the trusted proxy', async () => {
    const plain = await loggedIn();
    expect(String(plain.res.headers['set-cookie'])).not.to.match(/Secure/);
    // The cookie jar of supertest keeps Secure cookies off plain HTTP, so carry the cookie by hand.
    const page = await supertest(env().app).get('/login').set('Host', 'localhost').set('X-Forwarded-Proto', 'https').expect(200);
    const csrfCookie = ([] as string[]).concat(page.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-amora.csrf='))!;
    expect(csrfCookie).to.match(/; Secure/);
    const res = await supertest(env().app)
      .post('/api/user.php')
      .set('Host', 'localhost')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', csrfCookie.split(';')[0]!)
      .set('x-csrf-token', csrfFrom(page.text))
      .send({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
      .expect(200);
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-amora.sid='))).to.match(/; Secure/);
  });

  it('makes no session for visitors reading pages', async () => {
    const res = await supertest(env().app).get('/members').set('Host', 'localhost').expect(200);
    expect(String(res.headers['set-cookie'] ?? '')).not.to.include('amora.sid=');
    const out = await supertest(env().app).get('/api/logout.php').set('Host', 'localhost').set('X-Request-Type', 'client').expect(200);
    expect(out.body).to.deep.equal({ success: true });
  });

  it('sends the CSRF cookie only when the token on the page is not already the one the request holds', async () => {
    const csrfSet = (res: supertest.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('amora.csrf='));
    // A member: the first page after the login binds a token to the new session; later pages reuse it.
    const { a } = await loggedIn();
    const first = await a.get('/settings').expect(200);
    expect(csrfSet(first), 'a token bound to the new session').to.match(/^amora\.csrf=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const again = await a.get('/credits').expect(200);
    expect(csrfSet(again)).to.equal(undefined);
    expect(csrfFrom(again.text)).to.equal(csrfFrom(first.text));
    // The reused token still protects a form post.
    await a.post('/settings/language').type('form').send({ _csrf: 'wrong', language: 'de' }).expect(403);
    await a.post('/settings/language').type('form').send({ _csrf: csrfFrom(again.text), language: 'de' }).expect(303);
    // A visitor: a cookie that does not verify is replaced; a valid one is not sent again.
    const visitor = await supertest(env().app).get('/login').set('Host', 'localhost').set('Cookie', 'amora.csrf=forged.value').expect(200);
    const fresh = csrfSet(visitor)!;
    expect(fresh).to.match(/^amora\.csrf=/).and.not.include('forged');
    const back = await supertest(env().app).get('/login').set('Host', 'localhost').set('Cookie', fresh.split(';')[0]!).expect(200);
    expect(csrfSet(back)).to.equal(undefined);
    expect(csrfFrom(back.text)).to.equal(csrfFrom(visitor.text));
  });

  it('refuses wrong passwords and unknown addresses alike', async () => {
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/login').expect(200)).text);
    const wrong = await a.post('/api/user.php').set('x-csrf-token', token).send({ email: DEMO_EMAIL, password: 'nope-nope' }).expect(401);
    expect(wrong.body.error).to.deep.equal({ code: 'login_failed', message: 'Login failed, please try again' });
    const unknown = await a.post('/api/user.php').set('x-csrf-token', token).send({ email: 'nobody@example.com', password: 'nope-nope' }).expect(401);
    expect(unknown.body.error.code).to.equal('login_failed');
    const badType = await a.post('/api/user.php').set('x-csrf-token', token).send({ email: 12, password: ['x'] }).expect(400);
    expect(badType.body.error.code).to.equal('validation_failed');
  });

  it('logs in with the form and shows the logged-in top bar', async () => {
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/login').expect(200)).text);
    const res = await a.post('/login').type('form').send({ _csrf: token, email: DEMO_EMAIL, password: DEMO_PASSWORD, next: '/members' }).expect(303);
    expect(res.headers.location).to.equal('/members');
    const home = await a.get('/members').expect(200);
    expect(home.text).to.include('href="/chats"');
    expect(home.text).to.include('Get Premium');
    const failed = await agent(env().app).post('/login').type('form').send({ _csrf: 'x', email: DEMO_EMAIL, password: 'bad' }).expect(403);
    expect(failed.text).to.include('Your session has expired');
  });
});
