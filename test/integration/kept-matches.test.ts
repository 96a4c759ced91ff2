// A search's first page is kept for every member with the same filters (services/search/
// kept-matches.ts): each member still sees it without themselves and whom they blocked or were
// blocked by, and a profile hidden, renamed or moved since it was kept shows as it is now.
import { expect } from 'chai';
import { createApp } from '../../server/app.js';
import { SearchService } from '../../server/services/search/search-service.js';
import { describeEachBackend } from '../helpers/backends.js';
import { testAssets } from '../helpers/test-assets.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

describeEachBackend('kept search matches', (env) => {
  const db = () => env().rt.db;
  const services = () => env().rt.services;
  // The shared app searches live (helpers/backends.ts): this one keeps each list a minute.
  let app: ReturnType<typeof createApp>;
  before(() => {
    const { rt } = env();
    const search = new SearchService(rt.db, rt.services.presence, rt.services.geo, { keptMs: 60_000 });
    app = createApp({ ...rt, assets: testAssets(), services: { ...rt.services, search } });
  });
  const shownIds = (html: string) => [...html.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
  // Ahead of every other profile of the shared database (most recently active first), then hidden.
  const LEAD = Date.now() + 150_000_000;
  const made: number[] = [];
  after(async () => {
    await db()('profiles').whereIn('id', made).update({ status: 'hidden', last_active_at: 0 });
  });

  async function member(name: string, gender: 'male' | 'female', lastActiveAt: number) {
    const m = await createMember(db(), { name });
    await db()('profiles').where({ user_id: m.id }).update({ gender, country: 'IE', last_active_at: lastActiveAt });
    const a = await loggedInAgent(app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    made.push(profileId);
    return { a, token, profileId };
  }

  const search = '/members?gender=female&country=IE&countryregion=&min_age=&max_age=&order=active';

  it('serves each member the kept page without their own exclusions, and every profile as it is now', async () => {
    const profiles: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await createProfile(db(), services().media, { name: `Kept${i}`, gender: 'female', country: 'IE', lastActiveAt: LEAD - i });
      profiles.push(p.id);
      made.push(p.id);
    }
    const ines = await member('Ines', 'female', LEAD); // logging in makes her active now: after the five
    const oskar = await member('Oskar', 'male', LEAD - 100);

    const first = shownIds((await ines.a.get(search).expect(200)).text);
    expect(first.slice(0, 5)).to.deep.equal(profiles);
    expect(first).not.to.include(ines.profileId);

    // Oskar, same filters (the kept list): Ines is there; the profile he blocked is not.
    await oskar.a.post(`/members/${profiles[1]}/block`).type('form').send({ _csrf: oskar.token }).expect(303);
    const his = shownIds((await oskar.a.get(search).expect(200)).text);
    expect(his.slice(0, 4)).to.deep.equal([profiles[0], profiles[2], profiles[3], profiles[4]]);
    expect(his).to.include(ines.profileId);
    // The block is his: Ines still sees that profile.
    expect(shownIds((await ines.a.get(search).expect(200)).text).slice(0, 5)).to.deep.equal(profiles);

    // Hidden, renamed, moved to another country since the list was kept.
    await db()('profiles').where({ id: profiles[2] }).update({ status: 'hidden' });
    await db()('profiles').where({ id: profiles[3] }).update({ name: 'Renamed' });
    const after = await ines.a.get(search).expect(200);
    expect(shownIds(after.text).slice(0, 4)).to.deep.equal([profiles[0], profiles[1], profiles[3], profiles[4]]);
    expect(after.text).to.contain('Renamed');
    await db()('profiles').where({ id: profiles[4] }).update({ country: 'GB' });
    expect(shownIds((await ines.a.get(search).expect(200)).text).slice(0, 3)).to.deep.equal([profiles[0], profiles[1], profiles[3]]);

    // What may be as old as the list: a profile new (or newly active) since comes first only once
    // the list is read again, here after the change above sent the search to the database.
    const newer = await createProfile(db(), services().media, { name: 'Newer', gender: 'female', country: 'IE', lastActiveAt: LEAD + 1 });
    made.push(newer.id);
    expect(shownIds((await ines.a.get(search).expect(200)).text)[0]).to.equal(profiles[0]);
    await db()('profiles').where({ id: profiles[0] }).update({ status: 'hidden' });
    expect(shownIds((await ines.a.get(search).expect(200)).text).slice(0, 2)).to.deep.equal([newer.id, profiles[1]]);
  });
});
