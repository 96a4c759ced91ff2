// The tracking record (SPEC.md §3, §5; issue 16.3) end to end: a landing's query → the amora_track
// cookie → the signup (form and API) → the account's columns; braces stripped, values cut to 191
// bytes, hostile values changing nothing and never shown raw; last touch; and the two settings it
// governs, signups=with_trafficsource and logged_out_search_trafficsource.
import { expect } from 'chai';
import { describeEachBackend, type TestEnv } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { uniqueName } from '../helpers/names.js';

export const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const account = (over: Record<string, unknown> = {}) => ({
  name: uniqueName('Kim'), email: `kim-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`, password: 'a fine long password',
  birth_year: 1991, birth_month: 3, birth_day: 9, gender: 'female', sexuality: 'hetero', country: 'GB', region: 'London', city: 'London',
  ...over,
});

type Agent = ReturnType<typeof agent>;

/** The amora_track cookie a response set, decoded; undefined when it set none. */
function trackCookie(res: { headers: Record<string, unknown> }): Record<string, string> | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const raw = cookies.find((c) => c.startsWith('amora_track='));
  return raw ? (JSON.parse(decodeURIComponent(raw.split(';')[0]!.slice('amora_track='.length))) as Record<string, string>) : undefined;
}

async function ensureSite(env: TestEnv, domain: string, settings: Record<string, unknown>): Promise<void> {
  if (!(await env.rt.services.sites.findByDomain(domain))) await env.rt.services.sites.add({ domain, name: 'Tracked', aliases: [], settings });
}

describeEachBackend('tracking record', (env) => {
  const visitor = (host = 'localhost') => agent(env().app, host).set('User-Agent', BROWSER);
  const userOf = (email: string) => env().rt.db('users').where({ email }).first('network', 'ref', 'sub1', 'sub2', 'sub3', 'lander', 'lander_variant');
  const apiSignup = async (a: Agent, body: Record<string, unknown>, path = '/api/signup.php') => {
    const token = csrfFrom((await a.get('/login').expect(200)).text);
    return await a.post(path).set('x-csrf-token', token).send(body);
  };
  const signedUp = async (a: Agent, body: Record<string, unknown>, path?: string) => {
    const res = await apiSignup(a, body, path);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
  };
  let profileId = 0;

  before(async () => {
    profileId = Number((await env().rt.db('profiles').where({ status: 'active' }).orderBy('id').first('id')).id);
  });

  it('takes the record from a landing query, keeps it through the signup form and stores it with the lander', async () => {
    const a = visitor();
    const landing = await a.get(`/members/${profileId}/signup?network={exo}&ref=77&sub1={{click-1}}&sub2=&sub3=%7B%7D`).expect(200);
    expect(trackCookie(landing)).to.deep.equal({ network: 'exo', ref: '77', sub1: 'click-1', lander: 'signup' });
    // The rest of the visit carries no query; the record stays in the cookie.
    const form = await a.get('/signup').expect(200);
    expect(trackCookie(form)).to.equal(undefined);
    const input = account();
    await a.post('/signup').type('form').send({
      _csrf: csrfFrom(form.text), name: input.name, email: input.email, password: input.password, birth_day: '9', birth_month: '3', birth_year: '1991',
      gender: 'female', seeking: 'male', country: 'GB', region: 'London',
    }).expect(303);
    expect(await userOf(input.email)).to.deep.equal({ network: 'exo', ref: '77', sub1: 'click-1', sub2: null, sub3: null, lander: 'signup', lander_variant: null });
  });

  it('keeps it through the API signup: from the cookie, from the body, or from the query of the call', async () => {
    const a = visitor();
    await a.get('/?network=adnet&sub3=s3').expect(200);
    const fromCookie = account();
    await signedUp(a, fromCookie);
    expect(await userOf(fromCookie.email)).to.include({ network: 'adnet', sub3: 's3', lander: null });

    // The island passes the signup page's own query on; a record of its own wins whole, never mixed with the cookie's.
    const b = visitor();
    await b.get(`/members/${profileId}/signup?network=first&sub1=c1`).expect(200);
    const fromBody = account();
    await signedUp(b, { ...fromBody, tracking: { network: '{second}', sub2: 'c2' } });
    expect(await userOf(fromBody.email)).to.deep.equal({ network: 'second', ref: null, sub1: null, sub2: 'c2', sub3: null, lander: null, lander_variant: null });

    const c = visitor();
    const fromQuery = account();
    await signedUp(c, fromQuery, '/api/signup.php?ref=partner-9');
    expect(await userOf(fromQuery.email)).to.include({ network: null, ref: 'partner-9' });
  });

  it('cuts long values to 191 bytes, and a hostile value changes nothing and is never shown raw', async () => {
    const a = visitor();
    await a.get(`/?network=${'n'.repeat(400)}&ref=${encodeURIComponent('ä'.repeat(150))}`).expect(200);
    const long = account();
    await signedUp(a, long);
    const stored = await userOf(long.email);
    expect(stored.network).to.equal('n'.repeat(191));
    expect(stored.ref).to.equal('ä'.repeat(95));

    const b = visitor();
    expect(trackCookie(await b.get('/?network=good&sub1=c1').expect(200))).to.deep.equal({ network: 'good', sub1: 'c1' });
    for (const hostile of ['/?network=%00evil', '/?network=%7B%7D', '/?ref=%E2%80%AEtxt.exe', '/?network=a&network=b', '/?sub1=lonely', '/?network=%0d%0aSet-Cookie:%20x=1']) {
      const res = await b.get(hostile).expect(200);
      expect(trackCookie(res), hostile).to.equal(undefined);
      expect(String(res.headers['set-cookie'] ?? ''), hostile).not.to.include('x=1');
    }
    const page = await b.get('/signup?network=%3Cscript%3Ealert(1)%3C%2Fscript%3E&sub1=%22%3E%3Cimg').expect(200);
    expect(page.text).not.to.include('<script>alert(1)</script>').and.not.to.include('"><img');
    expect(trackCookie(page)).to.deep.equal({ network: '<script>alert(1)</script>', sub1: '"><img' });

    // A cookie the visitor wrote is checked like a query: a control character makes it no record.
    const forged = account();
    const c = agent(env().app).set('User-Agent', BROWSER).set('Cookie', `amora_track=${encodeURIComponent(JSON.stringify({ network: 'x\u0007', ref: ['a'] }))}`);
    await signedUp(c, forged);
    expect(await userOf(forged.email)).to.include({ network: null, ref: null });
  });

  it('credits the last source that arrived; a visit without one erases nothing', async () => {
    const a = visitor();
    await a.get(`/members/${profileId}/signup?network=a&sub1=old`).expect(200);
    await a.get('/members').expect(200);
    await a.get(`/members/${profileId}/signup`).expect(200);
    await a.get('/?network=b&sub1=new').expect(200);
    const input = account();
    await signedUp(a, input);
    expect(await userOf(input.email)).to.include({ network: 'b', sub1: 'new', lander: null });
  });

  it('signups=with_trafficsource refuses a visitor without a source and takes one with it', async () => {
    await ensureSite(env(), 'sourced.localhost', { signups: 'with_trafficsource' });
    const users = () => env().rt.db('users').count({ n: '*' }).first().then((r) => Number(r?.n));
    const before = await users();
    for (const path of ['/login', '/?network=%7B%7D&ref=%7B%20%7D', '/?sub1=only-a-sub', '/?network=%01']) {
      const a = visitor('sourced.localhost');
      await a.get(path).expect(200);
      const refused = await apiSignup(a, account());
      expect(refused.status, path).to.equal(403);
      expect(refused.body.error, path).to.deep.equal({ code: 'invite_only', message: 'Tracked is currently invite-only' });
    }
    expect(await users()).to.equal(before);

    const a = visitor('sourced.localhost');
    await a.get('/?network=partner&ref=5').expect(200);
    const input = account();
    await signedUp(a, input);
    expect(await userOf(input.email)).to.include({ network: 'partner', ref: '5' });
    // The form path follows the same rule.
    const b = visitor('sourced.localhost');
    const form = await b.get('/signup').expect(200);
    const refused = await b.post('/signup').type('form').send({ _csrf: csrfFrom(form.text), ...account(), birth_day: '9', birth_month: '3', birth_year: '1991', seeking: 'male' });
    expect(refused.status).to.equal(403);
    expect(refused.text).to.include('Tracked is currently invite-only');
  });

  it('logged_out_search_trafficsource governs visitor search with a source, from the query or the cookie', async () => {
    await ensureSite(env(), 'closed-search.localhost', { logged_out_search: 'none', logged_out_search_trafficsource: 'all' });
    await ensureSite(env(), 'no-paid-search.localhost', { logged_out_search: 'all', logged_out_search_trafficsource: 'none' });
    const closed = visitor('closed-search.localhost');
    for (const path of ['/members', '/members?network=%7B%7D', '/members?sub1=x', '/members?network=%00']) {
      expect((await closed.get(path).expect(303)).headers.location, path).to.equal('/');
    }
    await closed.get('/members?ref=7').expect(200);
    // The landing's cookie is the source for the rest of the visit.
    await closed.get('/members').expect(200);

    const open = visitor('no-paid-search.localhost');
    await open.get('/members').expect(200);
    await open.get('/members?network=adnet').expect(303);
    await open.get('/members').expect(303);
  });
});
