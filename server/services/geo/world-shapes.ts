// Country shapes for the server-drawn maps: Natural Earth's 1:50m countries (the world-atlas
// package: TopoJSON, public domain data), decoded once per process on first use (in the geo
// worker). A country's "mainland" is where its map is centred: its largest piece of land and the
// islands close to it (Great Britain with Northern Ireland, France with Corsica; not Alaska, Hawaii
// or French Guiana). @rapideditor/country-coder's borders serve lookups only: they run far out to
// sea, so drawn they are boxes, not coastlines.
import { createRequire } from 'node:module';
import { iso1N3Code } from '@rapideditor/country-coder';
import type { GeoBox, MapShapes } from '../../../types/map.js';
import { boxOf, intersects, pathOf, projectionOf, ringArea2, unionOf, type Point, type Polygon } from './map-geometry.js';

interface TopoGeometry {
  type: 'Polygon' | 'MultiPolygon' | null;
  id?: string;
  arcs?: number[][] | number[][][];
}

export interface Topology {
  arcs: [number, number][][];
  transform: { scale: [number, number]; translate: [number, number] };
  objects: { countries: { geometries: TopoGeometry[] } };
}

interface Country {
  /** ISO 3166-1 numeric, as Natural Earth gives it (a few disputed lands have none). */
  id: string | null;
  polygons: Polygon[];
  box: GeoBox;
}

/** A piece of land within this many of the largest piece's radii from its middle belongs to the mainland. */
const MAINLAND_REACH = 1.6;
/** Smaller pieces than this share of the largest do not move the mainland's box. */
const MAINLAND_MIN_SHARE = 0.002;

/**
 * How finely the shapes are drawn, finest first, in viewBox units: about a pixel of a phone's map,
 * coarser where a country's coast has thousands of islands (Canada) or the map shows the world,
 * until the path fits its budget (characters; the faint neighbours get less).
 */
const DETAIL = [
  { tolerance: 0.9, minArea: 5, margin: 4 },
  { tolerance: 1.3, minArea: 14, margin: 4 },
  { tolerance: 1.8, minArea: 36, margin: 4 },
  { tolerance: 2.6, minArea: 90, margin: 4 },
];
const LAND_BUDGET = 3500;
const NEIGHBOURS_BUDGET = 2500;
/** Antarctica: never in view of a site's country, and its outline runs along the edge of the world. */
const ANTARCTICA = '010';

export function loadWorldShapes(): WorldShapes {
  const require = createRequire(import.meta.url);
  return new WorldShapes(require('world-atlas/countries-50m.json') as Topology);
}

export class WorldShapes {
  private readonly countries: Country[];
  private readonly byId = new Map<string, Country>();

  constructor(topology: Topology) {
    const arcs = decodeArcs(topology);
    this.countries = topology.objects.countries.geometries.filter((g) => g.id !== ANTARCTICA).flatMap((g) => {
      const polygons = polygonsOf(g, arcs);
      const box = boxOf(polygons.flatMap((p) => p[0]!));
      return box ? [{ id: g.id ?? null, polygons, box }] : [];
    });
    // Natural Earth keeps some territories apart under their country's number (Ashmore and Cartier under Australia's).
    for (const c of this.countries) {
      const known = c.id ? this.byId.get(c.id) : undefined;
      if (known) this.byId.set(c.id!, { ...known, polygons: [...known.polygons, ...c.polygons], box: unionOf(known.box, c.box) });
      else if (c.id) this.byId.set(c.id, c);
    }
  }

  /** The box around the mainlands of these countries (ISO alpha-2); null when none is known. */
  mainlandBox(codes: string[]): GeoBox | null {
    const boxes = codes.map((code) => this.country(code)).flatMap((c) => (c ? [mainlandOf(c.polygons)] : []));
    return boxes.length ? boxes.reduce(unionOf) : null;
  }

  /** The land in a box: `highlight`'s countries (ISO alpha-2) as `land`, all others in view as `neighbours`. */
  shapes(box: GeoBox, highlight: string[]): MapShapes {
    const projection = projectionOf(box);
    const mine = new Set(highlight.map((code) => iso1N3Code(code)));
    const inView = this.countries.filter((c) => intersects(c.box, box));
    const draw = (list: Country[], budget: number, from = 0): string => {
      const polygons = list.flatMap((c) => c.polygons.filter((p) => intersects(boxOf(p[0]!)!, box)));
      let d = '';
      for (const detail of DETAIL.slice(from)) if ((d = pathOf(polygons, projection, detail)).length <= budget) break;
      return d;
    };
    return {
      width: projection.width,
      height: projection.height,
      land: draw(inView.filter((c) => mine.has(c.id)), LAND_BUDGET),
      neighbours: draw(inView.filter((c) => !mine.has(c.id)), NEIGHBOURS_BUDGET, 1),
    };
  }

  private country(code: string): Country | undefined {
    const id = iso1N3Code(code);
    return id ? this.byId.get(id) : undefined;
  }
}

/** Arcs in degrees: TopoJSON keeps them quantized, each point relative to the one before. */
function decodeArcs(t: Topology): Point[][] {
  const [sx, sy] = t.transform.scale;
  const [tx, ty] = t.transform.translate;
  return t.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]): Point => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
  });
}

/**
 * A ring from its arcs: ~i is arc i backwards; consecutive arcs share their end point. A ring that
 * crosses the date line (Russia's east, Fiji) continues past 180° rather than jumping back to -180°.
 */
function ringOf(indexes: number[], arcs: Point[][]): Point[] {
  const ring: Point[] = [];
  for (const i of indexes) {
    const arc = i < 0 ? [...arcs[~i]!].reverse() : arcs[i]!;
    ring.push(...(ring.length ? arc.slice(1) : arc));
  }
  const crosses = ring.some((p, k) => k > 0 && Math.abs(p[0] - ring[k - 1]![0]) > 180);
  return crosses ? ring.map(([lon, lat]): Point => [lon < 0 ? lon + 360 : lon, lat]) : ring;
}

function polygonsOf(g: TopoGeometry, arcs: Point[][]): Polygon[] {
  if (g.type === 'Polygon') return [(g.arcs as number[][]).map((r) => ringOf(r, arcs))];
  if (g.type === 'MultiPolygon') return (g.arcs as number[][][]).map((p) => p.map((r) => ringOf(r, arcs)));
  return [];
}

/** The box of a country's largest piece of land and the pieces near it. */
function mainlandOf(polygons: Polygon[]): GeoBox {
  const pieces = polygons.map((p) => {
    const box = boxOf(p[0]!)!;
    const cos = Math.cos((((box.north + box.south) / 2) * Math.PI) / 180);
    const area = Math.abs(ringArea2(p[0]!)) * cos;
    return { box, cos, area, mid: [(box.west + box.east) / 2, (box.south + box.north) / 2] as Point };
  });
  const largest = pieces.reduce((a, b) => (b.area > a.area ? b : a));
  const radius = Math.hypot((largest.box.east - largest.box.west) * largest.cos, largest.box.north - largest.box.south) / 2;
  const near = (p: (typeof pieces)[number]) =>
    p.area >= largest.area * MAINLAND_MIN_SHARE && Math.hypot((p.mid[0] - largest.mid[0]) * largest.cos, p.mid[1] - largest.mid[1]) <= radius * MAINLAND_REACH;
  return pieces.filter(near).map((p) => p.box).reduce(unionOf);
}
