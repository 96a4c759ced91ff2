// Messages between the app and the geo worker.
export interface LocateItem {
  country: string;
  regionCode: string | null;
  city: string | null;
}

export type GeoQuery =
  | { op: 'reverse'; lat: number; lon: number; lng?: string }
  | { op: 'locate'; items: LocateItem[] }
  | { op: 'centroid'; country: string; regionCode: string | null };

export type GeoRequest = GeoQuery & { id: number };

export type GeoResponse = { ready: true } | { id: number; result: unknown } | { id: number; error: string };
