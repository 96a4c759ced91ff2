// Distances and the grid of stored places. Profiles only ever hold a city's (or a region's)
// coordinates, rounded to 0.01° (about 1 km): never a member's own position.

const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;
/** Half the earth's circumference: no place is farther. */
export const MAX_DISTANCE_KM = Math.PI * EARTH_KM;

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export const roundCoordinate = (v: number): number => Math.round(v * 100) / 100;

/**
 * The place a rounded position is on, as one integer (an indexed column): 0.01° steps of latitude
 * times 0.01° steps of longitude, below 2^31.
 */
export function geoPointOf(lat: number, lon: number): number {
  return Math.round((lat + 90) * 100) * 36001 + Math.round((lon + 180) * 100);
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** Null when the box spans every longitude (near a pole, or a radius of thousands of km). */
  lon: { min: number; max: number }[] | null;
}

/** A box holding every point within `radiusKm` of the centre, split in two across the date line. */
export function boundingBox(lat: number, lon: number, radiusKm: number): BoundingBox {
  const dLat = radiusKm / 111.2;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  if (widest >= 89 || radiusKm >= MAX_DISTANCE_KM / 2) return { minLat, maxLat, lon: null };
  const dLon = radiusKm / (111.2 * Math.cos(widest * RAD));
  if (dLon >= 180) return { minLat, maxLat, lon: null };
  const [min, max] = [lon - dLon, lon + dLon];
  if (min < -180) return { minLat, maxLat, lon: [{ min: min + 360, max: 180 }, { min: -180, max }] };
  if (max > 180) return { minLat, maxLat, lon: [{ min, max: 180 }, { min: -180, max: max - 360 }] };
  return { minLat, maxLat, lon: [{ min, max }] };
}
