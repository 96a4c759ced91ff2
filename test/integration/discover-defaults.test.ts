// Issue 12 points 1 and 10: discovery defaults to who the member looks for and remembers changes;
// login keeps `next` (local paths only); small flows around signup.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

describeEachBackend('discovery defaults', (env) => {
  const db = () => env().rt.db;
  const media = () => env().rt.services.media;
  const year = new Date().getUTCFullYear();

  /** A logged-in straight man of 34 from GB. */
  async function straightMan() {
    const m = await createMember(db(), { name: 'Hank' });
    await db()('profiles').where({ user_id: m.id }).update({ gender: 'male', sexuality: 'hetero', birth_date: `${year - 34}-01-01` });
    const a = await loggedInAgent(env().app, m.email, m.password);
    return { ...m, a };
  }

  const gridIds = (html: string) => {
    // The results only, not the similar profiles that follow a short page.
    const results = (html.split('data-testid="num-results"')[1] ?? '').split('<h2>')[0]!;
    return [...results.matchAll(/data-profile-id="(\d+)"/g)].map((x) => Number(x[1]));
  };
  const gendersOf = async (ids: number[]) => (await db()('profiles').whereIn('id', ids).select('gender')).map((r: { gender: string }) => r.gender);

  it("shows a straight man only women of his age range on /members by default, remembers a change, and resets", async () => {
    const woman = await createProfile(db(), media(), { gender: 'female', birthDate: `${year - 30}-03-01`, country: 'GB' });
    const tooOld = await createProfile(db(), media(), { gender: 'female', birthDate: `${year - 60}-03-01`, country: 'GB' });
    const man = await createProfile(db(), media(), { gender: 'male', birthDate: `${year - 30}-03-01`, country: 'GB' });
    const me = await straightMan();
    const first = (await me.a.get('/members').expect(200)).text;
    const ids = gridIds(first);
    expect(ids).to.include(woman.id).and.not.include(man.id).and.not.include(tooOld.id);
    expect(new Set(await gendersOf(ids))).to.deep.equal(new Set(['female']));
    expect(first).to.include('data-testid="search-summary"').and.include('Age 26–42');
    expect(first).not.to.include('data-testid="search-reset"');

    // "Everyone", any age: the form sends every field, empty ones mean "any".
    const everyone = (await me.a.get('/members?gender=&country=&countryregion=&min_age=&max_age=').expect(200)).text;
    expect(gridIds(everyone)).to.include(man.id);
    const stored = await db()('users').where({ id: me.id }).first('search_filters');
    expect(JSON.parse(stored.search_filters)).to.deep.include({ gender: '', minAge: null, maxAge: null });
    // Remembered: the plain /members (menu link, a new login) shows everyone still.
    const again = await loggedInAgent(env().app, me.email, me.password);
    const later = (await again.get('/members').expect(200)).text;
    expect(gridIds(later)).to.include(man.id);
    expect(later).to.include('data-testid="search-reset"').and.include('Any age');

    const reset = await again.get('/members?reset=1').expect(303);
    expect(reset.headers.location).to.equal('/members');
    expect((await db()('users').where({ id: me.id }).first('search_filters')).search_filters).to.equal(null);
    expect(gridIds((await again.get('/members').expect(200)).text)).not.to.include(man.id);
    // A bad value is not remembered.
    await again.get('/members?min_age=abc&gender=male').expect(400);
    expect((await db()('users').where({ id: me.id }).first('search_filters')).search_filters).to.equal(null);
  });

  it('puts the member’s own country first without leaving the others out', async () => {
    const me = await straightMan();
    await db()('profiles').where({ user_id: me.id }).update({ country: 'IE' });
    const far = await createProfile(db(), media(), { gender: 'female', birthDate: `${year - 30}-03-01`, country: 'GB', lastActiveAt: Date.now() + 90_000_000 });
    const home = await createProfile(db(), media(), { gender: 'female', birthDate: `${year - 30}-03-01`, country: 'IE', lastActiveAt: Date.now() - 90_000_000 });
    const html = (await me.a.get('/members').expect(200)).text;
    const ids = gridIds(html);
    // The IE profile, though less active, comes before the GB one; on a later page if many IE women exist.
    if (ids.includes(far.id)) expect(ids.indexOf(home.id)).to.be.within(0, ids.indexOf(far.id));
    else expect(ids).to.include(home.id);
    const countries = (await db()('profiles').whereIn('id', ids).select('id', 'country')) as { id: number; country: string }[];
    const byId = new Map(countries.map((c) => [c.id, c.country]));
    const order = ids.map((id) => byId.get(id));
    const firstOther = order.findIndex((c) => c !== 'IE');
    if (firstOther >= 0) expect(order.slice(firstOther)).not.to.include('IE');
  });

  it('shows visitors women first on / and /members, and keeps a visitor’s choice in a cookie', async () => {
    const visitor = agent(env().app);
    const index = (await visitor.get('/').expect(200)).text;
    const shown = [...index.matchAll(/data-profile-id="(\d+)"/g)].map((x) => Number(x[1]));
    expect(shown.length).to.be.greaterThan(0);
    expect(new Set(await gendersOf(shown))).to.deep.equal(new Set(['female']));
    expect(new Set(await gendersOf(gridIds((await visitor.get('/members').expect(200)).text)))).to.deep.equal(new Set(['female']));
    await visitor.get('/members?gender=male').expect(200);
    expect(new Set(await gendersOf(gridIds((await visitor.get('/members').expect(200)).text)))).to.deep.equal(new Set(['male']));
  });

  it('gives the swipe game the women of the member’s age range first', async () => {
    const me = await straightMan();
    const woman = await createProfile(db(), media(), { gender: 'female', birthDate: `${year - 33}-03-01`, lastActiveAt: Date.now() + 95_000_000 });
    const html = (await me.a.get('/swipe-game').expect(200)).text;
    const ids = [...html.matchAll(/data-profile-id="(\d+)"/g)].map((x) => Number(x[1]));
    expect(ids).to.include(woman.id);
    expect(new Set(await gendersOf(ids))).to.deep.equal(new Set(['female']));
  });

  describe('login next', () => {
    for (const path of ['/swipe-game', '/match-finder', '/likes', '/chats', '/credits', '/profile', '/settings']) {
      it(`sends a visitor from ${path} to the login and back there after it`, async () => {
        const m = await createMember(db());
        const a = agent(env().app);
        const res = await a.get(path).expect(303);
        expect(res.headers.location).to.equal(`/login?next=${encodeURIComponent(path)}`);
        const login = await a.get(res.headers.location!).expect(200);
        expect(login.text).to.include(`name="next" value="${path}"`);
        const done = await a.post('/login').type('form').send({ _csrf: csrfFrom(login.text), email: m.email, password: m.password, next: path }).expect(303);
        expect(done.headers.location).to.equal(path);
      });
    }

    it('follows local paths only: no //host, absolute URLs, backslashes or control characters', async () => {
      const m = await createMember(db());
      for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)']) {
        const a = agent(env().app);
        const page = await a.get(`/login?next=${encodeURIComponent(next)}`).expect(200);
        expect(page.text).to.include('name="next" value="/members"');
        const done = await a.post('/login').type('form').send({ _csrf: csrfFrom(page.text), email: m.email, password: m.password, next }).expect(303);
        expect(done.headers.location).to.equal('/members');
      }
    });
  });

  it('sends an active member from /complete-signup to /members; the member lander links terms and privacy', async () => {
    const m = await createMember(db());
    const a = await loggedInAgent(env().app, m.email, m.password);
    expect((await a.get('/complete-signup').expect(303)).headers.location).to.equal('/members');
    const target = await createProfile(db(), media(), { gender: 'female' });
    const lander = (await agent(env().app).get(`/members/${target.id}/signup`).expect(200)).text;
    expect(lander).to.include('href="/pages/terms"').and.include('href="/pages/privacy"');
  });
});
