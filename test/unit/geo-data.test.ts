// The offline geocoder over the real GeoNames data (in this process, without the worker): every
// GeoNames division of our countries lands on one of OUR regions, known points answer the place a
// member would name, the demo cities all resolve, and the sea answers nothing.
import { expect } from 'chai';
import { iso1A2Code } from '@rapideditor/country-coder';
import { CITIES } from '../../seeds/data/demo-people.js';
import { REGIONS, type RegionCountry } from '../../seeds/data/regions.js';
import { loadCityTable, type CityTable } from '../../server/services/geo/city-table.js';
import { GeoData } from '../../server/services/geo/geo-data.js';
import { catalogCountryOf } from '../../server/services/geo/geo-regions.js';
import { nameKey } from '../../server/services/geo/place-names.js';
import { boundingBox, distanceKm, geoPointOf } from '../../server/lib/geo-math.js';

/** GeoNames divisions that belong to no region of ours: the Chatham Islands (NZ). */
const NO_REGION = new Set(['NZ|10']);

describe('geo data', function () {
  this.timeout(120_000);
  let table: CityTable;
  let geo: GeoData;

  before(() => {
    table = loadCityTable();
    geo = new GeoData(table, (lat, lon) => {
      const territory = iso1A2Code([lon, lat], { level: 'territory' });
      const country = iso1A2Code([lon, lat]);
      return territory && country ? { territory, country } : null;
    });
  });

  it('maps every GeoNames division of our countries onto a region of our catalogue, and reaches every region', () => {
    const reached = new Map<string, Set<string>>();
    const unmapped = new Set<string>();
    for (let i = 0; i < table.size; i++) {
      const country = catalogCountryOf(table.country[i]!);
      const ours = REGIONS[country as RegionCountry];
      if (!ours) continue;
      const [a1, a2] = table.admin[i]!.split('|');
      const region = table.region[i];
      if (!region) {
        if (!NO_REGION.has(`${country}|${a1}`)) unmapped.add(`${table.country[i]}.${a1}.${a2} (${table.names[i]})`);
        continue;
      }
      expect(ours.map((r) => r.code), `${table.names[i]} (${country} ${a1}.${a2})`).to.include(region);
      const seen = reached.get(country) ?? new Set<string>();
      reached.set(country, seen.add(region));
    }
    expect([...unmapped]).to.deep.equal([]);
    for (const [country, regions] of Object.entries(REGIONS)) {
      expect([...(reached.get(country) ?? [])].sort(), country).to.deep.equal(regions.map((r) => r.code).sort());
    }
  });

  const at = (lat: number, lon: number, lng?: string) => geo.reverse(lat, lon, lng);

  it('answers the city a member would name, with its region, for known points', () => {
    expect(at(52.52, 13.405)).to.include({ country: 'DE', regionCode: 'BE', city: 'Berlin' });
    expect(at(52.497, 13.4), 'Kreuzberg is Berlin').to.include({ country: 'DE', regionCode: 'BE', city: 'Berlin' });
    expect(at(52.3676, 4.9041), 'central Amsterdam, not a neighbourhood').to.include({ country: 'NL', regionCode: 'NH', city: 'Amsterdam' });
    expect(at(52.381, 4.637), 'Haarlem is not Amsterdam').to.include({ country: 'NL', regionCode: 'NH', city: 'Haarlem' });
    expect(at(48.84, 2.29), "Paris's 15th, not Vanves next door").to.include({ country: 'FR', regionCode: 'IDF', city: 'Paris' });
    expect(at(51.54, -0.14), 'Camden is London').to.include({ country: 'GB', regionCode: 'LON', city: 'London' });
    expect(at(53.48, -2.24)).to.include({ country: 'GB', regionCode: 'NW', city: 'Manchester' });
    expect(at(55.95, -3.19)).to.include({ country: 'GB', regionCode: 'SCT', city: 'Edinburgh' });
    expect(at(52.236, 20.98), "Warsaw's Wola is Warszawa").to.include({ country: 'PL', regionCode: '14', city: 'Warszawa' });
    expect(at(48.137, 11.575)).to.include({ country: 'DE', regionCode: 'BY', city: 'München' });
    expect(at(48.6, 11.9), 'a Bavarian village').to.include({ country: 'DE', regionCode: 'BY' });
    expect(at(53.35, -6.26)).to.include({ country: 'IE', regionCode: 'D', city: 'Dublin' });
    expect(at(51.22, 4.4)).to.include({ country: 'BE', regionCode: 'VAN', city: 'Antwerpen' });
    expect(at(46.2, 6.15)).to.include({ country: 'CH', regionCode: 'GE', city: 'Genève' });
    expect(at(40.73, -73.99)).to.include({ country: 'US', regionCode: 'NY', city: 'New York' });
    expect(at(-33.87, 151.21)).to.include({ country: 'AU', regionCode: 'NSW', city: 'Sydney' });
    expect(at(16.25, -61.55), 'Guadeloupe is a region of France').to.include({ country: 'FR', regionCode: '971' });
    // Outside our countries: the country and city still, no region of ours.
    expect(at(38.72, -9.14)).to.include({ country: 'PT', regionCode: null, city: 'Lisbon' });
  });

  it('names bilingual Brussels in the reader’s language', () => {
    expect(at(50.85, 4.35, 'nl')?.city).to.equal('Brussel');
    expect(at(50.85, 4.35, 'fr')?.city).to.equal('Bruxelles');
  });

  it('answers only a city’s coordinates, rounded, never the position asked about', () => {
    const place = at(52.3676, 4.9041)!;
    expect(place.latitude).to.equal(52.37);
    expect(place.longitude).to.equal(4.89);
  });

  it('answers nothing at sea, in Antarctica and far from any town', () => {
    expect(at(55, 3.5), 'the North Sea').to.equal(null);
    expect(at(53.2, 4.2), 'the North Sea off Den Helder').to.equal(null);
    expect(at(30, -40), 'the middle of the Atlantic').to.equal(null);
    expect(at(40, -30), 'the Atlantic within the Azores’ generous border').to.equal(null);
    expect(at(-80, 0), 'Antarctica').to.equal(null);
  });

  it('finds every demo city by its local name, in its region', () => {
    for (const [country, cities] of Object.entries(CITIES)) {
      for (const c of cities) {
        const code = REGIONS[country as RegionCountry].find((r) => r.name === c.region)?.code ?? null;
        const found = geo.locate(country, code, c.city);
        expect(found?.precision, `${c.city} (${country})`).to.equal('city');
        // Within its region: the city's own position is in that region's data.
        expect(geo.reverse(found!.latitude, found!.longitude)?.regionCode, `${c.city} (${country})`).to.equal(code);
      }
    }
  });

  it('picks the city of a name in the chosen region, else the biggest; else the region’s or country’s middle', () => {
    const texas = geo.locate('US', 'TX', 'Houston')!;
    expect(distanceKm(texas.latitude, texas.longitude, 29.76, -95.37)).to.be.below(10);
    expect(geo.locate('US', null, 'Houston')).to.deep.include({ latitude: texas.latitude, longitude: texas.longitude });
    const maine = geo.locate('US', 'ME', 'Portland')!;
    expect(distanceKm(maine.latitude, maine.longitude, 43.66, -70.26)).to.be.below(10);
    expect(geo.locate('NL', 'NH', 'Nowhere-on-Sea')).to.include({ precision: 'region' });
    expect(geo.locate('NL', null, null)).to.include({ precision: 'country' });
    expect(geo.locate('XX', null, 'Amsterdam')).to.equal(null);
    // Typed loosely: case, accents, "St." for "Sankt".
    expect(geo.locate('AT', null, 'st polten')).to.include({ precision: 'city', city: 'Sankt Pölten' });
    expect(geo.locate('DE', 'BY', 'MUNCHEN')).to.include({ precision: 'city', city: 'München' });
  });

  it('keeps positions on a grid of one integer per 0.01° place, and boxes that hold a radius', () => {
    expect(geoPointOf(52.37, 4.89)).to.equal(geoPointOf(52.3701, 4.8899));
    expect(geoPointOf(52.37, 4.89)).not.to.equal(geoPointOf(52.38, 4.89));
    expect(geoPointOf(90, 180)).to.be.below(2 ** 31);
    expect(nameKey('Sankt Pölten')).to.equal(nameKey('St. Polten'));
    const box = boundingBox(52.37, 4.89, 25);
    expect(box.minLat).to.be.below(52.37 - 0.2);
    expect(box.lon![0]!.min).to.be.below(4.89 - 0.3);
    expect(boundingBox(10, 179.9, 50).lon, 'split across the date line').to.have.length(2);
    expect(boundingBox(89.5, 0, 50).lon, 'near the pole every longitude').to.equal(null);
  });
});
