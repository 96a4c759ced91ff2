// Small helpers for drawing the demo portraits as SVG: seeded randomness, colours and smooth paths.
import { mulberry32 } from '../prng.js';

export const WIDTH = 720;
export const HEIGHT = 960;
export const CX = WIDTH / 2;

export type Pt = [number, number];

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from empty list');
    return item;
  }
}

/** A well-spread 32-bit seed from a few integers (so seed 7 photo 1 and seed 8 photo 0 differ). */
export function hashSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

export function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const channel = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  const value = (channel(16) << 16) | (channel(8) << 8) | channel(0);
  return `#${value.toString(16).padStart(6, '0')}`;
}
export const darken = (c: string, t: number) => mix(c, '#1a1014', t);
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

/** Rounds coordinates so the SVG stays small. */
export const r1 = (v: number) => Math.round(v * 10) / 10;

/** Smooth path through points (Catmull-Rom converted to cubic Béziers). */
export function smooth(points: Pt[], closed = true, tension = 1): string {
  const n = points.length;
  const at = (i: number): Pt => {
    const index = closed ? (i + n) % n : Math.max(0, Math.min(n - 1, i));
    return points[index] ?? [0, 0];
  };
  const first = at(0);
  let d = `M${r1(first[0])},${r1(first[1])}`;
  const segments = closed ? n : n - 1;
  for (let i = 0; i < segments; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1x = p1[0] + ((p2[0] - p0[0]) / 6) * tension;
    const c1y = p1[1] + ((p2[1] - p0[1]) / 6) * tension;
    const c2x = p2[0] - ((p3[0] - p1[0]) / 6) * tension;
    const c2y = p2[1] - ((p3[1] - p1[1]) / 6) * tension;
    d += `C${r1(c1x)},${r1(c1y)} ${r1(c2x)},${r1(c2y)} ${r1(p2[0])},${r1(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** Mirrors a layer around the vertical centre line (faces are drawn as one half, then mirrored). */
export const MIRROR = `transform="matrix(-1 0 0 1 ${WIDTH} 0)"`;
export const mirrored = (half: string) => `${half}<g ${MIRROR}>${half}</g>`;

/** A vertical gradient definition. */
export function vGradient(id: string, stops: [number, string, number?][], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('')}</linearGradient>`;
}

export function rGradient(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5, userSpace = ''): string {
  return `<radialGradient id="${id}" cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}"${userSpace}>${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('')}</radialGradient>`;
}
