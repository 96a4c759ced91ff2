// Lander visits counted at the route level (middleware/traffic.ts): a GET a lander answers with 200
// counts one visit (per visitor, lander and UTC day), a 404 counts nothing, and neither do robots,
// prefetches, HEAD requests or logged-in members. /members/{id}/signup (SPEC.md §2, a member's
// signup landing) answers 200 in this branch; the /landers/... and /members/{id}/landing* routes
// are built on another branch: their tests run once those routes answer and are pending until then.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describeEachBackend('lander traffic', (env) => {
  let network = '';
  let visible = 0;
  let other = 0;
  let hidden = 0;
  const visitor = () => agent(env().app).set('User-Agent', BROWSER);
  /** The visits stored under this test's network, per lander/variant, after the app's counter flushed. */
  const counted = async () => {
    await env().rt.services.landerVisits.flush();
    const rows = (await env().rt.db('lander_visits').where({ network }).select('lander', 'variant', 'visits', 'day', 'site_id')) as { lander: string; variant: string; visits: number | string; day: string; site_id: number }[];
    return Object.fromEntries(rows.map((r) => [`${r.lander}/${r.variant}`, Number(r.visits)]));
  };

  before(async () => {
    const db = env().rt.db;
    [visible, other, hidden] = ((await db('profiles').where({ status: 'active' }).orderBy('id', 'desc').limit(3).pluck('id')) as number[]).map(Number) as [number, number, number];
    await db('profiles').where({ id: hidden }).update({ status: 'hidden' });
  });

  after(async () => {
    await env().rt.db('profiles').where({ id: hidden }).update({ status: 'active' });
  });

  beforeEach(() => {
    network = `lt-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  });

  it('a 200 lander visit is counted, a 404 is not', async () => {
    const day = new Date().toISOString().slice(0, 10);
    await visitor().get(`/members/${visible}/signup?network=${network}`).expect(200);
    await visitor().get(`/members/${hidden}/signup?network=${network}`).expect(404);
    await visitor().get(`/members/999999999/signup?network=${network}`).expect(404);
    expect(await counted()).to.deep.equal({ 'signup/': 1 });
    const row = await env().rt.db('lander_visits').where({ network }).first('day', 'site_id');
    expect(row).to.deep.include({ day });
    expect(Number(row.site_id)).to.equal(1);
  });

  it('counts a visitor once a day per lander, and no robot, prefetch, HEAD request or member', async () => {
    const a = visitor();
    await a.get(`/members/${visible}/signup?network=${network}`).expect(200);
    await a.get(`/members/${visible}/signup?network=${network}`).expect(200);
    await a.get(`/members/${other}/signup?network=${network}`).expect(200);
    await visitor().get(`/members/${visible}/signup?network=${network}`).expect(200);
    await agent(env().app).get(`/members/${visible}/signup?network=${network}`).expect(200);
    await agent(env().app).set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').get(`/members/${visible}/signup?network=${network}`).expect(200);
    await visitor().set('Sec-Purpose', 'prefetch').get(`/members/${visible}/signup?network=${network}`).expect(200);
    await visitor().head(`/members/${visible}/signup?network=${network}`).expect(200);
    const m = await createMember(env().rt.db);
    const member = await loggedInAgent(env().app, m.email, m.password);
    await member.set('User-Agent', BROWSER).get(`/members/${visible}/signup?network=${network}`).expect(303);
    expect(await counted()).to.deep.equal({ 'signup/': 2 });
  });

  it('counts a visit without a source under no network', async () => {
    const before = (await env().rt.db('lander_visits').where({ network: '', lander: 'signup' }).sum({ n: 'visits' }).first())?.n;
    await visitor().get(`/members/${visible}/signup`).expect(200);
    await env().rt.services.landerVisits.flush();
    const after = (await env().rt.db('lander_visits').where({ network: '', lander: 'signup' }).sum({ n: 'visits' }).first())?.n;
    expect(Number(after) - Number(before ?? 0)).to.equal(1);
  });

  describe('the lander routes', () => {
    const shapes: [string, string][] = [
      ['/landers/adultonly', 'adultonly/'],
      ['/landers/video', 'video/'],
      ['/landers/gallery/men', 'gallery/men'],
      // An unknown slug shows the default, and is counted as the default.
      ['/landers/gallery/summer', 'gallery/'],
    ];
    for (const [path, key] of shapes) {
      it(`${path}: a 200 is counted under ${key}`, async () => {
        await visitor().get(`${path}?network=${network}`).expect(200);
        expect(await counted()).to.deep.equal({ [key]: 1 });
      });
    }

    it('/members/{id}/landing, landing2 and landing3: a 200 is counted, a hidden profile\'s 404 is not', async () => {
      await visitor().get(`/members/${visible}/landing?network=${network}`).expect(200);
      await visitor().get(`/members/${visible}/landing2/flirt?network=${network}`).expect(200);
      await visitor().get(`/members/${visible}/landing3?network=${network}`).expect(200);
      await visitor().get(`/members/${hidden}/landing?network=${network}`).expect(404);
      await visitor().get(`/members/${hidden}/landing2?network=${network}`).expect(404);
      expect(await counted()).to.deep.equal({ 'landing/': 1, 'landing2/flirt': 1, 'landing3/': 1 });
    });

    it('an unknown lander name is a 404 and counts nothing', async () => {
      await visitor().get(`/landers/nosuchlander?network=${network}`).expect(404);
      await visitor().get(`/landers/adultonly/extra?network=${network}`).expect(404);
      expect(await counted()).to.deep.equal({});
    });
  });
});
