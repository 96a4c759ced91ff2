// One random demo profile's attributes, shared by the demo seed and the bench's large seed so both
// draw members the same way (names, places and texts that fit country and gender).
import { CITIES, COUNTRY_LANGUAGE, FIRST_NAMES, aboutTextsFor, type DemoCountry, type DemoGender } from '../data/demo-people.js';
import { regionNames } from '../data/regions.js';

export type Rnd = () => number;

export const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

const HAIR = ['brunette', 'blond', 'brown', 'black', 'dark blond', 'dark brown', 'red', 'gray', 'white', 'bald', 'other'];
const EYES = ['blue', 'green', 'hazel', 'brown'];
const BODY = ['slim', 'normal', 'fat'];
const RELATIONSHIP = ['single', 'single', 'single', 'divorced', 'unmarried', 'widowed', 'living together', 'married'];
const DAY = 86_400_000;

/** Weighted so both demo sites (English-speaking countries; NL and BE) have plenty of members. */
export const DEMO_COUNTRY_WEIGHTS: [DemoCountry, number][] = [
  ['NL', 18], ['BE', 8], ['GB', 16], ['US', 12], ['IE', 5], ['CA', 5], ['AU', 5], ['NZ', 3],
  ['DE', 7], ['AT', 3], ['CH', 3], ['FR', 5], ['IT', 4], ['ES', 4], ['PL', 4],
];

function weightedCountry(rnd: Rnd, weights: [DemoCountry, number][]): DemoCountry {
  const total = weights.reduce((s, [, w]) => s + w, 0);
  let x = rnd() * total;
  for (const [c, w] of weights) if ((x -= w) < 0) return c;
  return weights[0]![0];
}

/** Someone aged 18 to 65 today, younger members more common. */
function birthDate(rnd: Rnd, now: number): { birthDate: string; age: number } {
  const age = 18 + Math.floor(Math.pow(rnd(), 1.4) * 48);
  const d = new Date(now);
  const birthday = Date.UTC(d.getUTCFullYear() - age, d.getUTCMonth(), d.getUTCDate()) - (1 + Math.floor(rnd() * 364)) * DAY;
  return { birthDate: new Date(birthday).toISOString().slice(0, 10), age };
}

const aboutCache = new Map<string, string[]>();
const regionCache = new Map<string, Set<string>>();

function aboutFor(country: DemoCountry, gender: DemoGender): string[] {
  const key = `${country}:${gender}`;
  let list = aboutCache.get(key);
  if (!list) aboutCache.set(key, (list = aboutTextsFor(COUNTRY_LANGUAGE[country], gender)));
  return list;
}

function regionsOf(country: DemoCountry): Set<string> {
  let set = regionCache.get(country);
  if (!set) regionCache.set(country, (set = new Set(regionNames(country))));
  return set;
}

export interface DemoProfile {
  /** Columns of the profiles row (without ids, photos and timestamps). */
  row: Record<string, string | number | boolean | null>;
  gender: DemoGender;
  hairColor: string;
  age: number;
}

export function demoProfile(rnd: Rnd, now: number, weights = DEMO_COUNTRY_WEIGHTS): DemoProfile {
  const country = weightedCountry(rnd, weights);
  const gender: DemoGender = rnd() < 0.6 ? 'female' : 'male';
  const place = pick(rnd, CITIES[country]);
  const hair = pick(rnd, gender === 'female' ? HAIR.filter((h) => h !== 'bald') : HAIR);
  const born = birthDate(rnd, now);
  return {
    gender,
    hairColor: hair,
    age: born.age,
    row: {
      user_id: null,
      is_fictional: rnd() < 0.35,
      name: pick(rnd, FIRST_NAMES[country][gender]),
      gender,
      sexuality: rnd() < 0.88 ? 'hetero' : gender === 'female' ? pick(rnd, ['lesbian', 'bi']) : pick(rnd, ['gay', 'bi']),
      birth_date: born.birthDate,
      country,
      region: regionsOf(country).has(place.region) ? place.region : null,
      city: place.city,
      about: rnd() < 0.9 ? pick(rnd, aboutFor(country, gender)) : null,
      hair_color: hair,
      eye_color: pick(rnd, EYES),
      body_type: pick(rnd, BODY),
      relationship_status: pick(rnd, RELATIONSHIP),
      tattoos: rnd() < 0.3,
      appearance: rnd() < 0.5 ? 'sexy' : 'normal',
      race: rnd() < 0.7 ? 'white' : 'other',
      language: COUNTRY_LANGUAGE[country],
    },
  };
}
