// "Near me" on /members: matches ordered by distance from a centre, then by activity. Profiles sit
// at places (a city's coordinates, rounded; geo_places lists those that hold profiles), so the
// order is place by place, nearest first. The walk never sorts the table by distance: it reads the
// places within a radius (a range scan of a small table), then the profiles at the nearest places
// through the (status, [gender,] geo_point, last_active_at) index, a few places per statement,
// stopping once the page is full, and widens the radius only when it ran out of places. A page at
// a million profiles reads about as many rows as at ten thousand (the places just fill sooner).
import type { Db } from '../../db.js';
import { MAX_DISTANCE_KM, boundingBox, distanceKm } from '../../lib/geo-math.js';
import { placesWithin, type PlaceRow } from '../../repos/places-repo.js';
import { profilesAtPlaces, type PlacedProfileRow, type SearchFilter } from '../../repos/profiles-repo.js';
import type { Position } from '../../../types/geo.js';

const FIRST_RADIUS_KM = 25;
/** Each widening multiplies the radius (25, 100, 400, 1,600, 6,400 km, then the world). */
const WIDEN = 4;
/**
 * Places per statement at most: SQLite allows 500 terms in a compound select and 32,766 bound
 * values, and each place's walk binds the filter again (the exclusions of a member who blocked
 * many are the bulk of it).
 */
function maxPlacesPerStatement(filter: SearchFilter): number {
  const values = 12 + (filter.excludeIds?.length ?? 0);
  return Math.max(1, Math.min(64, Math.floor(20_000 / values)));
}

export interface NearRow extends PlacedProfileRow {
  /** From the centre to the profile's place. */
  distanceKm: number;
}

type Place = PlaceRow & { d: number };

/** The nearest places to `center` within `radius` that were not probed yet, nearest first. */
async function placesAround(db: Db, filter: SearchFilter, center: Position, radius: number, probed: Set<number>): Promise<Place[]> {
  const box = boundingBox(center.latitude, center.longitude, radius);
  const rows = await placesWithin(db, box, { countries: filter.countries, region: filter.region });
  const fresh = new Map<number, Place>();
  for (const r of rows) {
    if (probed.has(r.geo_point) || fresh.has(r.geo_point)) continue;
    const d = distanceKm(center.latitude, center.longitude, r.latitude, r.longitude);
    if (d <= radius || radius >= MAX_DISTANCE_KM) fresh.set(r.geo_point, { ...r, d });
  }
  return [...fresh.values()].sort((a, b) => a.d - b.d || a.geo_point - b.geo_point);
}

/** One page of matches (`limit` from `offset`), nearest place first, most recently active within a place. */
export async function nearPage(db: Db, filter: SearchFilter, center: Position, limit: number, offset: number): Promise<NearRow[]> {
  const need = offset + limit;
  const found: NearRow[] = [];
  const probed = new Set<number>();
  for (let radius = FIRST_RADIUS_KM; found.length < need; radius = Math.min(radius * WIDEN, MAX_DISTANCE_KM)) {
    const places = await placesAround(db, filter, center, radius, probed);
    // 1, 2, 4, … places per statement: a busy place fills the page alone, sparse ones come in groups.
    const most = maxPlacesPerStatement(filter);
    for (let i = 0, size = 1; i < places.length && found.length < need; i += size, size = Math.min(size * 2, most)) {
      const batch = places.slice(i, i + size);
      for (const p of batch) probed.add(p.geo_point);
      const rank = new Map(batch.map((p, k) => [p.geo_point, k]));
      const rows = await profilesAtPlaces(db, filter, batch.map((p) => p.geo_point), need - found.length);
      rows.sort((a, b) => rank.get(Number(a.geo_point))! - rank.get(Number(b.geo_point))! || Number(b.last_active_at) - Number(a.last_active_at) || b.id - a.id);
      for (const r of rows) found.push({ ...r, distanceKm: batch[rank.get(Number(r.geo_point))!]!.d });
    }
    if (radius >= MAX_DISTANCE_KM) break;
  }
  return found.slice(offset, offset + limit);
}
