// Issue 16 point 1, /landers/maplanding/{slug?}: the place drawn on the server as inline SVG (no
// script), a pin at each shown profile's stored city (never a country's middle), photo markers with
// the fictional label where the profile has it, the visitor's rough area only when their country is
// known, a region zoomed with its name, and a page that still works when the geo data cannot answer.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { agent } from '../helpers/http.js';
import { createProfile } from '../helpers/profiles.js';
import { geoPointOf } from '../../server/lib/geo-math.js';
import type { Db } from '../../server/db.js';

const GB_VISITOR = '81.2.69.160';
/**
 * Ahead of the demo data and most suites, behind landers.test.ts's leaders (+2e9 and up, which must
 * stay first there whichever file runs first): within a few of the top of the GB feed.
 */
let ahead = Date.now() + 1_500_000_000;

const hasModuleScript = (html: string) => /<script\b[^>]*type="module"/.test(html) || /rel="modulepreload"/.test(html);
/** The map's SVG, from <svg to </svg>. */
const mapSvg = (html: string) => {
  const start = html.indexOf('<svg', html.indexOf('data-testid="lander-map"'));
  return start < 0 ? '' : html.slice(start, html.indexOf('</svg>', start) + 6);
};
/** The profile ids of every pin on the map. */
const pinned = (html: string) => [...mapSvg(html).matchAll(/data-pin="([\d ]+)"/g)].flatMap((m) => m[1]!.split(' ').map(Number));
const markers = (html: string) => [...html.matchAll(/<a class="mapl-marker[^"]*"[^>]*data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
const profileIds = (html: string) => [...html.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));

async function placeAt(db: Db, id: number, latitude: number, longitude: number, precision: 'city' | 'region' | 'country', city: string | null = null) {
  await db('profiles').where({ id }).update({ latitude, longitude, geo_point: geoPointOf(latitude, longitude), location_precision: precision, city });
}

describeEachBackend('maplanding', (env) => {
  const db = () => env().rt.db;
  const media = () => env().rt.services.media;
  const visitor = () => agent(env().app);
  const fresh = () => env().rt.services.landers.clearCache();

  it('draws the site’s countries as inline SVG with pins and photo markers, and ships no script', async () => {
    for (const [city, lat, lon] of [['Leeds', 53.8, -1.55], ['Bristol', 51.45, -2.59], ['Glasgow', 55.86, -4.25]] as const) {
      const p = await createProfile(db(), media(), { gender: 'female', country: 'GB', lastActiveAt: ahead++ });
      await placeAt(db(), p.id, lat, lon, 'city', city);
    }
    fresh();
    for (const path of ['/landers/maplanding', '/landers/maplanding/women', '/landers/maplanding/gb', '/landers/maplanding/no-such-variant']) {
      const html = (await visitor().get(path).expect(200)).text;
      expect(html, path).to.include('data-lander="maplanding"').and.include('data-testid="lander-map"');
      expect(hasModuleScript(html), path).to.equal(false);
      expect(html, path).not.to.include('data-island');
      const svg = mapSvg(html);
      expect(svg, path).to.match(/<path class="mapl-map__land" d="M\d+ \d+l[-\d ]+z/);
      // A few kilobytes of map: the whole SVG, shapes and pins together.
      expect(svg.length, `${path}: SVG bytes`).to.be.within(500, 12_000);
      expect(pinned(html).length, path).to.be.greaterThan(2);
      expect(markers(html).length, path).to.be.greaterThan(0);
      // Every pin is a visible woman's city or region (the page's selection), never a country's middle.
      const rows = (await db()('profiles').whereIn('id', pinned(html)).select('status', 'gender', 'location_precision')) as { status: string; gender: string; location_precision: string }[];
      expect(rows.length, path).to.equal(new Set(pinned(html)).size);
      for (const r of rows) expect([r.status, r.gender, r.location_precision === 'country'], path).to.deep.equal(['active', 'female', false]);
    }
    const plain = (await visitor().get('/landers/maplanding').expect(200)).text;
    const unknown = (await visitor().get('/landers/maplanding/no-such-variant').expect(200)).text;
    expect(profileIds(unknown)).to.deep.equal(profileIds(plain));
    // Without a known country, no "you are here" and a headline that claims no place.
    expect(plain).not.to.include('data-testid="map-visitor"');
    expect(plain).to.include('Find women near you');
  });

  it('pins a profile at its city, never at a country’s middle, and labels a fictional one', async () => {
    const star = await createProfile(db(), media(), { name: 'Maeve', gender: 'female', fictional: true, country: 'GB', region: 'North West', lastActiveAt: ahead++ });
    const vague = await createProfile(db(), media(), { name: 'Orla', gender: 'female', fictional: false, country: 'GB', lastActiveAt: ahead++ });
    await placeAt(db(), star.id, 53.48, -2.24, 'city', 'Manchester');
    await placeAt(db(), vague.id, 54.0, -2.0, 'country');
    fresh();
    const html = (await visitor().get('/landers/maplanding/gb').set('X-Forwarded-For', GB_VISITOR).expect(200)).text;
    expect(profileIds(html)).to.include.members([star.id, vague.id]);
    expect(pinned(html)).to.include(star.id).and.not.include(vague.id);
    expect(html).to.include('Women near you').and.include('United Kingdom');
    // Each appearance of the fictional profile up to the next profile: one carries the label.
    const appearances = [...html.matchAll(/data-profile-id="(\d+)"/g)].map((m, i, all) => ({ id: Number(m[1]), text: html.slice(m.index, all[i + 1]?.index ?? html.length) }));
    expect(appearances.some((a) => a.id === star.id && a.text.includes('data-testid="fictional-label"'))).to.equal(true);
    expect(appearances.some((a) => a.id === vague.id && a.text.includes('data-testid="fictional-label"'))).to.equal(false);
    expect(html).to.include('data-testid="fictional-note"');
    // A marker shows the profile's label too when it is the one on the marker.
    for (const marker of html.matchAll(/<a class="mapl-marker[^"]*"[^>]*data-profile-id="(\d+)"[\s\S]*?<\/a>/g)) {
      const fictional = Boolean((await db()('profiles').where({ id: Number(marker[1]) }).first('is_fictional')).is_fictional);
      expect(marker[0].includes('data-testid="fictional-label"'), `marker ${marker[1]}`).to.equal(fictional);
    }
    // The visitor's country is known: their rough area is marked, in honest words.
    expect(html).to.include('data-testid="map-visitor"').and.include('You are around here');
  });

  it('zooms a region variant to the region and names it', async () => {
    const londoner = await createProfile(db(), media(), { name: 'Imogen', gender: 'female', country: 'GB', region: 'London', lastActiveAt: ahead++ });
    await placeAt(db(), londoner.id, 51.51, -0.13, 'city', 'London');
    fresh();
    const country = (await visitor().get('/landers/maplanding/gb').expect(200)).text;
    const region = (await visitor().get('/landers/maplanding/london').expect(200)).text;
    expect(region).to.include('Women · London').and.match(/class="mapl-hero__place"[\s\S]*?London<\/span>/);
    expect(pinned(region)).to.include(londoner.id);
    // Zoomed in: the region's map is drawn over fewer degrees than the country's, so the same
    // viewBox width spans less land and Great Britain's outline is cut by the frame.
    const size = (html: string) => /viewBox="0 0 (\d+) (\d+)"/.exec(mapSvg(html))!.slice(1).map(Number);
    expect(size(region)[0]).to.equal(size(country)[0]);
    expect(mapSvg(region)).not.to.equal(mapSvg(country));
  });

  it('shows the page without a map when the geo data cannot answer', async () => {
    const geo = env().rt.services.geo;
    const mapShapes = geo.mapShapes.bind(geo);
    geo.mapShapes = () => Promise.reject(new Error('geo down'));
    try {
      fresh();
      const html = (await visitor().get('/landers/maplanding/ie').expect(200)).text;
      expect(html).to.include('data-lander="maplanding"').and.not.include('data-testid="lander-map"');
      expect(profileIds(html).length).to.be.greaterThan(2);
      expect(html).to.include('data-testid="lander-cta"');
    } finally {
      geo.mapShapes = mapShapes;
      fresh();
    }
  });
});
