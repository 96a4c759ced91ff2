// Where people are, from offline data only (DESIGN.md §2): the country of a client address
// (geoip-country), the place at a position (GET /api/geocode.php), the coordinates of a member's
// city for "near me", and rough positions for visitors. The city data lives in a worker thread
// (geo-worker-client.ts); region names are ours (the regions catalogue), mapped in geo-regions.ts.
import { createRequire } from 'node:module';
import type { Db } from '../../db.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { NO_LOCATION, findProfilePosition, locationColumns, type LocationColumns } from '../../repos/places-repo.js';
import { REGION_TERM, isCountry } from '../../../types/countries.js';
import type { GeocodeResult, Position } from '../../../types/geo.js';
import type { GeoBox, MapPlace, MapShapes } from '../../../types/map.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { ReversePlace, LocatedPlace } from './geo-data.js';
import type { LocateItem } from './geo-protocol.js';
import { GEO_WORKER } from './geo-worker-client.js';

const require = createRequire(import.meta.url);
const DAY_MS = 24 * 3_600_000;

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}

/** What a profile says about where its member lives (region: one of our region names). */
export interface PlaceFields {
  country: string;
  region: string | null;
  city: string | null;
}

export class GeoService {
  private geoip: GeoipCountry | undefined;
  private readonly positions = new TtlCache<Position | null>(3_600_000);
  /** Borders do not move: a day is only there to let unused boxes go. */
  private readonly mainlands = new TtlCache<GeoBox | null>(DAY_MS);
  private readonly shapes = new TtlCache<MapShapes>(DAY_MS);
  private readonly places = new TtlCache<MapPlace[]>(DAY_MS);
  private readonly regionBoxes = new TtlCache<GeoBox | null>(DAY_MS);

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly worker = GEO_WORKER,
  ) {}

  /** ISO country code, or null for private, local or unknown addresses. */
  countryOf(ip: string | undefined): string | null {
    if (!ip) return null;
    // The data loads lazily: CLI commands and tests that never ask do not pay for it.
    this.geoip ??= require('geoip-country') as GeoipCountry;
    const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    return this.geoip.lookup(address)?.country ?? null;
  }

  /**
   * The country, our region (with the country's region term) and the nearest city at a position;
   * false at sea, in Antarctica, or far from any town. `lng` picks a bilingual city's name.
   */
  async geocode(lat: number, lon: number, lng?: string): Promise<GeocodeResult> {
    const place = await this.worker.ask<ReversePlace | null>({ op: 'reverse', lat, lon, lng });
    if (!place) return false;
    const regions = isCountry(place.country) ? await this.regionsOf(place.country) : [];
    const region = regions.find((r) => r.code === place.regionCode) ?? null;
    return {
      country: place.country,
      region: region?.name ?? null,
      region_code: region?.code ?? null,
      region_term: isCountry(place.country) ? REGION_TERM[place.country] : null,
      city: place.city,
    };
  }

  /**
   * The position stored with a profile: its city's (when the data knows the city), else the
   * middle of its region, else of its country; null when nothing is known (or the data is down).
   */
  async locateProfiles(places: PlaceFields[]): Promise<(LocatedPlace | null)[]> {
    if (!places.length) return [];
    const items: LocateItem[] = [];
    for (const p of places) {
      const region = p.region ? (await this.regionsOf(p.country)).find((r) => r.name === p.region) : undefined;
      items.push({ country: p.country, regionCode: region?.code ?? null, city: p.city?.trim() || null });
    }
    return this.worker.ask<(LocatedPlace | null)[]>({ op: 'locate', items });
  }

  async locateProfile(place: PlaceFields): Promise<LocatedPlace | null> {
    return (await this.locateProfiles([place]))[0] ?? null;
  }

  /**
   * The position columns for a profile being saved. Never fails the save: without an answer
   * from the data the profile keeps no position (it then sorts last in "near me" until saved again).
   */
  async locationFor(place: PlaceFields): Promise<LocationColumns> {
    try {
      return locationColumns(await this.locateProfile(place));
    } catch {
      return NO_LOCATION;
    }
  }

  /**
   * A rough position for someone we only know a country (GeoIP, or a chosen search country) and
   * maybe a region of: the middle of that region, else of the country. Cached for an hour.
   */
  approximatePosition(where: { country: string; region?: string | null }): Promise<Position | null> {
    return this.positions.get(`${where.country}|${where.region ?? ''}`, async () => {
      const region = where.region ? (await this.regionsOf(where.country)).find((r) => r.name === where.region) : undefined;
      const inRegion = region ? await this.worker.ask<Position | null>({ op: 'centroid', country: where.country, regionCode: region.code }) : null;
      return inRegion ?? this.worker.ask<Position | null>({ op: 'centroid', country: where.country, regionCode: null });
    });
  }

  /**
   * The box around these countries' mainlands (ISO alpha-2): the largest land of each and the
   * islands near it, not Alaska or French Guiana. Null when the data knows none of them.
   */
  mainlandBox(countries: string[]): Promise<GeoBox | null> {
    const sorted = [...countries].sort();
    return this.mainlands.get(sorted.join(','), () => this.worker.ask<GeoBox | null>({ op: 'mainland', countries: sorted }));
  }

  /**
   * The land in a box as SVG path data (types/map.ts): `highlight`'s countries, and the others in
   * view drawn apart, a few kilobytes in all. Kept: the same box always draws the same map.
   */
  mapShapes(box: GeoBox, highlight: string[]): Promise<MapShapes> {
    return this.shapes.get(boxKey(box, highlight), () => this.worker.ask<MapShapes>({ op: 'mapShapes', box, highlight }));
  }

  /** The box around one of our regions (its towns'); null when the data knows none of it. */
  regionBox(where: { country: string; region: string }): Promise<GeoBox | null> {
    return this.regionBoxes.get(`${where.country}|${where.region}`, async () => {
      const region = (await this.regionsOf(where.country)).find((r) => r.name === where.region);
      return region ? this.worker.ask<GeoBox | null>({ op: 'regionBox', country: where.country, regionCode: region.code }) : null;
    });
  }

  /** The biggest towns in a box and in these countries, biggest first, for a map's labels (their local names). */
  mapPlaces(box: GeoBox, countries: string[], limit: number): Promise<MapPlace[]> {
    return this.places.get(`${boxKey(box, countries)}|${limit}`, () => this.worker.ask<MapPlace[]>({ op: 'mapPlaces', box, countries, limit }));
  }

  /** A profile's stored position (city level at best); null when it has none. */
  profilePosition(profileId: number): Promise<Position | null> {
    return findProfilePosition(this.db, profileId);
  }

  private regionsOf(country: string): Promise<{ code: string; name: string }[]> {
    return this.catalog.regionsOf([country]).then((groups) => groups[0]?.regions ?? []);
  }
}

function boxKey(box: GeoBox, countries: string[]): string {
  return `${[box.west, box.south, box.east, box.north].map((v) => v.toFixed(3)).join(',')}|${[...countries].sort().join(',')}`;
}
