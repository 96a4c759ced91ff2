// Where a lander's map puts its people: one pin per place (the profiles of one city share it), a few
// pins as round photos with name and age, the others as dots. Photo markers are placed for the
// narrowest phone: no two overlap there, nor the visitor's ring, nor leave the map; wider screens
// only spread them further apart. The visitor's words go first (on the side of the ring that
// crowds the fewest places out); last, the names of the biggest towns wherever they still fit.
import type { MapLabel, MapPin, MapPlace, MapVisitor } from '../../../types/map.js';
import type { Point, Projection } from '../geo/map-geometry.js';

/** The map's width on a 360 px phone, in CSS px: it runs from edge to edge there (maplanding-map.css). */
const PHONE_MAP_PX = 360;
/**
 * Around its place, in CSS px (views/styles/parts/landers/maplanding-map.css): name and age at most
 * 108 px wide (a longer name gives way), the photo above the point, name and age (and a fictional
 * label) under the photo, the tail on the dot.
 */
const MARKER = { left: 54, right: 54, up: 80, down: 8 };
/** The same marker hanging under its place, where there is no room above. */
const MARKER_BELOW = { left: 54, right: 54, up: 8, down: 80 };
/** The middle of the visitor's ring: a marker may cover its edge (it is a rough area), not its middle. */
const RING_CORE = { left: 7, right: 7, up: 7, down: 7 };
/** The whole ring, where no town's name goes. */
const RING = { left: 18, right: 18, up: 18, down: 18 };
/** The visitor's words (at most 112 px wide, two lines, maplanding-map.css) beside the ring, in the order preferred. */
const LABELS: [NonNullable<MapVisitor['label']>, typeof RING_CORE][] = [
  ['below', { left: 58, right: 58, up: -12, down: 48 }],
  ['above', { left: 58, right: 58, up: 48, down: -12 }],
  ['right', { left: -12, right: 128, up: 20, down: 20 }],
  ['left', { left: 128, right: -12, up: 20, down: 20 }],
];
/** Photo markers on one map: enough to look alive, few enough to read. */
export const MAP_FEATURED = 5;
/** More on a desktop's map (maplanding.css: the map beside the words from 992 px, at least this wide). */
export const MAP_FEATURED_WIDE = 3;
const WIDE_MAP_PX = 520;
/** Town names on one map. */
export const MAP_LABELS = 6;
/** A town's name (0.68rem, maplanding-map.css): about this wide per letter, plus its dot; this tall. */
const LABEL = { perChar: 6.4, extra: 14, half: 9 };
/** Around a member's dot, where no town's name goes. */
const DOT = { left: 7, right: 7, up: 7, down: 7 };

export interface Person {
  id: number;
  latitude: number;
  longitude: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The pins of `people` (in the page's order) on a map, and the visitor's mark when `visitor` is on
 * it. People outside the map get no pin; the first of a place is the one its marker shows.
 */
export function placePins(
  people: Person[],
  projection: Projection,
  visitor: Point | null,
  towns: MapPlace[] = [],
): { pins: MapPin[]; visitor: MapVisitor | null; labels: MapLabel[] } {
  const { width, height } = projection;
  const unit = width / PHONE_MAP_PX;
  const onMap = ([x, y]: Point) => x >= 0 && y >= 0 && x <= width && y <= height;
  const pins = new Map<string, MapPin>();
  for (const person of people) {
    const [x, y] = projection.project(person.longitude, person.latitude);
    if (!onMap([x, y])) continue;
    const key = `${Math.round(x)},${Math.round(y)}`;
    const pin = pins.get(key);
    if (pin) pin.profileIds.push(person.id);
    else pins.set(key, { x: round(x), y: round(y), profileIds: [person.id], featured: null, below: false, wide: false });
  }
  const you = visitor ? projection.project(visitor[0], visitor[1]) : null;
  const youShown: MapVisitor | null = you && onMap(you) ? { x: round(you[0]), y: round(you[1]), label: null } : null;
  const inMap = (b: Box) => b.x0 >= 0 && b.y0 >= 0 && b.x1 <= width && b.y1 <= height;
  // The visitor's words are kept first, on the side that stands in the way of the fewest places.
  const youBoxes: Box[] = [];
  let youArea: (typeof RING_CORE)[] = [];
  if (youShown) {
    const sides = LABELS.map(([side, r]) => ({ side, box: boxAround(youShown, r, unit) })).filter((c) => inMap(c.box));
    const crowd = (b: Box) => [...pins.values()].filter((pin) => overlaps(b, boxAround(pin, MARKER, unit))).length;
    const side = sides.reduce<(typeof sides)[number] | null>((best, c) => (!best || crowd(c.box) < crowd(best.box) ? c : best), null);
    youShown.label = side?.side ?? null;
    youArea = [RING_CORE, ...(side ? [LABELS.find(([s]) => s === side.side)![1]] : [])];
    youBoxes.push(...youArea.map((r) => boxAround(youShown, r, unit)));
  }
  const markers = chooseMarkers([...pins.values()], unit, (b) => inMap(b) && !youBoxes.some((y) => overlaps(y, b)), MAP_FEATURED);
  // A desktop's map has room for more faces: placed for its width, clear of the phone's marks as
  // they stand there, shown from 992 px only.
  const wideUnit = width / WIDE_MAP_PX;
  const phoneMarks = [
    ...markers.map((m) => boxAround(m.pin, m.below ? MARKER_BELOW : MARKER, wideUnit)),
    ...(youShown ? youArea.map((r) => boxAround(youShown, r, wideUnit)) : []),
  ];
  chooseMarkers([...pins.values()], wideUnit, (b) => inMap(b) && !phoneMarks.some((m) => overlaps(m, b)), MAP_FEATURED_WIDE, true);
  const taken = [...markers.map((m) => m.box), ...youBoxes, ...(youShown ? [boxAround(youShown, RING, unit)] : [])];
  const free = (b: Box) => inMap(b) && !taken.some((t) => overlaps(t, b));
  for (const pin of pins.values()) taken.push(boxAround(pin, DOT, unit));
  return { pins: [...pins.values()], visitor: youShown, labels: placeLabels(towns, projection, unit, free, taken) };
}

/** The towns' names, biggest first, each right of its dot or else left of it, where nothing else is. */
function placeLabels(towns: MapPlace[], projection: Projection, unit: number, free: (b: Box) => boolean, taken: Box[]): MapLabel[] {
  const labels: MapLabel[] = [];
  for (const town of towns) {
    if (labels.length === MAP_LABELS) break;
    const [x, y] = projection.project(town.longitude, town.latitude);
    const w = town.name.length * LABEL.perChar + LABEL.extra;
    // The words start past a member's dot on the town itself: a town with members is named beside them.
    const right = boxAround({ x, y }, { left: -DOT.right, right: w, up: LABEL.half, down: LABEL.half }, unit);
    const left = boxAround({ x, y }, { left: w, right: -DOT.left, up: LABEL.half, down: LABEL.half }, unit);
    const box = free(right) ? right : free(left) ? left : null;
    if (!box) continue;
    labels.push({ name: town.name, x: round(x), y: round(y), side: box === right ? 'right' : 'left' });
    taken.push(box);
  }
  return labels;
}

interface Candidate {
  pin: MapPin;
  below: boolean;
  box: Box;
  order: number;
}

/**
 * As many photo markers as fit (up to MAP_FEATURED) without overlapping: each pin may stand above
 * or hang below its place; the candidate that blocks the fewest others goes first (so that a marker
 * in the middle of a crowd does not crowd out three), the page's order breaking ties.
 */
function chooseMarkers(pins: MapPin[], unit: number, fits: (b: Box) => boolean, most: number, wide = false): Candidate[] {
  let open: Candidate[] = pins.flatMap((pin, order) =>
    pin.featured !== null ? [] : [false, true].map((below) => ({ pin, below, order, box: boxAround(pin, below ? MARKER_BELOW : MARKER, unit) })).filter((c) => fits(c.box)),
  );
  const chosen: Candidate[] = [];
  const clash = (a: Candidate, b: Candidate) => a !== b && (a.pin === b.pin || overlaps(a.box, b.box));
  while (open.length && chosen.length < most) {
    const blocked = (c: Candidate) => open.filter((o) => clash(c, o)).length;
    const best = open.reduce((a, b) => (blocked(b) < blocked(a) || (blocked(b) === blocked(a) && b.order < a.order) ? b : a));
    chosen.push(best);
    best.pin.featured = best.pin.profileIds[0]!;
    best.pin.below = best.below;
    best.pin.wide = wide;
    open = open.filter((o) => o !== best && !clash(best, o));
  }
  return chosen;
}

function boxAround(p: { x: number; y: number }, r: typeof MARKER, unit: number): Box {
  return { x0: p.x - r.left * unit, y0: p.y - r.up * unit, x1: p.x + r.right * unit, y1: p.y + r.down * unit };
}

function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

const round = (v: number) => Math.round(v * 10) / 10;
