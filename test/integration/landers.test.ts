// Issue 16 points 1 and 2: the landers (/landers/{name}/{slug?}) and the member landings
// (/members/{id}/landing, landing2/{slug?}, landing3/{slug?}): real visible profiles with photos,
// real counts, honest labels, no script until the signup is opened, the tracking query kept.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';
import { FIXED_LANDERS, VARIANT_LANDERS, type LanderName } from '../../types/landers.js';
import { LANDER_VIEWS } from '../../views/pages/landers/registry.js';

const BUILT = (Object.keys(LANDER_VIEWS) as LanderName[]).sort();
const UNBUILT = [...FIXED_LANDERS, ...VARIANT_LANDERS].filter((n) => !LANDER_VIEWS[n]);
const TRACKING = 'network=fb&ref=camp-7&sub1=ad%2012&sub3=z';
const NOT_FOUND = 'This page could not be found';
/** Later than anything the demo data or other suites create (some reach a day ahead), so these profiles lead every feed. */
let ahead = Date.now() + 2_000_000_000;
/** Behind this file's leaders, still ahead of every other suite's profiles: first in a variant only by the variant. */
const behindAhead = () => Date.now() + 1_000_000_000;

const profileIds = (html: string) => [...html.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
const ctaHrefs = (html: string) => [...html.matchAll(/<a class="lander-cta[^"]*" href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const hasModuleScript = (html: string) => /<script\b[^>]*type="module"/.test(html) || /rel="modulepreload"/.test(html);

describeEachBackend('landers', (env) => {
  const db = () => env().rt.db;
  const media = () => env().rt.services.media;
  const visitor = () => agent(env().app);
  /** A fresh selection: landers keep theirs for a minute. */
  const fresh = () => env().rt.services.landers.clearCache();

  describe('/landers/{name}/{slug?}', () => {
    it('serves every built lander with and without a slug, unknown slugs as the default, with no script', async () => {
      expect(BUILT).to.include.members(['adultonly', 'tinderswipe', 'whoneedsstrings', 'alonetonight', 'collagelanding']);
      for (const name of BUILT) {
        const res = await visitor().get(`/landers/${name}`).expect(200);
        expect(res.text, name).to.include(`data-lander="${name}"`).and.include('class="main main--lander"');
        expect(hasModuleScript(res.text), `${name} ships a script`).to.equal(false);
        expect(res.text, name).not.to.include('data-island');
        expect(res.text, name).to.include('<meta name="robots" content="noindex">');
        expect(profileIds(res.text).length, `${name} shows profiles`).to.be.greaterThan(2);
        if ((VARIANT_LANDERS as readonly string[]).includes(name)) {
          await visitor().get(`/landers/${name}/women`).expect(200);
          const unknown = await visitor().get(`/landers/${name}/no-such-variant`).expect(200);
          expect(unknown.text).to.include(`data-lander="${name}"`);
          expect(hasModuleScript(unknown.text)).to.equal(false);
        }
      }
    });

    it('answers unknown names, unbuilt landers and slugs on fixed landers with the 404 page', async () => {
      for (const path of ['/landers/nope', '/landers/adultonly/women', '/landers/tinderswipe/x', '/landers', ...UNBUILT.map((n) => `/landers/${n}`)]) {
        const res = await visitor().get(path).expect(404);
        expect(res.text, path).to.include(NOT_FOUND);
      }
    });

    it('keeps the tracking query in every call to action and opens the signup over the lander with it', async () => {
      const page = await visitor().get(`/landers/alonetonight/women?${TRACKING}&foo=<b>`).expect(200);
      const hrefs = ctaHrefs(page.text);
      expect(hrefs.length).to.be.greaterThan(1);
      for (const href of hrefs) {
        const url = new URL(href, 'http://x');
        expect(url.pathname).to.equal('/landers/alonetonight/women');
        expect(Object.fromEntries(url.searchParams)).to.deep.equal({ network: 'fb', ref: 'camp-7', sub1: 'ad 12', sub3: 'z', signup: '1' });
      }
      // Every profile on the page leads there too.
      expect(page.text).not.to.match(/href="\/members\/\d+"/);
      // The body is kept between visitors; each one's own click ids still fill its links.
      const other = await visitor().get('/landers/alonetonight/women?network=tt&sub2=%22q%22').expect(200);
      expect(new Set(ctaHrefs(other.text))).to.deep.equal(new Set(['/landers/alonetonight/women?network=tt&sub2=%22q%22&signup=1']));
      expect(profileIds(other.text)).to.deep.equal(profileIds(page.text));

      const open = await visitor().get(hrefs[0]!).expect(200);
      expect(open.text).to.include('data-lander="alonetonight"').and.include('data-island="signup-page"');
      expect(hasModuleScript(open.text)).to.equal(true);
      // The form carries the campaign to the signup, and the dialog closes back to the lander.
      expect(open.text).to.include('name="network" value="fb"').and.include('name="sub1" value="ad 12"');
      expect(open.text).to.include('"closeTo":"/landers/alonetonight/women?network=fb&ref=camp-7&sub1=ad+12&sub3=z"');
    });

    it('shows only visible profiles with an approved photo, labels fictional ones and carries the disclaimer', async () => {
      const shown = await createProfile(db(), media(), { gender: 'female', fictional: true, lastActiveAt: ahead++ });
      const hidden = await createProfile(db(), media(), { gender: 'female', status: 'hidden', lastActiveAt: ahead++ });
      const pending = await createProfile(db(), media(), { gender: 'female', lastActiveAt: ahead++ });
      await db()('photos').where({ profile_id: pending.id }).update({ status: 'pending' });
      const noPhoto = await createProfile(db(), media(), { gender: 'female', photos: 0, lastActiveAt: ahead++ });
      const man = await createProfile(db(), media(), { gender: 'male', lastActiveAt: ahead++ });
      fresh();
      const html = (await visitor().get('/landers/adultonly').expect(200)).text;
      const ids = profileIds(html);
      expect(ids).to.include(shown.id).and.not.include.members([hidden.id, pending.id, noPhoto.id, man.id]);
      const card = html.slice(html.indexOf(`data-profile-id="${shown.id}"`), html.indexOf(`data-profile-id="${shown.id}"`) + 1500);
      expect(card).to.include('data-testid="fictional-label"').and.include('Chat host');
      expect(html).to.include('data-testid="fictional-note"').and.include('Profiles labelled “Chat host” are fictional: chat hosts');
      expect(html).to.include('Some profiles on this site are fictional.');
      expect(html).to.include(`${(await db()('photos').where({ profile_id: shown.id }).first('file_key')).file_key}_thumb.jpg`);
    });

    it('counts for real: the women of the site, those active today and online now', async () => {
      fresh();
      const html = (await visitor().get('/landers/whoneedsstrings').expect(200)).text;
      const countries = ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'];
      const count = async (since?: number) => {
        const q = db()('profiles').where({ status: 'active', gender: 'female' }).whereIn('country', countries);
        if (since) q.where('last_active_at', '>=', since);
        return Number((await q.count({ n: '*' }).first())!.n);
      };
      const shown = (key: string) => Number(new RegExp(`lander-stats__item--${key}"><dt>[^<]*</dt><dd data-count="(\\d+)"`).exec(html)?.[1] ?? 0);
      expect(shown('matching')).to.equal(await count()).and.be.greaterThan(0);
      expect(shown('today')).to.equal(await count(Date.now() - 24 * 3600_000));
      expect(shown('online')).to.equal(await count(Date.now() - 15 * 60_000));
    });

    it('narrows to a variant: men, a country, a region, an interest; the visitor’s country comes first', async () => {
      const male = await createProfile(db(), media(), { gender: 'male', country: 'US', lastActiveAt: ahead++ });
      const irish = await createProfile(db(), media(), { gender: 'female', country: 'IE', lastActiveAt: behindAhead() });
      const londoner = await createProfile(db(), media(), { gender: 'female', country: 'GB', region: 'London', lastActiveAt: behindAhead() });
      const gardener = await createProfile(db(), media(), { gender: 'female', country: 'CA', lastActiveAt: behindAhead() });
      const interest = await db()('interests').where({ slug: 'gardening' }).first('id');
      await db()('profile_interests').insert({ profile_id: gardener.id, interest_id: interest.id });
      fresh();

      const men = (await visitor().get('/landers/collagelanding/men').expect(200)).text;
      const menIds = profileIds(men);
      expect(menIds).to.include(male.id);
      const genders = (await db()('profiles').whereIn('id', menIds).pluck('gender')) as string[];
      expect(new Set(genders)).to.deep.equal(new Set(['male']));
      expect(men).to.include('data-testid="lander-audience"').and.match(/Men/);

      /** The variant's own profiles lead the page (then the site's others may fill it), `want` among them. */
      const leads = async (html: string, want: number, own: (ids: number[]) => Promise<number[]>) => {
        const ids = profileIds(html);
        const mine = new Set(await own(ids));
        const firstOther = ids.findIndex((id) => !mine.has(id));
        const lead = firstOther < 0 ? ids : ids.slice(0, firstOther);
        expect(lead).to.include(want);
        expect(ids.slice(lead.length).filter((id) => mine.has(id))).to.deep.equal([]);
      };
      const whereIn = (ids: number[]) => db()('profiles').whereIn('id', ids);
      await leads((await visitor().get('/landers/alonetonight/ie').expect(200)).text, irish.id, async (ids) => (await whereIn(ids).where({ country: 'IE' }).pluck('id')).map(Number));
      const london = await visitor().get('/landers/alonetonight/london').expect(200);
      await leads(london.text, londoner.id, async (ids) => (await whereIn(ids).where({ country: 'GB', region: 'London' }).pluck('id')).map(Number));
      expect(london.text).to.include('Women · London');
      const gardening = await visitor().get('/landers/collagelanding/gardening').expect(200);
      await leads(gardening.text, gardener.id, async (ids) =>
        (await db()('profile_interests').whereIn('profile_id', ids).andWhere({ interest_id: interest.id }).pluck('profile_id')).map(Number));
      expect(gardening.text).to.include('Gardening');

      // A visitor from GB (by GeoIP) sees GB's women before the site's other countries.
      const fromGb = (await visitor().get('/landers/collagelanding').set('X-Forwarded-For', '81.2.69.160').expect(200)).text;
      const countries = new Map(((await db()('profiles').whereIn('id', profileIds(fromGb)).select('id', 'country')) as { id: number; country: string }[]).map((r) => [Number(r.id), r.country]));
      const order = profileIds(fromGb).map((id) => countries.get(id));
      expect(order[0]).to.equal('GB');
      const firstOther = order.findIndex((c) => c !== 'GB');
      if (firstOther >= 0) expect(order.slice(firstOther)).not.to.include('GB');
      expect(fromGb).to.include('Women · United Kingdom');
    });

    it('sends members to their home', async () => {
      const m = await createMember(db());
      const a = await loggedInAgent(env().app, m.email, m.password);
      const res = await a.get('/landers/tinderswipe').expect(303);
      expect(res.headers.location).to.equal('/members');
    });
  });

  describe('gallery, iconslanding, socialnetwork, transitionsvideolanding, video', () => {
    const SECOND_WAVE = ['gallery', 'iconslanding', 'socialnetwork', 'transitionsvideolanding', 'video'] as const;
    /** The lander's own part of the page (without the bar and the footer). */
    const stage = (html: string) => html.slice(html.indexOf('data-lander='), html.indexOf('<footer class="footer'));
    const hrefsIn = (html: string) => [...stage(html).matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const imgs = (html: string) => [...stage(html).matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);

    it('serves each with and without a slug, unknown slugs as the default, with no script', async () => {
      expect(BUILT).to.include.members([...SECOND_WAVE]);
      fresh();
      for (const name of SECOND_WAVE) {
        const plain = await visitor().get(`/landers/${name}`).expect(200);
        expect(plain.text, name).to.include(`data-lander="${name}"`).and.include('data-testid="lander-audience"');
        expect(hasModuleScript(plain.text), `${name} ships a script`).to.equal(false);
        expect(plain.text, name).not.to.include('data-island');
        const unknown = await visitor().get(`/landers/${name}/no-such-variant`).expect(200);
        expect(profileIds(unknown.text), name).to.deep.equal(profileIds(plain.text));
        expect(hasModuleScript(unknown.text), name).to.equal(false);
        const men = await visitor().get(`/landers/${name}/men`).expect(200);
        const genders = (await db()('profiles').whereIn('id', profileIds(men.text)).distinct().pluck('gender')) as string[];
        expect(genders, name).to.deep.equal(['male']);
      }
    });

    it('loads the first photo at once with priority and the others lazily, each with its size', async () => {
      fresh();
      for (const name of SECOND_WAVE) {
        const tags = imgs((await visitor().get(`/landers/${name}`).expect(200)).text);
        expect(tags.length, name).to.be.greaterThan(3);
        expect(tags[0], name).to.include('loading="eager"').and.match(/fetchpriority="high"/i);
        for (const tag of tags.slice(1)) expect(tag, name).to.include('loading="lazy"').and.not.match(/fetchpriority/i);
        for (const tag of tags) expect(tag, name).to.match(/width="\d+"/).and.match(/height="\d+"/);
      }
    });

    it('leads every link of the page to the signup over it, the tracking query kept', async () => {
      fresh();
      for (const name of SECOND_WAVE) {
        const html = (await visitor().get(`/landers/${name}/women?${TRACKING}`).expect(200)).text;
        const hrefs = hrefsIn(html);
        expect(ctaHrefs(html).length, name).to.be.greaterThan(1);
        for (const href of hrefs) {
          const url = new URL(href, 'http://x');
          expect(url.pathname, `${name}: ${href}`).to.equal(`/landers/${name}/women`);
          expect(Object.fromEntries(url.searchParams), name).to.deep.equal({ network: 'fb', ref: 'camp-7', sub1: 'ad 12', sub3: 'z', signup: '1' });
        }
      }
      const open = await visitor().get(`/landers/video/women?${TRACKING}&signup=1`).expect(200);
      expect(open.text).to.include('data-lander="video"').and.include('data-island="signup-page"');
    });

    it('presets the signup to look for the gender the variant shows', async () => {
      // The signup island's props, from the JSON script the island element points at.
      const signupProps = (html: string) => {
        const id = /data-island="signup-page" data-props="([^"]+)"/.exec(html)![1]!;
        return JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)![1]!) as { seeking?: string };
      };
      expect(signupProps((await visitor().get('/landers/alonetonight/men?signup=1').expect(200)).text).seeking).to.equal('male');
      expect(signupProps((await visitor().get('/landers/alonetonight?signup=1').expect(200)).text).seeking).to.equal('female');
    });

    it('labels every fictional profile it shows, and no real one', async () => {
      const star = await createProfile(db(), media(), { name: 'Marisol', gender: 'female', fictional: true, lastActiveAt: ahead++ });
      const real = await createProfile(db(), media(), { name: 'Henrike', gender: 'female', fictional: false, lastActiveAt: ahead++ });
      // With something to read, so the social feed has them among its posts too.
      await db()('profiles').whereIn('id', [star.id, real.id]).update({ about: 'Cyclist, baker, terrible singer.' });
      fresh();
      for (const name of SECOND_WAVE) {
        const html = stage((await visitor().get(`/landers/${name}`).expect(200)).text);
        const ids = [...new Set(profileIds(html))];
        expect(ids, name).to.include.members([star.id, real.id]);
        const fictional = new Set(((await db()('profiles').whereIn('id', ids).where({ is_fictional: true }).pluck('id')) as number[]).map(Number));
        expect(fictional.size, name).to.be.greaterThan(0).and.lessThan(ids.length);
        // Where each profile appears, up to the next profile: some appearance of a fictional one carries the label, none of a real one.
        const appearances = [...html.matchAll(/data-profile-id="(\d+)"/g)].map((m, i, all) => ({ id: Number(m[1]), text: html.slice(m.index, all[i + 1]?.index ?? html.length) }));
        for (const id of ids) {
          const labelled = appearances.some((a) => a.id === id && a.text.includes('data-testid="fictional-label"'));
          expect(labelled, `${name}: profile ${id}`).to.equal(fictional.has(id));
        }
        expect(html, name).to.include('data-testid="fictional-note"');
      }
    });

    it('puts the most recently active profile first and shows what it wrote about itself', async () => {
      const star = await createProfile(db(), media(), { name: 'Marisol', gender: 'female', fictional: true, lastActiveAt: ahead++ });
      await db()('profiles').where({ id: star.id }).update({ city: 'Galway', about: 'Sea swimmer, bad at crosswords, good at long walks. Tell me your favourite song.' });
      fresh();
      for (const name of SECOND_WAVE) expect(profileIds((await visitor().get(`/landers/${name}`).expect(200)).text)[0], name).to.equal(star.id);
      const social = (await visitor().get('/landers/socialnetwork').expect(200)).text;
      expect(social).to.include('From Marisol’s profile').and.include('Sea swimmer, bad at crosswords').and.include('Active 1 minute ago');
      const video = (await visitor().get('/landers/video').expect(200)).text;
      expect(video).to.include('Say hi to Marisol').and.include('Galway');
      // The "video" is five scenes, the most recently active first.
      const tv = (await visitor().get('/landers/transitionsvideolanding').expect(200)).text;
      expect(tv.match(/class="tv-scene"/g)).to.have.length(5);
      expect(/class="tv-scene" data-profile-id="(\d+)"/.exec(tv)?.[1]).to.equal(String(star.id));
    });
  });

  describe('/members/{id}/landing, landing2, landing3', () => {
    it('puts a visible profile forward in three layouts, leading to its signup with the tracking query', async () => {
      const p = await createProfile(db(), media(), { name: 'Rosalind', gender: 'female', fictional: true, photos: 3, birthDate: '1990-01-02', region: 'London' });
      await db()('profiles').where({ id: p.id }).update({ city: 'Camden', about: 'Gardener by day, salsa dancer by night. Tell me about the best trip you ever took and I will tell you mine.' });
      for (const path of ['landing', 'landing2', 'landing2/flirt', 'landing2/whatever', 'landing3', 'landing3/chat', 'landing3/zzz']) {
        const res = await visitor().get(`/members/${p.id}/${path}?${TRACKING}`).expect(200);
        expect(res.text, path).to.include('Rosalind').and.include('Camden').and.include('Gardener by day');
        expect(res.text, path).to.include('data-testid="fictional-label"').and.include('data-testid="fictional-note"');
        expect(hasModuleScript(res.text), path).to.equal(false);
        const cta = /data-testid="lander-cta"/.test(res.text) ? [...res.text.matchAll(/href="([^"]+)"[^>]*data-testid="lander-cta"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')) : [];
        const hrefs = [...ctaHrefs(res.text), ...cta];
        expect(hrefs.length, path).to.be.greaterThan(0);
        for (const href of hrefs) expect(href, path).to.equal(`/members/${p.id}/signup?network=fb&ref=camp-7&sub1=ad+12&sub3=z`);
      }
      expect((await visitor().get(`/members/${p.id}/landing2/flirt`)).text).to.include('Fancy a flirt with Rosalind?');
      expect((await visitor().get(`/members/${p.id}/landing2/whatever`)).text).to.include('Say hello to Rosalind');
      // The signup it leads to is preset to look for this profile.
      const signup = await visitor().get(`/members/${p.id}/signup?${TRACKING}`).expect(200);
      expect(signup.text).to.include(`"target":{"id":${p.id},"name":"Rosalind","gender":"female"`).and.include('name="network" value="fb"');
    });

    it('shows no fictional label on a real member', async () => {
      const p = await createProfile(db(), media(), { name: 'Priya', gender: 'female', fictional: false });
      const html = (await visitor().get(`/members/${p.id}/landing`).expect(200)).text;
      expect(html).to.include('Priya').and.not.include('data-testid="fictional-label"').and.not.include('data-testid="fictional-note"');
    });

    it('answers hidden, disabled, unknown and malformed profiles, and slugs on /landing, with the 404 page', async () => {
      const hidden = await createProfile(db(), media(), { status: 'hidden' });
      const disabled = await createProfile(db(), media(), { status: 'disabled' });
      const shown = await createProfile(db(), media());
      const paths = [
        ...['landing', 'landing2', 'landing3/chat'].flatMap((l) => [`/members/${hidden.id}/${l}`, `/members/${disabled.id}/${l}`, `/members/999999999/${l}`, `/members/abc/${l}`]),
        `/members/${shown.id}/landing/chat`,
        `/members/${shown.id}/landing4`,
      ];
      for (const path of paths) {
        const res = await visitor().get(path).expect(404);
        expect(res.text, path).to.include(NOT_FOUND);
      }
    });

    it('sends members to the profile itself', async () => {
      const p = await createProfile(db(), media());
      const m = await createMember(db());
      const a = await loggedInAgent(env().app, m.email, m.password);
      expect((await a.get(`/members/${p.id}/landing3`).expect(303)).headers.location).to.equal(`/members/${p.id}`);
    });
  });
});
