// The map of /landers/maplanding: the outline of the page's place (a region's country zoomed to
// the region and its people, a country, or the site's countries together), the shown profiles as pins at
// their stored positions (a city's, or a region's middle: never a member's own), and the visitor's
// rough area (the middle of their GeoIP country). Drawn once per selection of profiles and kept
// with it; the shapes themselves are kept by the geo service (borders never move).
import type { Db } from '../../db.js';
import type { Logger } from 'pino';
import { findProfilePositions } from '../../repos/places-repo.js';
import type { LanderSelection } from '../../../types/lander-pages.js';
import type { GeoBox, LanderMap } from '../../../types/map.js';
import type { GeoService } from '../geo/geo-service.js';
import { boxOf, frameAround, projectionOf, type Point } from '../geo/map-geometry.js';
import { distanceKm } from '../../lib/geo-math.js';
import type { Position } from '../../../types/geo.js';
import { placePins, type Person } from './map-pins.js';

/** A country (or the site's countries): its mainland with a little sea, in a shape a phone shows well. */
const COUNTRY_FRAME = { pad: 0.06, minSpan: 1, minAspect: 0.8, maxAspect: 1.6 };
/** A region: its towns and its people with room around them (markers stand above their place), at least ~70 km tall. */
const REGION_FRAME = { pad: 0.12, minSpan: 0.6, minAspect: 0.85, maxAspect: 1.4 };
/** A region's map shows at least this many of the shown people when there are any near enough. */
const REGION_MIN_PINS = 4;
const REGION_REACH_KM = 250;
/** The site's countries together reach no further than this (Canada's Arctic islands and the sea south of New Zealand left out). */
const WORLD_NORTH = 70;
const WORLD_SOUTH = -47;
/** Region boxes are rounded out to tenths of a degree, so that a new member rarely asks for a new map. */
const REGION_STEPS_PER_DEGREE = 10;

type Placed = Person & { region: string | null; country: string };

export type MapGeo = Pick<GeoService, 'mainlandBox' | 'regionBox' | 'mapShapes' | 'mapPlaces' | 'approximatePosition'>;
/** Towns asked for: more than MAP_LABELS, as some will not fit. */
const TOWNS_ASKED = 16;

export class LanderMaps {
  private readonly kept = new WeakMap<LanderSelection, Promise<LanderMap | null>>();

  constructor(
    private readonly db: Db,
    private readonly geo: MapGeo,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /**
   * The map of a selection; `visitor` is the visitor's GeoIP country when it is one of the site's.
   * Null when the geo data cannot answer: the page then goes without a map rather than fail.
   */
  mapOf(selection: LanderSelection, where: { countries: string[]; visitor: string | null }): Promise<LanderMap | null> {
    let map = this.kept.get(selection);
    if (!map) {
      const drawn = this.draw(selection, where).catch((err: unknown) => {
        this.logger.warn({ err }, 'lander map not drawn');
        return null;
      });
      this.kept.set(selection, (map = drawn));
    }
    return map;
  }

  private async draw(selection: LanderSelection, where: { countries: string[]; visitor: string | null }): Promise<LanderMap | null> {
    const countries = selection.place ? [selection.place.country] : where.countries;
    const positions = await findProfilePositions(this.db, selection.profiles.map((p) => p.id));
    // A country's middle says nothing about where someone lives (their card shows only the country).
    const people: Placed[] = selection.profiles.flatMap((p) => {
      const at = positions.get(p.id);
      return at && at.precision !== 'country' ? [{ id: p.id, latitude: at.latitude, longitude: at.longitude, region: p.region, country: p.country }] : [];
    });
    const [box, visitor] = await Promise.all([
      this.frameOf(selection.place, countries, people),
      where.visitor ? this.geo.approximatePosition({ country: where.visitor }) : null,
    ]);
    if (!box) return null;
    const [shapes, towns] = await Promise.all([this.geo.mapShapes(box, countries), this.geo.mapPlaces(box, countries, TOWNS_ASKED)]);
    const placed = placePins(people, projectionOf(box), visitor ? [visitor.longitude, visitor.latitude] : null, towns);
    return { ...shapes, ...placed };
  }

  private async frameOf(place: LanderSelection['place'], countries: string[], people: Placed[]): Promise<GeoBox | null> {
    if (place?.region) {
      const region = { country: place.country, region: place.region };
      const [extent, middle] = await Promise.all([this.geo.regionBox(region), this.geo.approximatePosition(region)]);
      const corners: Point[] = extent ? [[extent.west, extent.south], [extent.east, extent.north]] : middle ? [[middle.longitude, middle.latitude]] : [];
      const box = boxOf([...corners, ...regionView(place, middle, people)]);
      return box && snap(frameAround(box, REGION_FRAME));
    }
    const mainland = await this.geo.mainlandBox(countries);
    if (!mainland) return null;
    // Countries far apart make a map of the world: without the Arctic and the Southern Ocean, where no one is.
    const box = countries.length > 1 ? { ...mainland, north: Math.min(mainland.north, WORLD_NORTH), south: Math.max(mainland.south, WORLD_SOUTH) } : mainland;
    return frameAround(box, COUNTRY_FRAME);
  }
}

/**
 * Who a region's map is drawn around: the region's shown people, and when they are fewer than
 * REGION_MIN_PINS, the shown people of its country nearest to its middle (within REGION_REACH_KM),
 * so that a region with few members still shows who lives closest.
 */
function regionView(place: { country: string; region: string | null }, middle: Position | null, people: Placed[]): Point[] {
  const own = people.filter((p) => p.country === place.country && p.region === place.region);
  const from = middle ?? own[0];
  const nearest = from
    ? people
        .filter((p) => p.country === place.country && p.region !== place.region)
        .map((p) => ({ p, km: distanceKm(from.latitude, from.longitude, p.latitude, p.longitude) }))
        .filter((n) => n.km <= REGION_REACH_KM)
        .sort((a, b) => a.km - b.km)
        .slice(0, Math.max(0, REGION_MIN_PINS - own.length))
        .map((n) => n.p)
    : [];
  return [...own, ...nearest].map((p): Point => [p.longitude, p.latitude]);
}

function snap(box: GeoBox): GeoBox {
  const down = (v: number) => Math.floor(v * REGION_STEPS_PER_DEGREE) / REGION_STEPS_PER_DEGREE;
  const up = (v: number) => Math.ceil(v * REGION_STEPS_PER_DEGREE) / REGION_STEPS_PER_DEGREE;
  return { west: down(box.west), south: down(box.south), east: up(box.east), north: up(box.north) };
}
