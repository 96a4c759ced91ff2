// Terms acceptance (issue 18.4): signup records the version it accepted; the migration gives
// existing members the version in force at their signup; a newer version sends a member to
// /accept-terms before anything else (the API answers 403 terms_acceptance_required) until they
// accept it, while the legal pages, settings and logging out stay open.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { uniqueName } from '../helpers/names.js';
import { up as backfill } from '../../migrations/20261127090200_terms_acceptances_backfill.js';
import { TERMS_EPOCH } from '../../types/terms.js';

const DAY = 86_400_000;

describeEachBackend('terms acceptance', (env) => {
  const db = () => env().rt.db;
  const company = () => env().rt.services.company;
  let originalAdded = 0;

  before(async () => {
    originalAdded = (await company().get()).added;
  });
  // Other suites share the database: the terms go back to their version whatever happened here.
  afterEach(async () => {
    await company().update({ added: originalAdded });
  });

  const acceptances = (userId: number) => db()('terms_acceptances').where({ user_id: userId }).orderBy('terms_version').select('terms_version', 'source');

  /** A member who signed up `daysAgo` days ago, logged in. */
  async function member(daysAgo: number) {
    const m = await createMember(db(), { name: uniqueName('Terry') });
    await db()('users').where({ id: m.id }).update({ signup_date: Date.now() - daysAgo * DAY });
    const a = await loggedInAgent(env().app, m.email, m.password);
    return { ...m, a };
  }

  /** New terms, in force from a moment ago (after every member above signed up). */
  async function newTerms(): Promise<number> {
    const added = Date.now() - 1000;
    await company().update({ added });
    return added;
  }

  it('records the version in force with the signup', async () => {
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/login').expect(200)).text);
    const email = `terms-${Date.now()}@example.org`;
    await a
      .post('/api/signup.php')
      .set('x-csrf-token', token)
      .send({ name: uniqueName('Tess'), email, password: 'a fine long password', birth_year: 1990, birth_month: 3, birth_day: 3, gender: 'female', sexuality: 'hetero', country: 'GB' })
      .expect(201);
    const user = await db()('users').where({ email }).first('id');
    const version = (await env().rt.services.terms.currentVersion());
    expect(version).to.equal(Math.max(TERMS_EPOCH, originalAdded));
    expect((await acceptances(Number(user.id))).map((r) => [Number(r.terms_version), r.source])).to.deep.equal([[version, 'signup']]);
  });

  it('gives members from before the migration the version in force at their signup', async () => {
    const added = Date.parse('2025-01-01T00:00:00Z');
    await company().update({ added });
    const [beforeEpoch, underEpoch, underAdded] = await Promise.all([
      createMember(db()), createMember(db()), createMember(db()),
    ]);
    await db()('users').where({ id: beforeEpoch.id }).update({ signup_date: TERMS_EPOCH - DAY });
    await db()('users').where({ id: underEpoch.id }).update({ signup_date: added - DAY });
    await db()('users').where({ id: underAdded.id }).update({ signup_date: added + DAY });
    await backfill(db());
    await backfill(db()); // safe to run again
    expect(await acceptances(beforeEpoch.id)).to.deep.equal([]);
    expect((await acceptances(underEpoch.id)).map((r) => [Number(r.terms_version), r.source])).to.deep.equal([[TERMS_EPOCH, 'migration']]);
    expect((await acceptances(underAdded.id)).map((r) => [Number(r.terms_version), r.source])).to.deep.equal([[added, 'migration']]);
    // Whoever signed up under the version in force may go on; an older acceptance is asked again.
    const terms = env().rt.services.terms;
    expect(await terms.acceptedVersion(underAdded.id)).to.equal(added);
    expect(await terms.acceptedVersion(underEpoch.id)).to.equal(TERMS_EPOCH);
    expect(await terms.acceptedVersion(beforeEpoch.id)).to.equal(0);
  });

  it('lets a member who accepted the version in force use the site without asking', async () => {
    const m = await member(1);
    await m.a.get('/members').expect(200);
    await m.a.get('/api/likes.php').expect(200);
    await m.a.get('/accept-terms').expect(303).expect('location', '/members');
  });

  it('asks for newer terms before anything else, and the API answers a clear code', async () => {
    const m = await member(2);
    await m.a.get('/members').expect(200);
    const version = await newTerms();

    // A page: to the terms, and back to it afterwards. The session that knew the old version asks again.
    await m.a.get('/chats').expect(303).expect('location', '/accept-terms?next=%2Fchats');
    await m.a.get('/members/1').expect(303).expect('location', '/accept-terms?next=%2Fmembers%2F1');
    const json = await m.a.get('/api/likes.php').set('X-Request-Type', 'client').expect(403);
    expect(json.body.error).to.deep.equal({ code: 'terms_acceptance_required', message: 'Please accept our new terms of service first.' });
    const token = csrfFrom((await m.a.get('/settings').expect(200)).text);
    const send = await m.a.post('/api/messages.php').set('x-csrf-token', token).send({ profile: 1, body: 'hi', client_id: 'terms-test-1' }).expect(403);
    expect(send.body.error.code).to.equal('terms_acceptance_required');
    expect(await db()('messages').where({ client_id: 'terms-test-1' })).to.have.length(0);
    // A form post is not done: the member is asked first.
    await m.a.post('/members/1/like').type('form').send({ _csrf: token }).expect(303).expect('location', '/accept-terms');
    // What stays open: the terms themselves, settings (deleting the account), logging out.
    await m.a.get('/pages/terms').expect(200);
    await m.a.get('/pages/privacy').expect(200);
    await m.a.get('/notifications').expect(200);
    await m.a.get('/api/user.php').set('X-Request-Type', 'client').expect(200);

    const page = await m.a.get('/accept-terms?next=%2Fchats').expect(200);
    expect(page.text).to.include('Our terms have changed').and.include('href="/pages/terms"').and.include(`name="version" value="${version}"`);
    // The date as the site's country writes it (the demo site is en-GB: "1 December 2026").
    expect(page.text).to.include(new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(version));

    // A page opened before the terms changed again records nothing and asks again.
    await m.a.post('/accept-terms').type('form').send({ _csrf: token, version: String(version - 1), next: '/chats' }).expect(303).expect('location', '/accept-terms?next=%2Fchats');
    await m.a.post('/accept-terms').type('form').send({ _csrf: token, version: 'soon', next: '/chats' }).expect(303);
    expect((await acceptances(m.id)).map((r) => Number(r.terms_version))).not.to.include(version);

    await m.a.post('/accept-terms').type('form').send({ _csrf: token, version: String(version), next: '/chats' }).expect(303).expect('location', '/chats');
    const rows = await acceptances(m.id);
    expect(rows.map((r) => [Number(r.terms_version), r.source])).to.deep.include([version, 'prompt']);
    await m.a.get('/chats').expect(200);
    await m.a.get('/api/likes.php').expect(200);
    // Accepting twice is one acceptance.
    await m.a.post('/accept-terms').type('form').send({ _csrf: token, version: String(version), next: '//evil.example' }).expect(303).expect('location', '/members');
    expect((await acceptances(m.id)).filter((r) => Number(r.terms_version) === version)).to.have.length(1);
  });

  it('asks at the next login, and another session of the member knows once it is accepted', async () => {
    const m = await member(3);
    const version = await newTerms();
    const b = agent(env().app);
    const login = await b.get('/login').expect(200);
    await b.post('/login').type('form').send({ _csrf: csrfFrom(login.text), email: m.email, password: m.password, next: '/likes' }).expect(303).expect('location', '/likes');
    await b.get('/likes').expect(303).expect('location', '/accept-terms?next=%2Flikes');
    const token = csrfFrom((await b.get('/accept-terms?next=%2Flikes').expect(200)).text);
    await b.post('/accept-terms').type('form').send({ _csrf: token, version: String(version), next: '/likes' }).expect(303).expect('location', '/likes');
    await b.get('/likes').expect(200);
    await m.a.get('/likes').expect(200);
  });

  it('never asks a member who signed up after the version came into force', async () => {
    await newTerms();
    const m = await member(0);
    await m.a.get('/members').expect(200);
    expect(await env().rt.services.terms.acceptedVersion(m.id)).to.equal(await env().rt.services.terms.currentVersion());
  });
});
