// Issue 16 point 5: GET /api/geocode.php, profiles' city-level positions (signup, /profile, the
// backfill) and "near me" on /members, through the app on each backend.
import { expect } from 'chai';
import supertest from 'supertest';
import * as backfill from '../../migrations/20261126004200_profile_places_backfill.js';
import { distanceKm, geoPointOf } from '../../server/lib/geo-math.js';
import { saveProfileLocation } from '../../server/repos/places-repo.js';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { uniqueName } from '../helpers/names.js';
import { createProfile } from '../helpers/profiles.js';

describeEachBackend('geolocation', (env) => {
  const db = () => env().rt.db;
  const nlSite = async () => (await env().rt.services.sites.findByDomain('nl.localhost'))!.id;
  const geocode = (query: string, host = 'localhost') => supertest(env().app).get(`/api/geocode.php?${query}`).set('Host', host);

  describe('GET /api/geocode.php', () => {
    it('answers the country, our region with its term, and the nearest city for known points', async () => {
      const cases: [string, Record<string, string>][] = [
        ['lat=52.52&lon=13.405', { country: 'DE', region: 'Berlin', region_term: 'state', city: 'Berlin' }],
        ['lat=52.3676&lon=4.9041', { country: 'NL', region: 'Noord-Holland', region_term: 'province', city: 'Amsterdam' }],
        ['lat=48.8566&lon=2.3522', { country: 'FR', region: 'Île-de-France', region_term: 'region', city: 'Paris' }],
        ['lat=51.5072&lon=-0.1276', { country: 'GB', region: 'London', region_term: 'region', city: 'London' }],
        ['lat=47.3769&lon=8.5417', { country: 'CH', region: 'Zürich', region_term: 'canton', city: 'Zürich' }],
        ['lat=52.2297&lon=21.0122', { country: 'PL', region: 'Mazowieckie', region_term: 'voivodeship', city: 'Warszawa' }],
        ['lat=48.5&lon=%2B11.1', { country: 'DE', region: 'Bayern', region_term: 'state' }],
      ];
      for (const [query, expected] of cases) {
        const res = await geocode(query).expect(200);
        expect(res.body, query).to.include(expected);
        expect(res.body.city, query).to.be.a('string').and.not.equal('');
      }
    });

    it('answers false at sea and in Antarctica', async () => {
      for (const query of ['lat=55&lon=3.5', 'lat=53.2&lon=4.2', 'lat=30&lon=-40', 'lat=-80&lon=0']) {
        const res = await geocode(query).expect(200);
        expect(res.body, query).to.equal(false);
      }
    });

    it('refuses missing, non-numeric and out-of-range coordinates with a clear 400', async () => {
      const message = 'Latitude and longitude must be numbers in degrees: latitude from −90 to 90, longitude from −180 to 180.';
      for (const query of ['', 'lat=52.5', 'lon=13.4', 'lat=&lon=', 'lat=abc&lon=13', 'lat=91&lon=0', 'lat=0&lon=-180.5', 'lat=1e1&lon=2', 'lat=NaN&lon=0', 'lat=1&lat=2&lon=3']) {
        const res = await geocode(query).expect(400);
        expect(res.body.error, query).to.include({ code: 'validation_failed', message });
      }
      const de = await geocode('lat=95&lon=0').set('Cookie', 'amora_lang=de').expect(400);
      expect(de.body.error.message).to.match(/^Breiten- und Längengrad/);
    });
  });

  describe('profile positions', () => {
    it('places a new member at the city they sign up with, and moves them when they change it on /profile', async () => {
      const a = agent(env().app, 'nl.localhost');
      const token = csrfFrom((await a.get('/login').expect(200)).text);
      const email = `geo-${Date.now()}@example.org`;
      await a.post('/api/signup.php').set('x-csrf-token', token).send({
        name: uniqueName('Geo'), email, password: 'a fine long password', birth_year: 1990, birth_month: 3, birth_day: 4,
        gender: 'male', sexuality: 'hetero', country: 'NL', region: 'Noord-Holland', city: 'Haarlem',
      }).expect(201);
      const row = await db()('profiles').join('users', 'users.id', 'profiles.user_id').where('users.email', email).first('profiles.id', 'latitude', 'longitude', 'geo_point', 'location_precision');
      expect([Number(row.latitude), Number(row.longitude), row.location_precision]).to.deep.equal([52.38, 4.64, 'city']);
      expect(await db()('geo_places').where({ country: 'NL', region: 'Noord-Holland', geo_point: row.geo_point }).first()).to.not.equal(undefined);

      const m = await createMember(db(), { siteId: await nlSite(), name: 'Mover' });
      const page = await loggedInAgent(env().app, m.email, m.password, 'nl.localhost');
      const form = csrfFrom((await page.get('/profile').expect(200)).text);
      const fields = { _csrf: form, birth_year: '1990', birth_month: '1', birth_day: '2', gender: 'male', sexuality: 'hetero', country: 'NL', region: 'Utrecht', city: 'Utrecht' };
      await page.post('/profile').type('form').send(fields).expect(303);
      const moved = await db()('profiles').where({ user_id: m.id }).first('latitude', 'longitude', 'location_precision');
      expect([Number(moved.latitude), Number(moved.longitude), moved.location_precision]).to.deep.equal([52.09, 5.12, 'city']);
      // No city: the middle of the region.
      await page.post('/profile').type('form').send({ ...fields, region: 'Groningen', city: '' }).expect(303);
      expect(await db()('profiles').where({ user_id: m.id }).first('location_precision')).to.deep.equal({ location_precision: 'region' });
    });

    it('gives every profile without a position its city’s, once (the backfill migration)', async () => {
      const made = [
        await createProfile(db(), env().rt.services.media, { country: 'DE', region: 'Bayern' }),
        await createProfile(db(), env().rt.services.media, { country: 'BE', region: 'Antwerpen' }),
        await createProfile(db(), env().rt.services.media, { country: 'XX' }),
      ];
      await db()('profiles').where({ id: made[0]!.id }).update({ city: 'München' });
      await db()('profiles').where({ id: made[1]!.id }).update({ city: 'Mechelen' });
      await backfill.up(db());
      const rows = await db()('profiles').whereIn('id', made.map((p) => p.id)).orderBy('id').select('latitude', 'longitude', 'location_precision');
      expect(rows.map((r: { latitude: string | null; longitude: string | null; location_precision: string | null }) => [r.latitude === null ? null : Number(r.latitude), r.longitude === null ? null : Number(r.longitude), r.location_precision])).to.deep.equal([
        [48.14, 11.58, 'city'], [51.03, 4.48, 'city'], [null, null, null],
      ]);
      expect((await db()('geo_places').where({ country: 'BE', region: 'Antwerpen' }).pluck('latitude')).map(Number)).to.include(51.03);
      // Again: nothing left to do but the unknown country, which stays as it is.
      await backfill.up(db());
      expect(await db()('profiles').whereNull('geo_point').whereIn('id', made.map((p) => p.id)).pluck('id')).to.deep.equal([made[2]!.id]);
    });
  });

  describe('near me on /members', () => {
    // Age 78 keeps these apart from the demo profiles; each is placed like a saved profile.
    const born = `${new Date().getUTCFullYear() - 78}-01-01`;
    const places: [string, string, string][] = [
      ['Amsterdam', 'Noord-Holland', 'NL'], ['Haarlem', 'Noord-Holland', 'NL'], ['Utrecht', 'Utrecht', 'NL'], ['Rotterdam', 'Zuid-Holland', 'NL'],
      ['Antwerpen', 'Antwerpen', 'BE'], ['Groningen', 'Groningen', 'NL'],
    ];
    const ids = new Map<string, number>();
    let oldAmsterdam = 0;
    let member: Awaited<ReturnType<typeof loggedInAgent>>;
    let memberId = 0;

    const locate = async (id: number, country: string, region: string, city: string) =>
      saveProfileLocation(db(), id, { country, region, location: await env().rt.services.geo.locationFor({ country, region, city }) });

    before(async () => {
      const now = Date.now();
      for (const [i, [city, region, country]] of places.entries()) {
        // Activity runs against distance: the order below is not the activity order.
        const p = await createProfile(db(), env().rt.services.media, { gender: 'female', birthDate: born, country, region, lastActiveAt: now + i * 1000 });
        await db()('profiles').where({ id: p.id }).update({ city });
        await locate(p.id, country, region, city);
        ids.set(city, p.id);
      }
      const older = await createProfile(db(), env().rt.services.media, { gender: 'female', birthDate: born, country: 'NL', region: 'Noord-Holland', lastActiveAt: now - 60_000 });
      await db()('profiles').where({ id: older.id }).update({ city: 'Amsterdam' });
      await locate(older.id, 'NL', 'Noord-Holland', 'Amsterdam');
      oldAmsterdam = older.id;
      const m = await createMember(db(), { siteId: await nlSite(), name: 'Near' });
      memberId = m.id;
      const own = await db()('profiles').where({ user_id: m.id }).first('id');
      await db()('profiles').where({ id: own.id }).update({ gender: 'male', country: 'NL', region: 'Noord-Holland', city: 'Amsterdam' });
      await locate(own.id, 'NL', 'Noord-Holland', 'Amsterdam');
      member = await loggedInAgent(env().app, m.email, m.password, 'nl.localhost');
    });

    const cards = (html: string) => {
      const results = (html.split('data-testid="num-results"')[1] ?? '').split('<h2>')[0]!;
      return [...results.matchAll(/data-profile-id="(\d+)"[\s\S]*?card__place">([^<]*)<\/span>(?:<span class="card__distance"[^>]*>(?:<svg[\s\S]*?<\/svg>)?([^<]*)<\/span>)?/g)].map((x) => ({
        id: Number(x[1]), place: x[2], distance: x[3] ?? null,
      }));
    };
    const FILTER = 'gender=female&min_age=78&max_age=78&country=&countryregion=';

    it('orders a member’s results by distance from their city, then by activity, with the distance on each card', async () => {
      const html = (await member.get(`/members?${FILTER}&order=near`).expect(200)).text;
      const found = cards(html);
      expect(found.map((c) => c.id)).to.deep.equal([
        ids.get('Amsterdam'), oldAmsterdam, ids.get('Haarlem'), ids.get('Utrecht'), ids.get('Rotterdam'), ids.get('Antwerpen'), ids.get('Groningen'),
      ]);
      // The site's language is Dutch.
      expect(found.map((c) => c.distance)).to.deep.equal(['In de buurt', 'In de buurt', '15 km verderop', '35 km verderop', '55 km verderop', '130 km verderop', '150 km verderop']);
      expect(html).to.include('aria-current="true" data-testid="order-near"').and.not.include('Nederland eerst');
      // Remembered, like any choice of filters.
      const stored = await db()('users').where({ id: memberId }).first('search_filters');
      expect(JSON.parse(stored.search_filters)).to.include({ order: 'near' });
      const again = cards((await member.get('/members').expect(200)).text);
      expect(again[0]?.id).to.equal(ids.get('Amsterdam'));
    });

    it('orders by activity otherwise (the member’s own country first), without distances', async () => {
      const html = (await member.get(`/members?${FILTER}&order=active`).expect(200)).text;
      expect(html).to.include('Nederland eerst');
      const found = cards(html);
      const dutch = [...places].reverse().filter(([, , country]) => country === 'NL').map(([city]) => ids.get(city));
      expect(found.map((c) => c.id)).to.deep.equal([...dutch, oldAmsterdam, ids.get('Antwerpen')]);
      expect(found.every((c) => c.distance === null)).to.equal(true);
    });

    it('measures from the region a visitor chose, showing no distance (it is not theirs)', async () => {
      const visitor = agent(env().app, 'nl.localhost').set('Cookie', 'amora_entry=1');
      const found = cards((await visitor.get(`/members?gender=female&min_age=78&max_age=78&country=NL&countryregion=&order=near`).expect(200)).text);
      expect(found.map((c) => c.id)).to.have.members([...ids.values(), oldAmsterdam].filter((id) => id !== ids.get('Antwerpen')));
      const groningen = cards((await visitor.get(`/members?gender=female&min_age=78&max_age=78&country=NL&countryregion=Groningen&order=near`).expect(200)).text);
      expect(groningen.map((c) => c.id)).to.deep.equal([ids.get('Groningen')]);
      expect(groningen[0]!.distance).to.equal(null);
      // Within a country, the nearest to its middle come first: Utrecht before Groningen.
      const order = found.map((c) => c.id);
      expect(order.indexOf(ids.get('Utrecht')!)).to.be.below(order.indexOf(ids.get('Groningen')!));
    });

    it('walks thousands of places that hold no match without a statement too big for the database', async () => {
      // 2,025 places around Amsterdam (as profiles elsewhere would leave them), none with a match:
      // without a cap the walk would put 512 of those between 25 and 100 km in one statement.
      const rows = Array.from({ length: 2025 }, (_, i) => {
        const [latitude, longitude] = [51.92 + Math.floor(i / 45) * 0.02, 4.44 + (i % 45) * 0.02];
        return { country: 'NL', region: '', geo_point: geoPointOf(latitude, longitude), latitude, longitude };
      });
      for (let i = 0; i < rows.length; i += 100) await db()('geo_places').insert(rows.slice(i, i + 100)).onConflict(['country', 'region', 'geo_point']).ignore();
      const html = (await member.get('/members?gender=female&min_age=99&max_age=99&country=&countryregion=&order=near').expect(200)).text;
      expect(cards(html)).to.deep.equal([]);
    });

    it('pages through the nearest results without repeating or losing any, nearest first across pages', async () => {
      // 30 profiles of 79 (more than a page of 24) at six places; no photos, to keep it quick.
      const born79 = `${new Date().getUTCFullYear() - 79}-01-01`;
      const made: number[] = [];
      for (let i = 0; i < 30; i++) {
        const [city, region, country] = places[i % places.length]!;
        const p = await createProfile(db(), env().rt.services.media, { gender: 'female', birthDate: born79, country, region, photos: 0, lastActiveAt: Date.now() + i });
        await db()('profiles').where({ id: p.id }).update({ city });
        await locate(p.id, country, region, city);
        made.push(p.id);
      }
      const seen: number[] = [];
      for (let page = 1; page <= 2; page++) {
        const html = (await member.get(`/members?gender=female&min_age=79&max_age=79&country=&countryregion=&order=near&page=${page}`).expect(200)).text;
        seen.push(...cards(html).map((c) => c.id));
      }
      expect([...seen].sort()).to.deep.equal([...made].sort());
      const rows = await db()('profiles').whereIn('id', seen).select('id', 'latitude', 'longitude', 'last_active_at');
      const byId = new Map(rows.map((r: { id: number; latitude: string; longitude: string; last_active_at: number }) => [Number(r.id), r]));
      const key = (id: number) => {
        const r = byId.get(id)!;
        return [Math.round(distanceKm(52.37, 4.89, Number(r.latitude), Number(r.longitude))), -Number(r.last_active_at)];
      };
      const keys = seen.map(key);
      expect(keys).to.deep.equal([...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
    });
  });
});
