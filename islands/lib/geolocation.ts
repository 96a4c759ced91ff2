// The browser's position, asked only when the member presses "Use my location": the permission
// state of SPEC.md §3 (unsupported, unknown, or the browser's own), a position up to an hour old
// (SPEC.md §9), and the place there from GET /api/geocode.php. Only a rounded position (about
// 1 km, enough for a city) leaves the browser, and the server keeps none of it.
import { GEOLOCATION_MAX_AGE_MS, type GeoPermission, type GeocodeResult } from '../../types/geo.js';
import { api } from './api-client.js';

export async function geoPermission(): Promise<GeoPermission> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return 'unsupported';
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export type LocateFailure = 'denied' | 'unavailable';

export class LocateError extends Error {
  constructor(readonly reason: LocateFailure) {
    super(reason);
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { maximumAge: GEOLOCATION_MAX_AGE_MS, timeout: 15_000, enableHighAccuracy: false }),
  );
}

/** Where the member is, as a place (false: at sea or nowhere near a town); a LocateError otherwise. */
export async function locateMe(): Promise<GeocodeResult> {
  let position: GeolocationPosition;
  try {
    position = await currentPosition();
  } catch (err) {
    const denied = (err as GeolocationPositionError | undefined)?.code === 1;
    throw new LocateError(denied ? 'denied' : 'unavailable');
  }
  const round = (v: number) => v.toFixed(2);
  const query = `lat=${round(position.coords.latitude)}&lon=${round(position.coords.longitude)}`;
  try {
    return await api<GeocodeResult>(`/api/geocode.php?${query}`, { retries: 2 });
  } catch {
    throw new LocateError('unavailable');
  }
}
