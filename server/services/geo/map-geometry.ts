// Plane geometry for the server-drawn maps (types/map.ts): an equirectangular projection scaled by
// the cosine of the box's middle latitude (true to shape at the scale of a country), and what
// keeps a country's path down to a few kilobytes: clipping to the view, Douglas-Peucker
// simplification to about a unit of the viewBox, whole-unit relative path commands.
import type { GeoBox } from '../../../types/map.js';

/** Every map is drawn this many units wide; its height follows from the box. */
export const MAP_WIDTH = 600;

export type Point = [number, number];
/** A polygon: its outer ring, then its holes; [longitude, latitude] points. */
export type Polygon = Point[][];

const RAD = Math.PI / 180;

export interface Projection {
  width: number;
  height: number;
  /** [longitude, latitude] → [x, y] in viewBox units (y down). */
  project(lon: number, lat: number): Point;
}

export function projectionOf(box: GeoBox, width = MAP_WIDTH): Projection {
  const cos = Math.cos(((box.north + box.south) / 2) * RAD);
  const k = width / ((box.east - box.west) * cos);
  return {
    width,
    height: Math.round((box.north - box.south) * k),
    project: (lon, lat) => [(lon - box.west) * cos * k, (box.north - lat) * k],
  };
}

/** Width over height of a box once projected. */
export function aspectOf(box: GeoBox): number {
  return ((box.east - box.west) * Math.cos(((box.north + box.south) / 2) * RAD)) / (box.north - box.south);
}

/** The smallest box holding every point, or null for none. */
export function boxOf(points: Iterable<Point>): GeoBox | null {
  let box: GeoBox | null = null;
  for (const [lon, lat] of points) {
    if (!box) box = { west: lon, south: lat, east: lon, north: lat };
    else {
      box.west = Math.min(box.west, lon);
      box.east = Math.max(box.east, lon);
      box.south = Math.min(box.south, lat);
      box.north = Math.max(box.north, lat);
    }
  }
  return box;
}

export function unionOf(a: GeoBox, b: GeoBox): GeoBox {
  return { west: Math.min(a.west, b.west), south: Math.min(a.south, b.south), east: Math.max(a.east, b.east), north: Math.max(a.north, b.north) };
}

export function intersects(a: GeoBox, b: GeoBox): boolean {
  return a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;
}

/**
 * The box to draw around `box`: at least `minSpan` degrees of latitude tall, `pad` of its size
 * added on every side, then widened or heightened to an aspect between `minAspect` and
 * `maxAspect` (a phone-friendly shape), kept within the poles and the date line.
 */
export function frameAround(box: GeoBox, o: { pad: number; minSpan: number; minAspect: number; maxAspect: number }): GeoBox {
  const midLat = (box.north + box.south) / 2;
  const midLon = (box.east + box.west) / 2;
  const cos = Math.cos(midLat * RAD);
  let h = Math.max(box.north - box.south, o.minSpan) * (1 + 2 * o.pad);
  let w = Math.max(box.east - box.west, o.minSpan / cos) * (1 + 2 * o.pad);
  const aspect = (w * cos) / h;
  if (aspect < o.minAspect) w = (h * o.minAspect) / cos;
  if (aspect > o.maxAspect) h = (w * cos) / o.maxAspect;
  const [south, north] = within(midLat - h / 2, h, -85, 85);
  const [west, east] = within(midLon - w / 2, w, -180, 180);
  return { west, south, east, north };
}

/** [start, start + size] moved inside [min, max] (and cut to it when larger). */
function within(start: number, size: number, min: number, max: number): [number, number] {
  const s = Math.max(min, Math.min(start, max - size));
  return [s, Math.min(s + size, max)];
}

/** Sutherland-Hodgman: the part of a ring inside the rectangle (its edges may run along the rectangle's). */
export function clipRing(ring: Point[], x0: number, y0: number, x1: number, y1: number): Point[] {
  const edges: [(p: Point) => boolean, (a: Point, b: Point) => Point][] = [
    [(p) => p[0] >= x0, (a, b) => [x0, a[1] + ((b[1] - a[1]) * (x0 - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= x1, (a, b) => [x1, a[1] + ((b[1] - a[1]) * (x1 - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= y0, (a, b) => [a[0] + ((b[0] - a[0]) * (y0 - a[1])) / (b[1] - a[1]), y0]],
    [(p) => p[1] <= y1, (a, b) => [a[0] + ((b[0] - a[0]) * (y1 - a[1])) / (b[1] - a[1]), y1]],
  ];
  let out = ring;
  for (const [inside, cut] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!;
      const prev = input[(i + input.length - 1) % input.length]!;
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cut(prev, cur));
    }
    if (!out.length) return out;
  }
  return out;
}

/** Douglas-Peucker: the points that keep the line within `tolerance` of where it was. */
export function simplifyLine(points: Point[], tolerance: number): Point[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const t2 = tolerance * tolerance;
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let far = -1;
    let farD = t2;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance2(points[i]!, points[first]!, points[last]!);
      if (d > farD) [far, farD] = [i, d];
    }
    if (far < 0) continue;
    keep[far] = 1;
    stack.push([first, far], [far, last]);
  }
  return points.filter((_, i) => keep[i]);
}

function segmentDistance2(p: Point, a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2)) : 0;
  const [ex, ey] = [p[0] - a[0] - t * dx, p[1] - a[1] - t * dy];
  return ex * ex + ey * ey;
}

/** Twice the signed area of a ring (shoelace). */
export function ringArea2(ring: Point[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

/**
 * Polygons as SVG path data on a projection: clipped to the view (with a margin, so that no cut
 * edge shows), simplified, in whole units, rings smaller than `minArea` square units left out.
 */
export function pathOf(polygons: Polygon[], p: Projection, o: { tolerance: number; minArea: number; margin: number }): string {
  let d = '';
  for (const polygon of polygons) {
    for (const ring of polygon) {
      const projected = ring.map(([lon, lat]) => p.project(lon, lat));
      const clipped = clipRing(projected, -o.margin, -o.margin, p.width + o.margin, p.height + o.margin);
      if (clipped.length < 3 || Math.abs(ringArea2(clipped)) / 2 < o.minArea) continue;
      d += encodeRing(simplifyLine([...clipped, clipped[0]!], o.tolerance));
    }
  }
  return d;
}

/** "M12 34l3-2 4 1…z": whole units, each step relative to the last rounded point. */
export function encodeRing(points: Point[]): string {
  const rounded: Point[] = [];
  for (const [x, y] of points) {
    const r: Point = [Math.round(x), Math.round(y)];
    const last = rounded[rounded.length - 1];
    if (!last || last[0] !== r[0] || last[1] !== r[1]) rounded.push(r);
  }
  if (rounded.length > 1 && rounded[0]![0] === rounded[rounded.length - 1]![0] && rounded[0]![1] === rounded[rounded.length - 1]![1]) rounded.pop();
  if (rounded.length < 3) return '';
  let d = `M${rounded[0]![0]} ${rounded[0]![1]}l`;
  for (let i = 1; i < rounded.length; i++) {
    const dx = rounded[i]![0] - rounded[i - 1]![0];
    const dy = rounded[i]![1] - rounded[i - 1]![1];
    d += `${i > 1 && dx >= 0 ? ' ' : ''}${dx}${dy >= 0 ? ' ' : ''}${dy}`;
  }
  return `${d}z`;
}
