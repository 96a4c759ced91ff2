// One random demo profile's attributes, shared by the demo seed and the bench's large seed so both
// draw members the same way: a community of the country (names, language, heritage), a city where
// that language is spoken, an age, and looks (hair, eyes) that fit the heritage and the age. The
// picture generator gets the same facts (avatarSpecFor), so photo, age and attributes agree.
import { CITIES, COUNTRY_LANGUAGE, aboutTextsFor, type City, type DemoCountry, type DemoGender } from '../data/demo-people.js';
import { COMMUNITIES, type Community, type Heritage } from '../data/demo-names.js';
import { regionNames } from '../data/regions.js';
import type { AvatarSpec } from './avatar.js';

export type Rnd = () => number;

export const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

function weighted<T>(rnd: Rnd, items: readonly [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = rnd() * total;
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[0]![0];
}

const BODY: [string, number][] = [['slim', 30], ['normal', 55], ['fat', 15]];
const DAY = 86_400_000;

/** Weighted so both demo sites (English-speaking countries; NL and BE) have plenty of members. */
export const DEMO_COUNTRY_WEIGHTS: [DemoCountry, number][] = [
  ['NL', 18], ['BE', 8], ['GB', 16], ['US', 12], ['IE', 5], ['CA', 5], ['AU', 5], ['NZ', 3],
  ['DE', 7], ['AT', 3], ['CH', 3], ['FR', 5], ['IT', 4], ['ES', 4], ['PL', 4],
];

/** Mostly 22 to 55, most of them in their late twenties to forties; a few students and over-55s. */
function drawAge(rnd: Rnd): number {
  const r = rnd();
  if (r < 0.06) return 18 + Math.floor(rnd() * 4);
  if (r < 0.91) return 22 + Math.floor(34 * Math.pow((rnd() + rnd()) / 2, 1.15));
  return 56 + Math.floor(Math.pow(rnd(), 1.6) * 14);
}

function birthDate(rnd: Rnd, now: number, age: number): string {
  const d = new Date(now);
  const birthday = Date.UTC(d.getUTCFullYear() - age, d.getUTCMonth(), d.getUTCDate()) - (1 + Math.floor(rnd() * 364)) * DAY;
  return new Date(birthday).toISOString().slice(0, 10);
}

/**
 * A first name that fits the age: lists run from today's names to older generations' names, so a
 * young member is drawn from the front of the list and an older one from the back.
 */
function firstName(rnd: Rnd, names: readonly string[], age: number): string {
  const t = Math.min(1, Math.max(0, (age - 20) / 45));
  const span = 0.6;
  const at = t * (1 - span) + rnd() * span;
  return names[Math.min(names.length - 1, Math.floor(at * names.length))]!;
}

const DARK_HAIRED: Heritage[] = ['african', 'middle-eastern', 'south-asian', 'east-asian', 'latin', 'polynesian'];

/** Natural hair colour by heritage; greying and baldness are added for age in hairFor(). */
function naturalHair(rnd: Rnd, heritage: Heritage, gender: DemoGender): string {
  if (heritage === 'african' || heritage === 'east-asian') return weighted(rnd, [['black', 75], ['dark brown', 20], ['other', gender === 'female' ? 5 : 0]]);
  if (DARK_HAIRED.includes(heritage)) return weighted(rnd, [['black', 50], ['dark brown', 35], ['brunette', 10], ['other', gender === 'female' ? 5 : 0]]);
  if (heritage === 'south-european') {
    return weighted(rnd, [['dark brown', 30], ['black', 22], ['brunette', 22], ['brown', 14], ['dark blond', 5], ['blond', gender === 'female' ? 5 : 2], ['red', 1]]);
  }
  return weighted(rnd, [
    ['blond', gender === 'female' ? 20 : 12], ['dark blond', 18], ['brown', 22], ['brunette', 14], ['dark brown', 14],
    ['red', 5], ['black', 4], ['other', gender === 'female' ? 4 : 1],
  ]);
}

/** The hair colour attribute: grey or white only from the late forties, bald only for men over 30. */
function hairFor(rnd: Rnd, heritage: Heritage, gender: DemoGender, age: number): string {
  const natural = naturalHair(rnd, heritage, gender);
  const r = rnd();
  if (gender === 'male') {
    const bald = age < 30 ? 0 : age < 40 ? 0.04 : age < 50 ? 0.1 : age < 60 ? 0.16 : 0.22;
    if (r < bald) return 'bald';
  }
  // Women colour their hair more often, so fewer show grey.
  const grey = (age < 47 ? 0 : age < 52 ? 0.2 : age < 58 ? 0.45 : age < 63 ? 0.65 : 0.8) * (gender === 'female' ? 0.55 : 1);
  if (rnd() < grey) return age >= 60 && rnd() < 0.35 ? 'white' : 'gray';
  return natural;
}

function eyesFor(rnd: Rnd, heritage: Heritage): string {
  if (DARK_HAIRED.includes(heritage)) return weighted(rnd, [['brown', 88], ['hazel', 12]]);
  if (heritage === 'south-european') return weighted(rnd, [['brown', 55], ['hazel', 22], ['green', 12], ['blue', 11]]);
  return weighted(rnd, [['blue', 38], ['green', 14], ['hazel', 16], ['brown', 32]]);
}

function relationshipFor(rnd: Rnd, age: number): string {
  if (age < 26) return weighted(rnd, [['single', 90], ['unmarried', 10]]);
  if (age < 40) return weighted(rnd, [['single', 70], ['divorced', 8], ['unmarried', 10], ['living together', 6], ['married', 6]]);
  return weighted(rnd, [['single', 38], ['divorced', 32], ['widowed', age >= 50 ? 12 : 3], ['unmarried', 6], ['living together', 4], ['married', 8]]);
}

/** Cities where the community's language is spoken (all of them if none is marked for it). */
function citiesFor(country: DemoCountry, language: Community['language']): City[] {
  const all = CITIES[country];
  const spoken = all.filter((c) => (c.language ?? COUNTRY_LANGUAGE[country]) === language);
  return spoken.length ? spoken : all;
}

const aboutCache = new Map<string, string[]>();
const regionCache = new Map<string, Set<string>>();

function aboutFor(language: Community['language'], gender: DemoGender, age: number): string[] {
  const key = `${language}:${gender}:${age}`;
  let list = aboutCache.get(key);
  if (!list) aboutCache.set(key, (list = aboutTextsFor(language, gender, age)));
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
  eyeColor: string;
  heritage: Heritage;
  age: number;
  /** Seeds this person's face; every photo of them uses it. */
  lookSeed: number;
}

export function demoProfile(rnd: Rnd, now: number, weights = DEMO_COUNTRY_WEIGHTS): DemoProfile {
  const country = weighted(rnd, weights);
  const group = weighted(rnd, COMMUNITIES[country].map((c) => [c, c.weight] as [Community, number]));
  const gender: DemoGender = rnd() < 0.6 ? 'female' : 'male';
  const age = drawAge(rnd);
  const place = pick(rnd, citiesFor(country, group.language));
  const hair = hairFor(rnd, group.heritage, gender, age);
  const eyes = eyesFor(rnd, group.heritage);
  const about = aboutFor(group.language, gender, age);
  return {
    gender,
    hairColor: hair,
    eyeColor: eyes,
    heritage: group.heritage,
    age,
    lookSeed: Math.floor(rnd() * 2 ** 31),
    row: {
      user_id: null,
      is_fictional: rnd() < 0.35,
      name: firstName(rnd, group[gender], age),
      gender,
      sexuality: rnd() < 0.88 ? 'hetero' : gender === 'female' ? pick(rnd, ['lesbian', 'bi']) : pick(rnd, ['gay', 'bi']),
      birth_date: birthDate(rnd, now, age),
      country,
      region: regionsOf(country).has(place.region) ? place.region : null,
      city: place.city,
      about: rnd() < 0.9 ? pick(rnd, about) : null,
      hair_color: hair,
      eye_color: eyes,
      body_type: weighted(rnd, BODY),
      relationship_status: relationshipFor(rnd, age),
      tattoos: rnd() < (age < 40 ? 0.35 : 0.18),
      appearance: rnd() < 0.5 ? 'sexy' : 'normal',
      race: group.heritage === 'north-european' || group.heritage === 'south-european' ? 'white' : 'other',
      language: group.language,
    },
  };
}

/** The picture of one of this person's photos: same face in every photo, another setting each time. */
export function avatarSpecFor(demo: DemoProfile, photo: number): AvatarSpec {
  return { seed: demo.lookSeed, gender: demo.gender, age: demo.age, hairColor: demo.hairColor, eyeColor: demo.eyeColor, heritage: demo.heritage, variant: photo };
}
