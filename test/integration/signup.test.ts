// Signup through the API (SPEC.md §3-§5): the specified messages, the signups setting, the tracking
// record, signup credits through the ledger, the activation e-mail and its single-use link.
import { expect } from 'chai';
import supertest from 'supertest';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { uniqueName } from '../helpers/names.js';

const valid = (over: Record<string, unknown> = {}) => ({
  name: uniqueName('Robin'), email: `robin-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`, password: 'a fine long password',
  birth_year: 1994, birth_month: 5, birth_day: 17, gender: 'female', sexuality: 'hetero', country: 'GB', region: 'London', city: 'London',
  ...over,
});

describeEachBackend('signup API', (env) => {
  async function client(host = 'localhost', path = '/') {
    const a = agent(env().app, host);
    const token = csrfFrom((await a.get(path).expect((r) => expect([200, 303]).to.include(r.status))).text || (await a.get('/login')).text);
    return { a, token };
  }

  it('creates a not_confirmed account with signup credits, logs it in and mails the activation link', async () => {
    const { a, token } = await client('localhost', '/?network={adnet}&ref=42&sub1={{clickid}}');
    const input = valid();
    const res = await a.post('/api/signup.php').set('x-csrf-token', token).send(input).expect(201);
    expect(res.body.user).to.include({ email: input.email, status: 'not_confirmed', credits: 20 });
    expect(res.body.user.profile).to.include({ name: input.name, status: 'disabled', country: 'GB' });
    const db = env().rt.db;
    const user = await db('users').where({ email: input.email }).first();
    expect(user).to.include({ network: 'adnet', ref: '42', sub1: 'clickid', language: 'en' });
    const ledger = await db('credit_ledger').where({ user_id: user.id });
    expect(ledger.map((l: { delta: number; reason: string }) => [l.delta, l.reason])).to.deep.equal([[20, 'signup']]);
    await a.get('/api/user.php').set('X-Request-Type', 'client').expect(200);

    const mail = await db('mail_outbox').where({ to_address: input.email, template: 'activation' }).first();
    expect(mail.subject).to.equal('Confirm your e-mail address for Amora');
    const link = /\/activate\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const done = await supertest(env().app).get(`/activate?token=${link}`).set('Host', 'localhost').expect(303);
    expect(done.headers.location).to.equal('/activate/done');
    expect(await db('users').where({ id: user.id }).first()).to.include({ status: 'active' });
    expect(await db('profiles').where({ user_id: user.id }).first()).to.include({ status: 'active' });
    const again = await supertest(env().app).get(`/activate?token=${link}`).set('Host', 'localhost').expect(303);
    expect(again.headers.location).to.equal('/activate/error');
    const errorPage = await supertest(env().app).get('/activate/error').set('Host', 'localhost').expect(200);
    expect(errorPage.text).to.include('Activation failed').and.include('support@amora.example');
  });

  it('answers with the messages of SPEC.md §5 and changes nothing', async () => {
    const { a, token } = await client();
    const post = (body: Record<string, unknown>) => a.post('/api/signup.php').set('x-csrf-token', token).send(body);
    const before = Number((await env().rt.db('users').count({ n: '*' }).first())?.n);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x@example.org', email: 'x@example.org' }, 'name', 'Username may not be the same as your e-mail address'],
      [{ name: '@robin' }, 'name', 'Username may not start with @'],
      [{ email: 'robin@' }, 'email', 'Invalid email'],
      [{ email: 'robin@gmail,com' }, 'email', 'Invalid email. Did you mean robin@gmail.com?'],
      [{ email: 'robin@gmial.com' }, 'email', 'Did you mean robin@gmail.com?'],
      [{ birth_year: new Date().getUTCFullYear() - 17 }, 'birth', 'Enter your date of birth (18+)'],
      [{ birth_month: 2, birth_day: 30 }, 'birth', 'Enter your date of birth (18+)'],
      [{ password: 'password1' }, 'password', 'This password is too common and easy to guess. Please choose another one.'],
      [{ password: 'short' }, 'password', 'Your password must be at least 8 characters long.'],
      [{ country: 'NL' }, 'country', 'This value is not valid.'],
      [{ region: 'Bavaria' }, 'region', 'This value is not valid.'],
      [{ gender: 42 }, 'gender', 'This value is not valid.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post(valid(over)).expect(400);
      expect(res.body.error.code, JSON.stringify(over)).to.equal('validation_failed');
      expect(res.body.error.fields[field], JSON.stringify(over)).to.equal(message);
    }
    // Keeping a suggested address on purpose is allowed.
    await post(valid({ email: `keep-${Date.now()}@gmial.com`, email_checked: true })).expect(201);
    expect(Number((await env().rt.db('users').count({ n: '*' }).first())?.n)).to.equal(before + 1);
  });

  it('refuses an address that already has an account, also under concurrent signups', async () => {
    const { a, token } = await client();
    const input = valid();
    const results = await Promise.all([1, 2, 3].map(() => a.post('/api/signup.php').set('x-csrf-token', token).send(input)));
    expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409, 409]);
    const conflict = results.find((r) => r.status === 409)!;
    expect(conflict.body.error).to.deep.equal({ code: 'email_exists', message: 'An account with this e-mail address already exists' });
    expect(Number((await env().rt.db('users').where({ email: input.email }).count({ n: '*' }).first())?.n)).to.equal(1);
  });

  it('follows the signups setting: invite-only, or only with a traffic source', async () => {
    const sites = env().rt.services.sites;
    if (!(await sites.findByDomain('invite.localhost'))) {
      await sites.add({ domain: 'invite.localhost', name: 'Club', aliases: [], settings: { signups: 'with_trafficsource' } });
    }
    const plain = await client('invite.localhost', '/login');
    const refused = await plain.a.post('/api/signup.php').set('x-csrf-token', plain.token).send(valid()).expect(403);
    expect(refused.body.error).to.deep.equal({ code: 'invite_only', message: 'Club is currently invite-only' });
    const tracked = await plain.a.post('/api/signup.php').set('x-csrf-token', plain.token).send({ ...valid(), tracking: { network: 'partner' } }).expect(201);
    expect(tracked.body.user.status).to.equal('not_confirmed');
  });
});

describeEachBackend('signup page', (env) => {
  it('signs up with the form, shows each field\'s message and keeps the values', async () => {
    const a = agent(env().app);
    const form = await a.get('/signup').expect(200);
    const token = csrfFrom(form.text);
    const email = `form-${Date.now()}@example.org`;
    const base = { _csrf: token, name: uniqueName('Jamie'), email, password: 'my long secret words', birth_day: '3', birth_month: '7', birth_year: '1990', gender: 'male', seeking: 'female', country: 'GB', region: 'Scotland' };
    const bad = await a.post('/signup').type('form').send({ ...base, name: '@jamie', birth_year: String(new Date().getUTCFullYear() - 16) }).expect(400);
    expect(bad.text).to.include('Username may not start with @').and.include('Enter your date of birth (18+)');
    expect(bad.text).to.include(`value="${email}"`);
    const ok = await a.post('/signup').type('form').send(base).expect(303);
    expect(ok.headers.location).to.equal('/signup');
    const next = await a.get('/signup').expect(200);
    expect(next.text).to.include('data-step="photo"');
    expect((await a.get('/complete-signup').expect(303)).headers.location).to.equal('/signup');
    const profile = await env().rt.db('profiles as p').join('users as u', 'u.id', 'p.user_id').where('u.email', email).first('p.sexuality', 'p.region', 'p.gender');
    expect(profile).to.deep.equal({ sexuality: 'hetero', region: 'Scotland', gender: 'male' });
    const dup = agent(env().app);
    const t2 = csrfFrom((await dup.get('/signup').expect(200)).text);
    const again = await dup.post('/signup').type('form').send({ ...base, _csrf: t2 }).expect(409);
    expect(again.text).to.include('An account with this e-mail address already exists').and.include('href="/login');
  });
});
