// SQL for profiles' positions (city level) and the places that hold profiles (geo_places).
import type { Runner } from '../db.js';
import { geoPointOf, type BoundingBox } from '../lib/geo-math.js';
import type { Position, PositionPrecision } from '../../types/geo.js';

export interface LocationColumns {
  latitude: number | null;
  longitude: number | null;
  geo_point: number | null;
  location_precision: PositionPrecision | null;
}

export const NO_LOCATION: LocationColumns = { latitude: null, longitude: null, geo_point: null, location_precision: null };

/** The profile columns for a position (all null for none). */
export function locationColumns(p: Position | null): LocationColumns {
  if (!p) return NO_LOCATION;
  return { latitude: p.latitude, longitude: p.longitude, geo_point: geoPointOf(p.latitude, p.longitude), location_precision: p.precision };
}

export interface ProfilePlace {
  country: string;
  region: string | null;
  location: LocationColumns;
}

/** Notes the places of profiles just written (idempotent), so that near-me searches find them. */
export async function rememberPlaces(db: Runner, places: ProfilePlace[]): Promise<void> {
  const rows = new Map<string, { country: string; region: string; geo_point: number; latitude: number; longitude: number }>();
  for (const { country, region, location: l } of places) {
    if (l.geo_point === null || l.latitude === null || l.longitude === null) continue;
    const row = { country, region: region ?? '', geo_point: l.geo_point, latitude: l.latitude, longitude: l.longitude };
    rows.set(`${country}|${row.region}|${l.geo_point}`, row);
  }
  if (!rows.size) return;
  await db('geo_places').insert([...rows.values()]).onConflict(['country', 'region', 'geo_point']).ignore();
}

/** Writes a profile's position and notes its place. */
export async function saveProfileLocation(db: Runner, profileId: number, place: ProfilePlace): Promise<void> {
  await db('profiles').where('id', profileId).update(place.location);
  await rememberPlaces(db, [place]);
}

export interface PlaceRow {
  geo_point: number;
  latitude: number;
  longitude: number;
}

/** The places in a box, in the given countries (and region): a range scan of a small table. */
export async function placesWithin(db: Runner, box: BoundingBox, where: { countries: string[]; region?: string }): Promise<PlaceRow[]> {
  const q = db('geo_places').distinct('geo_point', 'latitude', 'longitude').whereBetween('latitude', [box.minLat, box.maxLat]).whereIn('country', where.countries);
  if (where.region) q.where('region', where.region);
  if (box.lon) {
    const ranges = box.lon;
    q.where((w) => {
      for (const r of ranges) w.orWhereBetween('longitude', [r.min, r.max]);
    });
  }
  const rows = (await q) as { geo_point: number; latitude: number | string; longitude: number | string }[];
  return rows.map((r) => ({ geo_point: Number(r.geo_point), latitude: Number(r.latitude), longitude: Number(r.longitude) }));
}

/** What a profile says about where its member lives. */
export async function findPlaceFields(db: Runner, profileId: number): Promise<{ country: string; region: string | null; city: string | null } | undefined> {
  return (await db('profiles').where('id', profileId).first('country', 'region', 'city')) as
    | { country: string; region: string | null; city: string | null }
    | undefined;
}

export async function findProfilePosition(db: Runner, profileId: number): Promise<Position | null> {
  const row = (await db('profiles').where('id', profileId).first('latitude', 'longitude', 'location_precision')) as
    | { latitude: number | string | null; longitude: number | string | null; location_precision: PositionPrecision | null }
    | undefined;
  if (!row || row.latitude === null || row.longitude === null || !row.location_precision) return null;
  return { latitude: Number(row.latitude), longitude: Number(row.longitude), precision: row.location_precision };
}

/** The stored positions of these profiles (those that have one), by id. */
export async function findProfilePositions(db: Runner, profileIds: number[]): Promise<Map<number, Position>> {
  if (!profileIds.length) return new Map();
  const rows = (await db('profiles').whereIn('id', profileIds).whereNotNull('latitude').whereNotNull('location_precision').select('id', 'latitude', 'longitude', 'location_precision')) as {
    id: number;
    latitude: number | string;
    longitude: number | string;
    location_precision: PositionPrecision;
  }[];
  return new Map(rows.map((r) => [Number(r.id), { latitude: Number(r.latitude), longitude: Number(r.longitude), precision: r.location_precision }]));
}
