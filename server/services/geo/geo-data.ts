// Reverse and forward geocoding over the city table (city-table.ts), with country borders from
// @rapideditor/country-coder (null at sea; generous along coasts, hence the town within reach).
import { around, distance } from 'geokdbush';
import type { Position } from '../../../types/geo.js';
import type { GeoBox, MapPlace } from '../../../types/map.js';
import type { CityTable } from './city-table.js';
import { FRENCH_OVERSEAS, catalogCountryOf } from './geo-regions.js';
import { roundCoordinate } from '../../lib/geo-math.js';
import { localName, nameKey } from './place-names.js';

/** The territory (GP) and country (FR) a position is in, from the borders; null at sea. */
export type CountryAt = (lat: number, lon: number) => { territory: string; country: string } | null;

export interface ReversePlace {
  /** Our country code: FR for the French overseas regions. */
  country: string;
  regionCode: string | null;
  city: string;
  /** The city's position (never the one asked about). */
  latitude: number;
  longitude: number;
}

export interface LocatedPlace extends Position {
  /** The city found, in its local spelling (precision 'city' only). */
  city?: string;
}

/** A town farther than this is not "where you are": at sea off a generous coastline, or wilderness. */
const TOWN_REACH_KM = 50;
/** How far a big city's pull and its parts reach. */
const CITY_REACH_KM = 30;
/** A typed city name outside the chosen region still counts when it is a real city this size. */
const CITY_OUTSIDE_REGION = 50_000;

export class GeoData {
  private centroids: Map<string, Position> | undefined;

  constructor(
    private readonly t: CityTable,
    private readonly countryAt: CountryAt,
  ) {}

  /** The place a position is in: the town whose pull is strongest, a city's part counted as the city. */
  reverse(lat: number, lon: number, lng?: string): ReversePlace | null {
    const where = this.countryAt(lat, lon);
    if (!where || where.country === 'AQ' || where.territory === 'AQ') return null;
    const t = this.t;
    const inside = (i: number) => t.country[i] === where.territory || t.country[i] === where.country;
    const near = around(t.index, lon, lat, 24, TOWN_REACH_KM, inside);
    if (!near.length) return null;
    const big = around(t.bigIndex, lon, lat, 8, CITY_REACH_KM, (k) => inside(t.bigIds[k]!)).map((k) => t.bigIds[k]!);
    const candidates = [...new Set([...near, ...big])];
    const dist = new Map(candidates.map((i) => [i, distance(lon, lat, t.lon[i]!, t.lat[i]!)]));
    // Gravity: a village at 1 km beats a city of 500,000 at 12 km, but not a city at 5 km.
    const pull = (i: number) => Math.max(t.population[i]!, 1000) / (dist.get(i)! + 1) ** 3;
    let best = candidates.reduce((a, b) => (pull(b) > pull(a) ? b : a));
    const parent = candidates.filter((j) => dist.get(j)! <= CITY_REACH_KM && t.population[j]! > t.population[best]!).sort((a, b) => t.population[b]! - t.population[a]!).find((j) => this.isPartOf(best, j));
    if (parent !== undefined) best = parent;
    const country = t.country[best]!;
    return {
      country: catalogCountryOf(country),
      regionCode: t.region[best] ?? null,
      city: localName(country, t.names[best]!, lng),
      latitude: roundCoordinate(t.lat[best]!),
      longitude: roundCoordinate(t.lon[best]!),
    };
  }

  /**
   * Where a member's city is: the city of that name (in their region when they chose one, else the
   * biggest), else the middle of their region, else of their country. Null for an unknown country.
   */
  locate(country: string, regionCode: string | null, city: string | null): LocatedPlace | null {
    const found = city ? this.findCity(country, regionCode, city) : undefined;
    if (found !== undefined) {
      const t = this.t;
      return { latitude: roundCoordinate(t.lat[found]!), longitude: roundCoordinate(t.lon[found]!), precision: 'city', city: localName(t.country[found]!, t.names[found]!) };
    }
    return (regionCode && this.centroid(country, regionCode)) || this.centroid(country);
  }

  /** The biggest places in a box and in these countries, biggest first, a city's parts left out (a map's labels). */
  biggestIn(box: GeoBox, countries: string[], limit: number): MapPlace[] {
    const t = this.t;
    const mine = new Set(countries);
    const chosen: number[] = [];
    const byPopulation = t.index.range(box.west, box.south, box.east, box.north).filter((i) => mine.has(catalogCountryOf(t.country[i]!)));
    byPopulation.sort((a, b) => t.population[b]! - t.population[a]!);
    for (const i of byPopulation) {
      if (chosen.length === limit) break;
      const inCity = chosen.some((j) => distance(t.lon[i]!, t.lat[i]!, t.lon[j]!, t.lat[j]!) <= CITY_REACH_KM && this.isPartOf(i, j));
      if (!inCity) chosen.push(i);
    }
    return chosen.map((i) => ({ name: localName(t.country[i]!, t.names[i]!), latitude: t.lat[i]!, longitude: t.lon[i]! }));
  }

  /**
   * The box around one of our regions: its towns', the farthest hundredth on each side left out
   * (a town GeoNames files under a far-off division must not stretch the map). Null for none.
   */
  regionBox(country: string, regionCode: string): GeoBox | null {
    const t = this.t;
    const lats: number[] = [];
    const lons: number[] = [];
    for (let i = 0; i < t.size; i++) {
      if (t.region[i] === regionCode && catalogCountryOf(t.country[i]!) === country) {
        lats.push(t.lat[i]!);
        lons.push(t.lon[i]!);
      }
    }
    if (!lats.length) return null;
    const [south, north] = trimmedRange(lats);
    const [west, east] = trimmedRange(lons);
    return { west, south, east, north };
  }

  /** The population-weighted middle of a country (its mainland for France) or of one of our regions. */
  centroid(country: string, regionCode?: string): Position | null {
    this.centroids ??= this.computeCentroids();
    return this.centroids.get(regionCode ? `${country}|${regionCode}` : country) ?? null;
  }

  private findCity(country: string, regionCode: string | null, city: string): number | undefined {
    const key = nameKey(city);
    if (!key) return undefined;
    const codes = country === 'FR' ? ['FR', ...Object.keys(FRENCH_OVERSEAS)] : [country];
    const ids = codes.flatMap((c) => this.t.byName.get(`${c}|${key}`) ?? []);
    const inRegion = regionCode ? ids.filter((i) => this.t.region[i] === regionCode) : ids;
    const pool = inRegion.length || !regionCode ? inRegion : ids.filter((i) => this.t.population[i]! >= CITY_OUTSIDE_REGION);
    return pool.length ? pool.reduce((a, b) => (this.t.population[b]! > this.t.population[a]! ? b : a)) : undefined;
  }

  /**
   * GeoNames lists some parts of cities as places of their own (Warsaw's Wola, Madrid's
   * Chamartín): a place sharing every admin code of a bigger city, down to at least the second
   * level, and having one more of its own, lies within that city.
   */
  private isPartOf(part: number, city: number): boolean {
    if (this.t.country[part] !== this.t.country[city]) return false;
    const mine = this.t.admin[part]!.split('|');
    const theirs = this.t.admin[city]!.split('|');
    const depth = theirs.findIndex((c) => !c);
    if (depth < 2) return false;
    return theirs.slice(0, depth).every((c, k) => mine[k] === c) && Boolean(mine[depth]);
  }

  private computeCentroids(): Map<string, Position> {
    const sums = new Map<string, { lat: number; lon: number; w: number; precision: Position['precision'] }>();
    const add = (key: string, i: number, w: number, precision: Position['precision']) => {
      const s = sums.get(key) ?? { lat: 0, lon: 0, w: 0, precision };
      s.lat += this.t.lat[i]! * w;
      s.lon += this.t.lon[i]! * w;
      s.w += w;
      sums.set(key, s);
    };
    for (let i = 0; i < this.t.size; i++) {
      const w = Math.max(this.t.population[i]!, 1000);
      add(this.t.country[i]!, i, w, 'country');
      const region = this.t.region[i];
      if (region) add(`${catalogCountryOf(this.t.country[i]!)}|${region}`, i, w, 'region');
    }
    return new Map(
      [...sums].map(([key, s]) => [key, { latitude: roundCoordinate(s.lat / s.w), longitude: roundCoordinate(s.lon / s.w), precision: s.precision }]),
    );
  }
}

/** The lowest and highest values, the outer hundredth on each side left out. */
function trimmedRange(values: number[]): [number, number] {
  const sorted = Float64Array.from(values).sort();
  const cut = Math.floor(sorted.length / 100);
  return [sorted[cut]!, sorted[sorted.length - 1 - cut]!];
}
