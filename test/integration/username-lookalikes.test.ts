// Names cannot imitate (issue 13, point 5): copies of a member's name with invisible characters, a
// right-to-left override, Cyrillic or Greek homoglyphs, full-width letters or decomposed accents are
// refused on the API and the form with a clear message and change nothing; names in any script
// are stored as typed; the unique key per site decides between racing signups; a purged account
// gives its name back; the migration backfills the keys of existing accounts.
import { expect } from 'chai';
import * as backfill from '../../migrations/20261123130200_username_keys_backfill.js';
import { usernameKeys } from '../../server/services/accounts/username-policy.js';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const HIDDEN = 'Username may not contain invisible or text-direction characters';
const TAKEN = "Username is already taken or looks too much like another member's username";

let n = 0;
const input = (name: string, country: string) => ({
  name, email: `lookalike-${Date.now()}-${n++}@example.org`, password: 'a fine long password',
  birth_year: 1991, birth_month: 4, birth_day: 9, gender: 'female', sexuality: 'hetero', country,
});

describeEachBackend('usernames that cannot imitate', (env) => {
  /** Signs up as a new visitor each time (a signup logs its visitor in). */
  async function client(host = 'localhost', country = 'GB') {
    return async (name: string, status?: number) => {
      const a = agent(env().app, host);
      const token = csrfFrom((await a.get('/login').expect(200)).text);
      const res = await a.post('/api/signup.php').set('x-csrf-token', token).send(input(name, country));
      if (status !== undefined) expect(res.status, `${JSON.stringify(name)}: ${JSON.stringify(res.body)}`).to.equal(status);
      return res;
    };
  }
  const count = async (table: string) => Number((await env().rt.db(table).count({ n: '*' }).first())?.n);

  it('stores names in any script, with accents and emoji, exactly as typed', async () => {
    const signup = await client();
    for (const name of ['Zoë', 'Łukasz', 'Мария', '李雷', 'Anna 🌸']) {
      const res = await signup(name);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).to.equal(201);
      expect(res.body.user.profile.name).to.equal(name);
      const row = await env().rt.db('profiles').where({ user_id: res.body.user.id }).first('name');
      expect(Buffer.from(row.name).equals(Buffer.from(name)), name).to.equal(true);
    }
  });

  it('refuses look-alike copies of a member\'s name on the API with the message, and changes nothing', async () => {
    const signup = await client();
    await signup('Annabel', 201);
    await signup('Renée', 201);
    const before = [await count('users'), await count('profiles'), await count('credit_ledger'), await count('mail_outbox')];
    const copies: [string, string][] = [
      ['Anna\u200Bbel', HIDDEN], // zero-width space
      ['Annabel\u200D', HIDDEN], // zero-width joiner
      ['\u202Elebanna', HIDDEN], // right-to-left override, shown as "annabel"
      ['Anna\u2066bel\u2069', HIDDEN], // isolate
      ['\u0410nnabel', TAKEN], // Cyrillic А
      ['Ann\u0430bel', TAKEN], // Cyrillic а
      ['ΑΝΝΑΒΕL', TAKEN], // Greek capitals and a Latin L
      ['Ａｎｎａｂｅｌ', TAKEN], // full-width
      ['ANNABEL', TAKEN],
      ['Annabel ', TAKEN],
      ['Rene\u0301e', TAKEN], // e + combining acute
    ];
    for (const [name, message] of copies) {
      const res = await signup(name, 400);
      expect(res.body.error.code, JSON.stringify(name)).to.equal('validation_failed');
      expect(res.body.error.fields.name, JSON.stringify(name)).to.equal(message);
    }
    expect([await count('users'), await count('profiles'), await count('credit_ledger'), await count('mail_outbox')]).to.deep.equal(before);
    // A different name is still welcome, and so is the same name on another site.
    await signup('Annabella', 201);
    const sites = env().rt.services.sites;
    if (!(await sites.findByDomain('names.localhost'))) await sites.add({ domain: 'names.localhost', name: 'Names', aliases: [], settings: {} });
    await (await client('names.localhost'))('\u0410nnabel', 201);
  });

  it('answers in the member\'s language', async () => {
    const signup = await client('nl.localhost', 'NL');
    await signup('Sanne', 201);
    const res = await signup('S\u0430nne', 400);
    expect(res.body.error.fields.name).to.equal('Gebruikersnaam is al bezet of lijkt te veel op die van een ander lid');
  });

  it('lets exactly one of two racing look-alike signups through', async () => {
    const signup = await client();
    const results = await Promise.all([signup('Marek'), signup('\u041Carek'), signup('MAREK')]);
    expect(results.map((r) => r.status).sort()).to.deep.equal([201, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.error.fields.name).to.equal(TAKEN);
    const db = env().rt.db;
    const holders = await db('users').where({ name_skeleton_ci: usernameKeys('Marek').skeletonCi }).orWhere({ name_skeleton: usernameKeys('Marek').skeleton });
    expect(holders).to.have.length(1);
  });

  it('keeps the name of an account pending deletion, and gives back a purged one\'s', async () => {
    const signup = await client();
    const first = await signup('Pia', 201);
    const db = env().rt.db;
    await db('users').where({ id: first.body.user.id }).update({ status: 'pending_deletion', deletion_requested_at: Date.now() });
    expect((await signup('P\u0456a', 400)).body.error.fields.name).to.equal(TAKEN);
    // The purge anonymises the account; the name is free for the next member who asks.
    await db('users').where({ id: first.body.user.id }).update({ status: 'deleted' });
    await db('profiles').where({ user_id: first.body.user.id }).update({ name: 'Deleted' });
    const next = await signup('P\u0456a', 201);
    const keys = (id: number) => db('users').where({ id }).first('name_skeleton', 'name_skeleton_ci');
    expect(await keys(first.body.user.id)).to.deep.equal({ name_skeleton: null, name_skeleton_ci: null });
    const pia = usernameKeys('P\u0456a');
    expect(await keys(next.body.user.id)).to.deep.equal({ name_skeleton: pia.skeleton, name_skeleton_ci: pia.skeletonCi });
  });

  it('refuses a look-alike on the form without JavaScript, keeping what was typed', async () => {
    await (await client())('Fenna', 201);
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/signup').expect(200)).text);
    const before = await count('users');
    const email = `form-lookalike-${Date.now()}@example.org`;
    const res = await a.post('/signup').type('form').send({
      _csrf: token, name: 'F\u0435nna', email, password: 'my long secret words', birth_day: '3', birth_month: '7', birth_year: '1990',
      gender: 'male', seeking: 'female', country: 'GB', region: 'Scotland',
    }).expect(400);
    expect(res.text).to.include(TAKEN.replace("'", '&#x27;')).and.include(`value="${email}"`);
    const bidi = await a.post('/signup').type('form').send({
      _csrf: token, name: 'Fen\u202Ena', email, password: 'my long secret words', birth_day: '3', birth_month: '7', birth_year: '1990',
      gender: 'male', seeking: 'female', country: 'GB', region: 'Scotland',
    }).expect(400);
    expect(bidi.text).to.include(HIDDEN);
    expect(await count('users')).to.equal(before);
  });

  it('backfills the keys of existing accounts: the oldest of look-alikes keeps it, purged ones hold none', async () => {
    const db = env().rt.db;
    const older = await createMember(db, { name: 'Backfill Bo' });
    const younger = await createMember(db, { name: 'BACKFILL B\u041E' });
    const purged = await createMember(db, { name: 'Purged Pat', status: 'deleted' });
    const other = await createMember(db, { siteId: 2, name: 'Backfill Bo' });
    await backfill.up(db);
    await backfill.up(db); // safe to run again
    const keyOf = (id: number) => db('users').where({ id }).first('name_skeleton', 'name_skeleton_ci');
    const bo = usernameKeys('Backfill Bo');
    const both = { name_skeleton: bo.skeleton, name_skeleton_ci: bo.skeletonCi };
    expect(await keyOf(older.id)).to.deep.equal(both);
    // Its plain skeleton (capitals) is its own; the lower-case one is the older account's.
    expect(await keyOf(younger.id)).to.deep.equal({ name_skeleton: usernameKeys('BACKFILL B\u041E').skeleton, name_skeleton_ci: null });
    expect(await keyOf(purged.id)).to.deep.equal({ name_skeleton: null, name_skeleton_ci: null });
    expect(await keyOf(other.id)).to.deep.equal(both);
    expect((await (await client())('Backfill Bo', 400)).body.error.fields.name).to.equal(TAKEN);
  });
});
