// Messages between the app and the geo worker.
import type { GeoBox } from '../../../types/map.js';

export interface LocateItem {
  country: string;
  regionCode: string | null;
  city: string | null;
}

export type GeoQuery =
  | { op: 'reverse'; lat: number; lon: number; lng?: string }
  | { op: 'locate'; items: LocateItem[] }
  | { op: 'centroid'; country: string; regionCode: string | null }
  | { op: 'mainland'; countries: string[] }
  | { op: 'mapShapes'; box: GeoBox; highlight: string[] }
  | { op: 'mapPlaces'; box: GeoBox; countries: string[]; limit: number }
  | { op: 'regionBox'; country: string; regionCode: string };

export type GeoRequest = GeoQuery & { id: number };

export type GeoResponse = { ready: true } | { id: number; result: unknown } | { id: number; error: string };
