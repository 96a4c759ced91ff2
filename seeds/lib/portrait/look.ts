// A demo person's look: everything about their face and hair, drawn from their own seed only, so
// every photo of them shows the same person (only the setting, clothes, pose and light change).
import { Rng, darken, hashSeed, lighten, mix } from './svg.js';

export type Heritage =
  | 'north-european' | 'south-european' | 'african' | 'middle-eastern' | 'south-asian' | 'east-asian' | 'latin' | 'polynesian';

export interface PersonSpec {
  seed: number;
  gender: 'male' | 'female';
  age: number;
  /** The profile's hair_color attribute ('bald', 'gray', 'other', …). */
  hairColor: string;
  eyeColor?: string;
  heritage?: Heritage;
}

// Light to dark, warm natural tones.
const SKIN = [
  '#fde6d5', '#f7d8c2', '#f1caad', '#e9bb99', '#deaa84', '#cd9670', '#ba8259', '#a46c45', '#8a5636', '#70432a', '#58331f',
];
const SKIN_RANGE: Record<Heritage, [number, number]> = {
  'north-european': [0, 3], 'south-european': [2, 5], 'middle-eastern': [3, 6], latin: [3, 7], 'south-asian': [4, 8],
  'east-asian': [1, 4], polynesian: [5, 8], african: [6, 10],
};

const HAIR: Record<string, string> = {
  brunette: '#4a2c1f', blond: '#d9b36c', brown: '#74472b', white: '#e6e3de', black: '#1f1a1a', 'dark blond': '#a98252',
  'dark brown': '#38241a', gray: '#a3a09c', red: '#a9461f',
};
const DYED = ['#8e3b4f', '#5f4b8b', '#c9a27a', '#9b3a2e', '#3f5f8f', '#e8d9c0'];
const IRIS: Record<string, string> = { blue: '#4f7fb0', green: '#5d8a58', hazel: '#8a6a3a', brown: '#5a3a22' };

export const FEMALE_STYLES = ['long', 'bob', 'waves', 'bun', 'ponytail', 'curls', 'pixie', 'shoulder'] as const;
export const MALE_STYLES = ['crop', 'quiff', 'buzz', 'curly', 'swept', 'fringe'] as const;
export type FemaleStyle = (typeof FEMALE_STYLES)[number];
export type MaleStyle = (typeof MALE_STYLES)[number];
export type BeardKind = 'none' | 'stubble' | 'short' | 'full' | 'goatee' | 'moustache';

export interface Look {
  seed: number;
  female: boolean;
  age: number;
  skin: string;
  skinLight: string;
  skinShade: string;
  /** Hair colour; null when bald. */
  hair: string | null;
  hairBack: string;
  /** Colour of what grows at the sides of a bald head, and of a beard. */
  bodyHair: string;
  /** 0 to 1: grey at the temples (men) or streaks (women) over the natural colour. */
  greying: number;
  brow: string;
  browWidth: number;
  browArch: number;
  femaleStyle: FemaleStyle;
  maleStyle: MaleStyle;
  /** How far the hairline has gone back (men), in pixels. */
  receding: number;
  /** Bald men: shaved head or a horseshoe of hair at the sides. */
  horseshoe: boolean;
  beard: BeardKind;
  glasses: null | { frame: string; round: boolean; thin: boolean };
  earrings: null | { metal: string; hoop: boolean };
  freckles: boolean;
  iris: string;
  eyeWidth: number;
  eyeHeight: number;
  lip: string;
  lipFull: number;
  noseWidth: number;
  makeup: boolean;
  ponytailSide: 1 | -1;
  W: number; // half width of the face
  FT: number; // top of the skull
  FM: number; // widest line of the face
  CY: number; // chin
  EY: number; // eye line
  ED: number; // half distance between the eyes
  MY: number; // mouth line
  NW: number; // half width of the neck
  NB: number; // where the neck meets the shoulders
  jaw: number; // how square the jaw is
}

function hairBase(attr: string, female: boolean, rng: Rng): string | null {
  const key = attr.trim().toLowerCase().replace(/[_-]+/g, ' ').replace('grey', 'gray');
  if (key === 'bald') return null;
  if (key === 'other') return female ? rng.pick(DYED) : rng.pick(['#6e5d50', '#a0473f', '#c98f5a']);
  return HAIR[key] ?? HAIR.brown!;
}

export function buildLook(spec: PersonSpec): Look {
  const rng = new Rng(hashSeed(spec.seed, 1));
  const female = spec.gender === 'female';
  const age = Math.max(18, Math.min(80, Math.round(spec.age)));
  const heritage = spec.heritage ?? rng.pick(Object.keys(SKIN_RANGE) as Heritage[]);
  const [lo, hi] = SKIN_RANGE[heritage];
  const t = rng.float(lo, hi);
  const base = mix(SKIN[Math.floor(t)]!, SKIN[Math.min(SKIN.length - 1, Math.floor(t) + 1)]!, t % 1);
  const skin = heritage === 'east-asian' ? mix(base, '#f0cf9f', 0.18) : base;
  const attr = spec.hairColor.trim().toLowerCase().replace('grey', 'gray');
  const greyByAttribute = attr === 'gray' || attr === 'white';
  let hair = hairBase(spec.hairColor, female, rng);
  if (hair) hair = mix(hair, rng.chance(0.5) ? '#000000' : '#ffffff', rng.float(0, 0.08));
  // Greying over a natural colour comes with age only (never before about 45).
  const greying = greyByAttribute || !hair ? 0 : age < 45 ? 0 : Math.min(0.6, ((age - 44) / 25) * (female ? 0.5 : 1) * rng.float(0.6, 1.2));
  const darkHaired = ['african', 'middle-eastern', 'south-asian', 'east-asian', 'latin', 'polynesian'].includes(heritage);
  const natural = darkHaired ? '#241c1a' : rng.pick(['#4a2c1f', '#74472b', '#a98252', '#38241a']);
  const bodyHair = hair ?? (age >= 55 ? mix(natural, '#b5b2ad', Math.min(0.85, (age - 45) / 25)) : natural);
  const browSource = hair && !greyByAttribute ? hair : mix(natural, '#9a948e', greyByAttribute ? 0.5 : 0);
  const curlyHeritage = heritage === 'african' || (heritage === 'polynesian' && rng.chance(0.4));
  const femaleStyle: FemaleStyle = curlyHeritage
    ? rng.pick(['curls', 'curls', 'bun', 'ponytail', 'bob', 'long'] as const)
    : age >= 55
      ? rng.pick(['bob', 'pixie', 'shoulder', 'bun', 'waves'] as const)
      : rng.pick(FEMALE_STYLES.filter((s) => s !== 'curls' || rng.chance(0.3)));
  const maleStyle: MaleStyle = curlyHeritage
    ? rng.pick(['buzz', 'curly', 'buzz', 'crop'] as const)
    : age >= 50
      ? rng.pick(['crop', 'quiff', 'buzz', 'swept'] as const)
      : rng.pick(MALE_STYLES);
  const receding = !female && age >= 38 && rng.chance(Math.min(0.55, (age - 30) / 50)) ? rng.float(8, 10 + (age - 38) * 1.1) : 0;
  const beardChance = age < 23 ? 0.25 : age < 60 ? 0.5 : 0.4;
  const beard: BeardKind = female || !rng.chance(beardChance)
    ? 'none'
    : rng.pick(['stubble', 'stubble', 'short', 'full', 'goatee', ...(age > 35 ? (['moustache'] as const) : [])]);
  const glassesChance = age < 30 ? 0.14 : age < 45 ? 0.24 : age < 55 ? 0.4 : 0.6;
  const glasses = rng.chance(glassesChance)
    ? { frame: rng.pick(['#232020', '#6b4a2e', '#8a8f98', '#9c3b48', '#2f4858', '#b08d57']), round: rng.chance(0.35), thin: rng.chance(0.35) }
    : null;
  const earrings = female && rng.chance(0.7) ? { metal: rng.pick(['#e2b652', '#d8dde3', '#e8c77c']), hoop: rng.chance(0.45) } : null;
  const lightSkin = t < 3;
  const freckles = lightSkin && (attr === 'red' || attr.includes('blond')) && rng.chance(0.45);
  const eyeKey = (spec.eyeColor ?? rng.pick(Object.keys(IRIS))).toLowerCase();
  const iris = mix(IRIS[eyeKey] ?? IRIS.brown!, rng.chance(0.5) ? '#000000' : '#ffffff', rng.float(0, 0.15));
  const W = female ? rng.float(112, 121) : rng.float(121, 131);
  const FT = 250;
  const FM = 400;
  const CY = female ? rng.float(552, 566) : rng.float(566, 580);
  const EY = FM + rng.float(2, 12);
  const skinShade = mix(skin, '#7a3424', 0.24);
  const lipBase = female
    ? mix(skinShade, rng.pick(['#c0455a', '#b8524e', '#a8485e', '#c86a6a', '#b5645c']), rng.float(0.35, 0.6))
    : mix(skinShade, '#a0524a', 0.25);
  return {
    seed: spec.seed,
    female,
    age,
    skin,
    skinLight: lighten(skin, 0.14),
    skinShade,
    hair,
    hairBack: hair ? darken(hair, 0.2) : '#000000',
    bodyHair,
    greying,
    brow: mix(darken(browSource, 0.3), skin, 0.12),
    browWidth: (female ? 5.5 : 8) * rng.float(0.85, 1.2),
    browArch: rng.float(5, 11),
    femaleStyle,
    maleStyle,
    receding,
    horseshoe: !hair && age >= 40 && rng.chance(0.6),
    beard,
    glasses,
    earrings,
    freckles,
    iris,
    eyeWidth: (female ? 22 : 20) * rng.float(0.92, 1.08),
    eyeHeight: (female ? 12.5 : 10.5) * rng.float(0.9, 1.1) * (heritage === 'east-asian' ? 0.78 : 1),
    lip: lipBase,
    lipFull: rng.float(0.85, 1.2) * (heritage === 'african' ? 1.2 : 1),
    noseWidth: rng.float(0.85, 1.15) * (heritage === 'african' || heritage === 'polynesian' ? 1.2 : 1),
    makeup: female && rng.chance(0.55),
    ponytailSide: rng.chance(0.5) ? 1 : -1,
    W,
    FT,
    FM,
    CY,
    EY,
    ED: W * rng.float(0.4, 0.44),
    MY: EY + rng.float(94, 104),
    NW: female ? 42 : 54,
    NB: CY + (female ? 76 : 72),
    jaw: female ? rng.float(0.45, 0.56) : rng.float(0.62, 0.74),
  };
}

/** A random source for one part of the person (same values in every photo). */
export const personRng = (look: Look, part: number) => new Rng(hashSeed(look.seed, 100 + part));
