// The map of /landers/maplanding: the outline of the page's place (a region's country zoomed to
// the region's people, a country, or the site's countries together), the shown profiles as pins at
// their stored positions (a city's, or a region's middle: never a member's own), and the visitor's
// rough area (the middle of their GeoIP country). Drawn once per selection of profiles and kept
// with it; the shapes themselves are kept by the geo service (borders never move).
import type { Db } from '../../db.js';
import { findProfilePositions } from '../../repos/places-repo.js';
import type { LanderSelection } from '../../../types/lander-pages.js';
import type { GeoBox, LanderMap } from '../../../types/map.js';
import type { GeoService } from '../geo/geo-service.js';
import { boxOf, frameAround, projectionOf, type Point } from '../geo/map-geometry.js';
import { placePins, type Person } from './map-pins.js';

/** A country (or the site's countries): its mainland with a little sea, in a shape a phone shows well. */
const COUNTRY_FRAME = { pad: 0.06, minSpan: 1, minAspect: 0.8, maxAspect: 1.6 };
/** A region: its people with room around them (the photo markers stand above their place), at least ~100 km tall. */
const REGION_FRAME = { pad: 0.3, minSpan: 0.9, minAspect: 0.85, maxAspect: 1.4 };
/** Region boxes are rounded out to tenths of a degree, so that a new member rarely asks for a new map. */
const REGION_STEPS_PER_DEGREE = 10;

export type MapGeo = Pick<GeoService, 'mainlandBox' | 'mapShapes' | 'approximatePosition'>;

export class LanderMaps {
  private readonly kept = new WeakMap<LanderSelection, Promise<LanderMap | null>>();

  constructor(
    private readonly db: Db,
    private readonly geo: MapGeo,
  ) {}

  /**
   * The map of a selection; `visitor` is the visitor's GeoIP country when it is one of the site's.
   * Null when the geo data cannot answer: the page then goes without a map rather than fail.
   */
  mapOf(selection: LanderSelection, where: { countries: string[]; visitor: string | null }): Promise<LanderMap | null> {
    let map = this.kept.get(selection);
    if (!map) this.kept.set(selection, (map = this.draw(selection, where).catch(() => null)));
    return map;
  }

  private async draw(selection: LanderSelection, where: { countries: string[]; visitor: string | null }): Promise<LanderMap | null> {
    const countries = selection.place ? [selection.place.country] : where.countries;
    const positions = await findProfilePositions(this.db, selection.profiles.map((p) => p.id));
    // A country's middle says nothing about where someone lives (their card shows only the country).
    const people: (Person & { region: string | null; country: string })[] = selection.profiles.flatMap((p) => {
      const at = positions.get(p.id);
      return at && at.precision !== 'country' ? [{ id: p.id, latitude: at.latitude, longitude: at.longitude, region: p.region, country: p.country }] : [];
    });
    const [box, visitor] = await Promise.all([
      this.frameOf(selection.place, countries, people),
      where.visitor ? this.geo.approximatePosition({ country: where.visitor }) : null,
    ]);
    if (!box) return null;
    const shapes = await this.geo.mapShapes(box, countries);
    const placed = placePins(people, projectionOf(box), visitor ? [visitor.longitude, visitor.latitude] : null);
    return { ...shapes, ...placed };
  }

  private async frameOf(place: LanderSelection['place'], countries: string[], people: (Person & { region: string | null; country: string })[]): Promise<GeoBox | null> {
    if (place?.region) {
      const middle = await this.geo.approximatePosition(place as { country: string; region: string });
      const points: Point[] = people.filter((p) => p.country === place.country && p.region === place.region).map((p) => [p.longitude, p.latitude]);
      if (middle) points.push([middle.longitude, middle.latitude]);
      const box = boxOf(points);
      return box && snap(frameAround(box, REGION_FRAME));
    }
    const mainland = await this.geo.mainlandBox(countries);
    return mainland && frameAround(mainland, COUNTRY_FRAME);
  }
}

function snap(box: GeoBox): GeoBox {
  const down = (v: number) => Math.floor(v * REGION_STEPS_PER_DEGREE) / REGION_STEPS_PER_DEGREE;
  const up = (v: number) => Math.ceil(v * REGION_STEPS_PER_DEGREE) / REGION_STEPS_PER_DEGREE;
  return { west: down(box.west), south: down(box.south), east: up(box.east), north: up(box.north) };
}
