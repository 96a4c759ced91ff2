// Deterministic illustrated demo profile pictures, drawn as SVG and rendered locally with sharp.
import sharp from 'sharp';
import { mulberry32 } from './prng.js';

export interface AvatarSpec {
  seed: number;
  gender: 'male' | 'female';
  hairColor: string;
  ageGroup: 'young' | 'middle' | 'older';
  variant: number;
}

const WIDTH = 720;
const HEIGHT = 960;
const CX = WIDTH / 2;

// ---------------------------------------------------------------------------------------------
// Randomness and colour helpers

class Rng {
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

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  const value = (channel(16) << 16) | (channel(8) << 8) | channel(0);
  return `#${value.toString(16).padStart(6, '0')}`;
}
const darken = (c: string, t: number) => mix(c, '#1a1014', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

/** Rounds coordinates so the SVG stays small. */
const r1 = (v: number) => Math.round(v * 10) / 10;

type Pt = [number, number];

/** Smooth path through points (Catmull-Rom converted to cubic Béziers). */
function smooth(points: Pt[], closed = true, tension = 1): string {
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

const MIRROR = `transform="matrix(-1 0 0 1 ${WIDTH} 0)"`;

// ---------------------------------------------------------------------------------------------
// Palettes

const SKIN_TONES: readonly string[] = [
  '#fbe3d3', '#f6d5bf', '#f1c9a9', '#e8b992', '#d9a47a', '#c68b5f', '#a9704a', '#8d5737', '#6f4029',
];

const HAIR_COLORS: Record<string, string> = {
  brunette: '#4f3022',
  blond: '#e4c07a',
  brown: '#7b4a2b',
  white: '#ebe8e2',
  black: '#221c1c',
  'dark blond': '#b68c52',
  'dark brown': '#3b251b',
  gray: '#9c9a98',
  red: '#b5481f',
};
const FANCY_HAIR: readonly string[] = ['#b8577f', '#7d5fa8', '#e9dcc4', '#a0473f', '#4a6fa5'];
const NATURAL_OTHER_HAIR: readonly string[] = ['#a0473f', '#e9dcc4', '#6e5d50', '#c98f5a'];

const BACKGROUNDS: readonly [string, string, string][] = [
  ['#fde8e4', '#f9cfd3', '#f4aab6'],
  ['#e4f1ee', '#c5e3df', '#8fcac1'],
  ['#fff3e4', '#fddcc0', '#f7b98b'],
  ['#e6ebfd', '#cfd9fb', '#a5b6f2'],
  ['#eef5e1', '#d6e7bf', '#b1d08e'],
  ['#f3eee9', '#e2d6cb', '#c8b29f'],
  ['#f0e8f8', '#ddcdf1', '#bca4e4'],
  ['#e3f3f8', '#c3e3ef', '#8ccbe1'],
  ['#fff6db', '#fde7a8', '#f7cf6a'],
  ['#fbe9f2', '#f5cde1', '#e9a3c5'],
];

const CLOTH_COLORS: readonly string[] = [
  '#2f4858', '#33658a', '#5d8fb8', '#e0a33a', '#d9643a', '#5e548e', '#9f86c0', '#e07a5f', '#3d405b',
  '#6fa387', '#264653', '#2a9d8f', '#c94f4f', '#b56576', '#355070', '#f4f1ea', '#2b2b2e', '#8c6e54',
];

const EYE_COLORS: readonly string[] = ['#4f7cac', '#5b8a5a', '#8a6a3a', '#5a3a22', '#3b2418', '#6f8fa8'];

function hairBase(hairColor: string, female: boolean, rng: Rng): string | null {
  const key = hairColor.trim().toLowerCase().replace(/[_-]+/g, ' ').replace('grey', 'gray');
  if (key === 'bald') return null;
  if (key === 'other') return rng.pick(female ? FANCY_HAIR : NATURAL_OTHER_HAIR);
  return HAIR_COLORS[key] ?? '#7b4a2b';
}

// ---------------------------------------------------------------------------------------------
// The face geometry shared by all layers

interface Look {
  female: boolean;
  age: AvatarSpec['ageGroup'];
  skin: string;
  skinShade: string;
  hair: string | null;
  hairBack: string;
  brow: string;
  W: number; // half width of the face
  FT: number; // top of the skull
  FM: number; // widest line of the face
  CY: number; // chin
  EY: number; // eye line
  ED: number; // half distance between the eyes
  MY: number; // mouth line
  NW: number; // half width of the neck
  NB: number; // where the neck meets the shoulders
}

function buildLook(spec: AvatarSpec, rng: Rng): Look {
  const female = spec.gender === 'female';
  const skin = rng.pick(SKIN_TONES);
  let hair = hairBase(spec.hairColor, female, rng);
  if (hair && spec.ageGroup !== 'young' && !['#ebe8e2', '#9c9a98'].includes(hair)) {
    hair = mix(hair, '#b9b6b1', spec.ageGroup === 'older' ? rng.float(0.3, 0.5) : rng.float(0, 0.12));
  }
  const W = female ? rng.float(114, 122) : rng.float(124, 132);
  const FT = 250;
  const FM = 400;
  const CY = female ? rng.float(556, 566) : rng.float(568, 578);
  const EY = FM + rng.float(4, 12);
  const browSource = hair ?? (spec.ageGroup === 'older' ? '#8e8a86' : '#3b2a22');
  return {
    female,
    age: spec.ageGroup,
    skin,
    skinShade: mix(skin, '#8a3f2c', 0.22),
    hair,
    hairBack: hair ? darken(hair, 0.18) : '#000000',
    brow: mix(darken(browSource, 0.35), skin, 0.12),
    W,
    FT,
    FM,
    CY,
    EY,
    ED: W * rng.float(0.4, 0.44),
    MY: EY + rng.float(96, 104),
    NW: female ? 43 : 54,
    NB: CY + (female ? 82 : 76),
  };
}

// ---------------------------------------------------------------------------------------------
// Background

function background(rng: Rng): string {
  const [c1, c2, c3] = rng.pick(BACKGROUNDS);
  const angle = rng.float(0, 1);
  const blobCenter: Pt = [rng.chance(0.5) ? rng.float(60, 180) : rng.float(540, 660), rng.float(90, 260)];
  const blob: Pt[] = [];
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    const radius = rng.float(90, 150);
    blob.push([blobCenter[0] + Math.cos(a) * radius, blobCenter[1] + Math.sin(a) * radius]);
  }
  const ringX = blobCenter[0] < CX ? rng.float(560, 680) : rng.float(40, 160);
  return `<defs><linearGradient id="bg" x1="${r1(angle)}" y1="0" x2="${r1(1 - angle)}" y2="1">
<stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
<circle cx="${r1(CX + rng.float(-40, 40))}" cy="${r1(rng.float(380, 430))}" r="${r1(rng.float(270, 310))}" fill="${lighten(c1, 0.5)}" opacity="0.55"/>
<path d="${smooth(blob)}" fill="${c3}" opacity="0.45"/>
<circle cx="${r1(ringX)}" cy="${r1(rng.float(520, 640))}" r="${r1(rng.float(34, 60))}" fill="none" stroke="${c3}" stroke-width="10" opacity="0.5"/>
<circle cx="${r1(ringX + rng.float(-40, 40))}" cy="${r1(rng.float(150, 260))}" r="${r1(rng.float(10, 18))}" fill="${c3}" opacity="0.6"/>`;
}

// ---------------------------------------------------------------------------------------------
// Body: neck, shoulders and clothes

function bodyPath(look: Look): string {
  const sw = look.female ? 262 : 300;
  const { NB, NW } = look;
  const sy = NB + 52;
  return `M${CX - sw},${HEIGHT} C${CX - sw},${NB + 150} ${CX - sw + 20},${sy + 20} ${CX - sw + 100},${sy}
C${CX - 120},${NB + 32} ${CX - NW - 22},${NB + 12} ${CX - NW},${NB - 4} L${CX + NW},${NB - 4}
C${CX + NW + 22},${NB + 12} ${CX + 120},${NB + 32} ${CX + sw - 100},${sy}
C${CX + sw - 20},${sy + 20} ${CX + sw},${NB + 150} ${CX + sw},${HEIGHT}Z`;
}

function neck(look: Look): string {
  const { NW, NB, FM, CY, skin, skinShade } = look;
  return `<path d="M${CX - NW},${FM + 60} L${CX - NW},${NB - 20} Q${CX - NW},${NB + 10} ${CX - NW - 40},${NB + 30}
L${CX + NW + 40},${NB + 30} Q${CX + NW},${NB + 10} ${CX + NW},${NB - 20} L${CX + NW},${FM + 60}Z" fill="${skin}"/>
<path d="M${CX - NW},${CY - 60} L${CX + NW},${CY - 60} L${CX + NW},${CY + 22} Q${CX},${CY + 58} ${CX - NW},${CY + 22}Z" fill="${skinShade}" opacity="0.75"/>`;
}

function clothes(look: Look, rng: Rng): string {
  const { NB, NW, skin, skinShade } = look;
  const cloth = rng.pick(CLOTH_COLORS);
  const trim = cloth === '#f4f1ea' ? '#d8d2c4' : darken(cloth, 0.22);
  const body = bodyPath(look);
  const sw = look.female ? 262 : 300;
  const arms = `<path d="M${CX - sw + 72},${NB + 130} Q${CX - sw + 58},${NB + 200} ${CX - sw + 62},${HEIGHT}
M${CX + sw - 72},${NB + 130} Q${CX + sw - 58},${NB + 200} ${CX + sw - 62},${HEIGHT}" fill="none" stroke="${trim}" stroke-width="5" opacity="0.45"/>`;
  const styles = look.female
    ? ['scoop', 'vneck', 'crew', 'blouse', 'cami', 'turtleneck', 'blazer']
    : ['crew', 'vneck', 'shirt', 'blazer', 'hoodie', 'sweater', 'shirt'];
  const style = rng.pick(styles);
  const clip = `<clipPath id="body"><path d="${body}"/></clipPath>`;
  let out = `<defs>${clip}</defs><path d="${body}" fill="${cloth}"/>${arms}`;
  const hole = (d: string) => `<path d="${d}" fill="${skin}" clip-path="url(#body)"/>`;
  const line = (d: string, color: string, width: number, extra = '') =>
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
  switch (style) {
    case 'crew':
    case 'sweater': {
      const d = `M${CX - NW - 14},${NB - 6} Q${CX},${NB + 58} ${CX + NW + 14},${NB - 6}`;
      out += hole(`${d}Z`) + line(d, trim, style === 'sweater' ? 16 : 9);
      if (style === 'sweater') {
        out += line(`M${CX - sw + 110},${HEIGHT - 60} L${CX + sw - 110},${HEIGHT - 60}`, trim, 4, 'opacity="0.4"');
      }
      break;
    }
    case 'vneck': {
      const d = `M${CX - NW - 10},${NB - 6} L${CX},${NB + 100} L${CX + NW + 10},${NB - 6}`;
      out += hole(`${d}Z`) + line(d, trim, 8);
      break;
    }
    case 'scoop': {
      const d = `M${CX - NW - 44},${NB + 6} Q${CX},${NB + 150} ${CX + NW + 44},${NB + 6}`;
      out += hole(`${d}Z`) + line(d, trim, 7);
      break;
    }
    case 'cami': {
      out = `<defs>${clip}</defs><path d="${body}" fill="${skin}"/>`;
      const top = `M${CX - sw + 40},${HEIGHT} L${CX - sw + 64},${NB + 150} Q${CX - 70},${NB + 120} ${CX},${NB + 168}
Q${CX + 70},${NB + 120} ${CX + sw - 64},${NB + 150} L${CX + sw - 40},${HEIGHT}Z`;
      out += `<path d="${top}" fill="${cloth}" clip-path="url(#body)"/>`;
      out += line(`M${CX - 150},${NB + 132} L${CX - 132},${NB + 40}M${CX + 150},${NB + 132} L${CX + 132},${NB + 40}`, cloth, 7);
      out += line(`M${CX - 120},${NB + 56} Q${CX - 70},${NB + 70} ${CX - 30},${NB + 62}M${CX + 120},${NB + 56} Q${CX + 70},${NB + 70} ${CX + 30},${NB + 62}`, skinShade, 4, 'opacity="0.6"');
      break;
    }
    case 'turtleneck': {
      out += `<path d="M${CX - NW - 10},${NB + 20} L${CX - NW - 6},${NB - 60} Q${CX},${NB - 48} ${CX + NW + 6},${NB - 60} L${CX + NW + 10},${NB + 20}Z" fill="${cloth}"/>`;
      out += line(`M${CX - NW - 6},${NB - 60} Q${CX},${NB - 48} ${CX + NW + 6},${NB - 60}`, trim, 6);
      for (let i = -2; i <= 2; i++) {
        out += line(`M${CX + i * 16},${NB - 48} L${CX + i * 17},${NB + 16}`, trim, 3, 'opacity="0.5"');
      }
      break;
    }
    case 'blouse':
    case 'shirt': {
      const shirt = rng.chance(0.5) ? cloth : rng.pick(['#f4f1ea', '#dfe8f2', '#f3e3e0', '#e6efe3']);
      const edge = darken(shirt, 0.2);
      out = `<defs>${clip}</defs><path d="${body}" fill="${shirt}"/>${arms.replace(trim, edge)}`;
      const open = `M${CX - NW + 4},${NB - 6} L${CX},${NB + 70} L${CX + NW - 4},${NB - 6}`;
      out += hole(`${open}Z`);
      out += line(`M${CX},${NB + 70} L${CX},${HEIGHT}`, edge, 4, 'opacity="0.6"');
      for (let y = NB + 110; y < HEIGHT; y += 70) out += `<circle cx="${CX + 9}" cy="${y}" r="5" fill="${edge}"/>`;
      const collar = (s: 1 | -1) =>
        `<path d="M${CX + s * (NW + 2)},${NB - 24} L${CX + s * 4},${NB + 74} L${CX + s * (NW + 36)},${NB + 44}Z" fill="${lighten(shirt, 0.1)}" stroke="${edge}" stroke-width="4" stroke-linejoin="round"/>`;
      out += collar(-1) + collar(1);
      break;
    }
    case 'blazer': {
      const inner = rng.pick(['#f4f1ea', '#2b2b2e', '#dfe8f2', '#e9d8c4']);
      const jacket = cloth === '#f4f1ea' ? '#3d405b' : cloth;
      const jtrim = darken(jacket, 0.25);
      out = `<defs>${clip}</defs><path d="${body}" fill="${jacket}"/>${arms.replace(trim, jtrim)}`;
      out += `<path d="M${CX - NW - 20},${NB} L${CX},${HEIGHT} L${CX + NW + 20},${NB}Z" fill="${inner}" clip-path="url(#body)"/>`;
      const crew = `M${CX - NW - 6},${NB - 6} Q${CX},${NB + 44} ${CX + NW + 6},${NB - 6}`;
      out += hole(`${crew}Z`) + line(crew, darken(inner, 0.15), 7);
      const lapel = (s: 1 | -1) =>
        `<path d="M${CX + s * (NW + 20)},${NB} L${CX + s * (NW + 46)},${NB + 8} L${CX + s * 86},${NB + 110} L${CX + s * 60},${NB + 128} L${CX + s * 8},${HEIGHT - 60} L${CX + s * (NW + 8)},${NB + 4}Z" fill="${darken(jacket, 0.12)}" stroke="${jtrim}" stroke-width="3" stroke-linejoin="round"/>`;
      out += lapel(-1) + lapel(1);
      break;
    }
    case 'hoodie': {
      const hood = darken(cloth, 0.12);
      out += `<path d="M${CX - NW - 58},${NB + 22} Q${CX - NW - 40},${NB - 40} ${CX},${NB - 40} Q${CX + NW + 40},${NB - 40} ${CX + NW + 58},${NB + 22} Q${CX},${NB + 110} ${CX - NW - 58},${NB + 22}Z" fill="${hood}"/>`;
      const crew = `M${CX - NW - 8},${NB - 10} Q${CX},${NB + 56} ${CX + NW + 8},${NB - 10}`;
      out += hole(`${crew}Z`) + line(crew, trim, 8);
      out += line(`M${CX - 26},${NB + 46} L${CX - 30},${NB + 150}M${CX + 26},${NB + 46} L${CX + 30},${NB + 150}`, '#f4f1ea', 5);
      break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Head and face

function facePath(look: Look): string {
  const { W, FT, FM, CY, female } = look;
  const jaw = female ? 0.5 : 0.68;
  const jawY = female ? 80 : 92;
  return `M${CX},${FT} C${CX + W * 0.62},${FT} ${CX + W},${FT + 62} ${CX + W},${FM}
C${CX + W},${FM + jawY} ${CX + W * jaw},${CY - 8} ${CX},${CY}
C${CX - W * jaw},${CY - 8} ${CX - W},${FM + jawY} ${CX - W},${FM}
C${CX - W},${FT + 62} ${CX - W * 0.62},${FT} ${CX},${FT}Z`;
}

function ears(look: Look): string {
  const { W, FM, skin, skinShade } = look;
  const ex = CX - W + 4;
  const ear = `<ellipse cx="${r1(ex)}" cy="${FM + 22}" rx="20" ry="33" fill="${skin}"/>
<path d="M${r1(ex - 6)},${FM + 44} Q${r1(ex - 12)},${FM + 18} ${r1(ex - 2)},${FM + 2}" fill="none" stroke="${skinShade}" stroke-width="5" stroke-linecap="round"/>`;
  return `${ear}<g ${MIRROR}>${ear}</g>`;
}

function earrings(look: Look, rng: Rng): string {
  const { W, FM } = look;
  const metal = rng.pick(['#e2b652', '#d8dde3', '#e8c77c']);
  const x = CX - W - 2;
  const y = FM + 52;
  const one = rng.chance(0.5)
    ? `<circle cx="${r1(x)}" cy="${y + 14}" r="14" fill="none" stroke="${metal}" stroke-width="4"/>`
    : `<circle cx="${r1(x)}" cy="${y}" r="6.5" fill="${metal}"/><circle cx="${r1(x)}" cy="${y + 20}" r="5" fill="${metal}"/>`;
  return `${one}<g ${MIRROR}>${one}</g>`;
}

function eyes(look: Look, rng: Rng): string {
  const { EY, ED, female, brow } = look;
  const iris = rng.pick(EYE_COLORS);
  const ew = female ? 22 : 20;
  const eh = female ? 12.5 : 10.5;
  const lookX = rng.float(-2, 2);
  const x = CX - ED;
  const almond = `M${r1(x - ew)},${r1(EY)} C${r1(x - ew * 0.5)},${r1(EY - eh * 1.35)} ${r1(x + ew * 0.5)},${r1(EY - eh * 1.35)} ${r1(x + ew)},${r1(EY)}
C${r1(x + ew * 0.5)},${r1(EY + eh * 1.1)} ${r1(x - ew * 0.5)},${r1(EY + eh * 1.1)} ${r1(x - ew)},${r1(EY)}Z`;
  const lid = `M${r1(x - ew - 2)},${r1(EY + 1)} C${r1(x - ew * 0.5)},${r1(EY - eh * 1.4)} ${r1(x + ew * 0.5)},${r1(EY - eh * 1.4)} ${r1(x + ew + 1)},${r1(EY)}`;
  const lash = female ? `M${r1(x - ew - 1)},${r1(EY)} L${r1(x - ew - 9)},${r1(EY - 7)}` : '';
  const lidColor = darken(brow, 0.4);
  const one = `<path d="${almond}" fill="#fbf8f4"/>
<g clip-path="url(#eyeclip)"><circle cx="${r1(x + lookX)}" cy="${r1(EY - 1)}" r="${female ? 12 : 11}" fill="${iris}"/>
<circle cx="${r1(x + lookX)}" cy="${r1(EY - 1)}" r="5.5" fill="#1b1412"/></g>
<circle cx="${r1(x + lookX + 4)}" cy="${r1(EY - 5)}" r="3" fill="#ffffff"/>
<path d="${lid}${lash}" fill="none" stroke="${lidColor}" stroke-width="${female ? 4.5 : 3.5}" stroke-linecap="round"/>`;
  const clip = `<defs><clipPath id="eyeclip"><path d="${almond}"/><path d="${almond}" ${MIRROR}/></clipPath></defs>`;
  return `${clip}${one}<g ${MIRROR}>${one}</g>`;
}

function brows(look: Look, rng: Rng): string {
  const { EY, ED, female, brow } = look;
  const by = EY - (female ? 36 : 32) + rng.float(-2, 2);
  const x = CX - ED;
  const arch = rng.float(6, 11);
  const d = `M${r1(x - 26)},${r1(by + 7)} Q${r1(x - 4)},${r1(by - arch)} ${r1(x + 22)},${r1(by + 1)}`;
  const one = `<path d="${d}" fill="none" stroke="${brow}" stroke-width="${female ? 6 : 9}" stroke-linecap="round"/>`;
  return `${one}<g ${MIRROR}>${one}</g>`;
}

function noseAndCheeks(look: Look): string {
  const { EY, ED, skinShade, female } = look;
  const blush = female ? 0.22 : 0.08;
  const cheek = `<ellipse cx="${r1(CX - ED - 10)}" cy="${r1(EY + 52)}" rx="27" ry="15" fill="#ff8f8f" opacity="${blush}"/>`;
  return `${cheek}<g ${MIRROR}>${cheek}</g>
<path d="M${CX - 3},${r1(EY + 16)} Q${CX - 8},${r1(EY + 42)} ${CX - 12},${r1(EY + 54)}" fill="none" stroke="${skinShade}" stroke-width="4" stroke-linecap="round" opacity="0.55"/>
<path d="M${CX - 14},${r1(EY + 58)} Q${CX},${r1(EY + 70)} ${CX + 14},${r1(EY + 58)}" fill="none" stroke="${skinShade}" stroke-width="5" stroke-linecap="round"/>`;
}

function mouth(look: Look, rng: Rng): string {
  const { MY, female, skin, skinShade } = look;
  const lip = female ? mix(skinShade, rng.pick(['#c0455a', '#b8524e', '#a8485e', '#c86a6a']), 0.5) : darken(skinShade, 0.15);
  if (rng.chance(0.45)) {
    // open smile with teeth
    const d = `M${CX - 32},${MY - 4} Q${CX},${MY + 6} ${CX + 32},${MY - 4} Q${CX + 26},${MY + 30} ${CX},${MY + 31} Q${CX - 26},${MY + 30} ${CX - 32},${MY - 4}Z`;
    return `<defs><clipPath id="mouth"><path d="${d}"/></clipPath></defs>
<path d="${d}" fill="#7b2f35"/><g clip-path="url(#mouth)"><rect x="${CX - 34}" y="${MY - 8}" width="68" height="16" fill="#fffaf5"/>
<ellipse cx="${CX}" cy="${MY + 30}" rx="16" ry="9" fill="#d9727a"/></g>
<path d="${d}" fill="none" stroke="${female ? lip : darken(skinShade, 0.25)}" stroke-width="${female ? 5 : 3}" stroke-linejoin="round"/>`;
  }
  if (female) {
    const upper = `M${CX - 28},${MY} C${CX - 18},${MY - 9} ${CX - 8},${MY - 10} ${CX},${MY - 5} C${CX + 8},${MY - 10} ${CX + 18},${MY - 9} ${CX + 28},${MY} Q${CX},${MY + 3} ${CX - 28},${MY}Z`;
    const lower = `M${CX - 28},${MY} Q${CX},${MY + 5} ${CX + 28},${MY} C${CX + 20},${MY + 18} ${CX - 20},${MY + 18} ${CX - 28},${MY}Z`;
    return `<path d="${upper}" fill="${darken(lip, 0.08)}"/><path d="${lower}" fill="${lip}"/>
<path d="M${CX - 30},${MY - 2} Q${CX},${MY + 5} ${CX + 30},${MY - 2}" fill="none" stroke="${darken(lip, 0.35)}" stroke-width="2.5" stroke-linecap="round"/>
<ellipse cx="${CX + 7}" cy="${MY + 8}" rx="7" ry="2.5" fill="${lighten(lip, 0.4)}" opacity="0.6"/>`;
  }
  return `<path d="M${CX - 27},${MY - 3} Q${CX},${MY + 13} ${CX + 27},${MY - 3}" fill="none" stroke="${darken(skinShade, 0.3)}" stroke-width="5" stroke-linecap="round"/>
<path d="M${CX - 12},${MY + 18} Q${CX},${MY + 22} ${CX + 12},${MY + 18}" fill="none" stroke="${skin === lip ? skinShade : lip}" stroke-width="4" stroke-linecap="round" opacity="0.5"/>`;
}

function ageLines(look: Look): string {
  const { age, EY, ED, FT, MY, skinShade } = look;
  if (age === 'young') return '';
  const strong = age === 'older';
  const stroke = `fill="none" stroke="${darken(skinShade, 0.1)}" stroke-width="3.5" stroke-linecap="round" opacity="${strong ? 0.45 : 0.28}"`;
  const smileLine = `<path d="M${r1(CX - 30)},${r1(EY + 52)} Q${r1(CX - 46)},${r1(MY - 10)} ${r1(CX - 38)},${r1(MY + 12)}" ${stroke}/>`;
  let out = `${smileLine}<g ${MIRROR}>${smileLine}</g>`;
  if (strong) {
    const feet = `<path d="M${r1(CX - ED - 30)},${r1(EY - 4)} l-10,-5 M${r1(CX - ED - 30)},${r1(EY + 4)} l-10,5 M${r1(CX - ED - 12)},${r1(EY + 17)} q12,5 24,0" ${stroke}/>`;
    out += `${feet}<g ${MIRROR}>${feet}</g>`;
    out += `<path d="M${CX - 46},${FT + 72} Q${CX},${FT + 62} ${CX + 46},${FT + 72} M${CX - 36},${FT + 88} Q${CX},${FT + 80} ${CX + 36},${FT + 88}" ${stroke}/>`;
  }
  return out;
}

function glasses(look: Look, rng: Rng): string {
  const { EY, ED, W, FM } = look;
  const frame = rng.pick(['#232020', '#6b4a2e', '#8a8f98', '#9c3b48', '#2f4858']);
  const thin = frame === '#8a8f98';
  const round = rng.chance(0.4);
  const x = CX - ED;
  const lens = round
    ? `<circle cx="${r1(x)}" cy="${r1(EY)}" r="30"/>`
    : `<rect x="${r1(x - 34)}" y="${r1(EY - 24)}" width="68" height="48" rx="15"/>`;
  const temple = `<path d="M${r1(x - (round ? 30 : 34))},${r1(EY - 6)} L${r1(CX - W + 2)},${r1(FM + 4)}" fill="none"/>`;
  return `<g fill="#ffffff" fill-opacity="0.12" stroke="${frame}" stroke-width="${thin ? 3.5 : 6}" stroke-linecap="round">
${lens}<g ${MIRROR}>${lens}</g>${temple}<g ${MIRROR}>${temple}</g>
<path d="M${r1(x + (round ? 30 : 34))},${r1(EY - 4)} Q${CX},${r1(EY - 14)} ${r1(CX + ED - (round ? 30 : 34))},${r1(EY - 4)}" fill="none"/></g>`;
}

function beard(look: Look, rng: Rng): string {
  if (look.female || rng.chance(look.age === 'young' ? 0.65 : 0.45)) return '';
  const { W, FM, CY, MY, hair, brow, skin } = look;
  const color = hair ?? brow;
  const kind = rng.pick(['stubble', 'short', 'short', 'goatee']);
  const full = `M${r1(CX - W)},${FM + 14} C${r1(CX - W + 2)},${FM + 100} ${r1(CX - W * 0.62)},${r1(CY + 10)} ${CX},${r1(CY + 14)}
C${r1(CX + W * 0.62)},${r1(CY + 10)} ${r1(CX + W - 2)},${FM + 100} ${r1(CX + W)},${FM + 14}
L${r1(CX + W - 16)},${FM + 18} C${r1(CX + W - 22)},${FM + 78} ${r1(CX + 60)},${r1(MY - 30)} ${CX + 34},${r1(MY - 20)}
Q${CX},${r1(MY - 34)} ${CX - 34},${r1(MY - 20)} C${r1(CX - 60)},${r1(MY - 30)} ${r1(CX - W + 22)},${FM + 78} ${r1(CX - W + 16)},${FM + 18}Z`;
  if (kind === 'stubble') return `<path d="${full}" fill="${mix(color, skin, 0.35)}" opacity="0.4"/>`;
  if (kind === 'short') return `<path d="${full}" fill="${color}"/>`;
  const goatee = `M${CX - 38},${r1(MY - 2)} Q${CX - 34},${r1(MY - 24)} ${CX},${r1(MY - 22)} Q${CX + 34},${r1(MY - 24)} ${CX + 38},${r1(MY - 2)}
Q${CX},${r1(MY - 12)} ${CX - 38},${r1(MY - 2)}Z M${CX - 30},${r1(MY + 20)} Q${CX},${r1(MY + 12)} ${CX + 30},${r1(MY + 20)}
Q${CX + 28},${r1(CY + 6)} ${CX},${r1(CY + 12)} Q${CX - 28},${r1(CY + 6)} ${CX - 30},${r1(MY + 20)}Z`;
  return `<path d="${goatee}" fill="${color}"/>`;
}

// ---------------------------------------------------------------------------------------------
// Hair: each style returns a back layer (behind the head) and a front layer (over the forehead)

interface Hair {
  back: string;
  front: string;
  coversEars: boolean;
}

function hairFill(d: string, color: string): string {
  return `<path d="${d}" fill="${color}"/>`;
}

/** A cap over the skull, from temple to temple, whose lower edge is the hairline. */
function cap(look: Look, height: number, hairline: Pt[], sideDrop = 0, width = 8): Pt[] {
  const { W, FT, FM } = look;
  return [
    [CX - W - width, FM - 6 + sideDrop],
    [CX - W - width - 4, FT + 30],
    [CX - W * 0.6, FT - height * 0.75],
    [CX, FT - height],
    [CX + W * 0.6, FT - height * 0.75],
    [CX + W + width + 4, FT + 30],
    [CX + W + width, FM - 6 + sideDrop],
    [CX + W - 4, FM - 10 + sideDrop],
    ...hairline,
    [CX - W + 4, FM - 10 + sideDrop],
  ];
}

function maleHair(look: Look, variant: number, rng: Rng): Hair {
  const { W, FT, FM } = look;
  const hair = look.hair ?? '';
  const receding = look.age === 'older' ? 18 : look.age === 'middle' ? 6 : 0;
  const line = (y: number): Pt[] => [
    [CX + W - 10, FT + 52 + receding],
    [CX + W * 0.45, y + receding],
    [CX, y - 4 + receding],
    [CX - W * 0.45, y + 2 + receding],
    [CX - W + 10, FT + 52 + receding],
  ];
  switch (variant % 6) {
    case 0: {
      // short crop with a side part
      const hairline: Pt[] = [
        [CX + W - 10, FT + 52 + receding],
        [CX + W * 0.4, FT + 40 + receding],
        [CX - W * 0.2, FT + 36 + receding],
        [CX - W * 0.42, FT + 24 + receding],
        [CX - W * 0.62, FT + 40 + receding],
        [CX - W + 10, FT + 52 + receding],
      ];
      const pts = cap(look, 42, hairline, 24, 6);
      pts[3] = [CX + W * 0.15, FT - 46];
      return { back: '', front: hairFill(smooth(pts), hair), coversEars: false };
    }
    case 1: {
      // side part with a quiff
      const pts = cap(look, 50, line(FT + 26), 24, 8);
      pts.splice(2, 3, [CX - W * 0.62, FT - 40], [CX - W * 0.15, FT - 70], [CX + W * 0.35, FT - 86], [CX + W * 0.8, FT - 52]);
      const sweep = `<path d="M${r1(CX - W * 0.5)},${FT + 20} Q${r1(CX - W * 0.3)},${FT - 50} ${r1(CX + W * 0.3)},${FT - 70}
M${r1(CX - W * 0.1)},${FT + 20} Q${r1(CX + W * 0.05)},${FT - 30} ${r1(CX + W * 0.6)},${FT - 50}" fill="none" stroke="${darken(hair, 0.25)}" stroke-width="4" stroke-linecap="round" opacity="0.7"/>`;
      return { back: '', front: hairFill(smooth(pts), hair) + sweep, coversEars: false };
    }
    case 2: // buzz cut
      return {
        back: '',
        front: `<path d="${smooth(cap(look, 22, line(FT + 42), 16, 2))}" fill="${mix(hair, look.skin, 0.2)}"/>`,
        coversEars: false,
      };
    case 3: {
      // curly top
      let curls = hairFill(smooth(cap(look, 36, line(FT + 40), 20, 6)), hair);
      for (let i = 0; i <= 10; i++) {
        const a = Math.PI * (1.08 + (i / 10) * 0.84);
        const x = CX + Math.cos(a) * (W + 2);
        const y = FT + 70 + Math.sin(a) * 110;
        curls += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rng.float(26, 34))}" fill="${hair}"/>`;
      }
      return { back: '', front: curls, coversEars: false };
    }
    case 4: {
      // longer, swept back to the nape
      const back = smooth([
        [CX - W - 16, FM + 44],
        [CX - W - 28, FT + 30],
        [CX, FT - 50],
        [CX + W + 28, FT + 30],
        [CX + W + 16, FM + 44],
        [CX, FM + 30],
      ]);
      const pts = cap(look, 58, line(FT + 30), -4, 10);
      const strands = `<path d="M${CX - 40},${FT - 40} Q${CX - 10},${FT - 10} ${CX + 10},${FT + 30} M${CX + 20},${FT - 50} Q${CX + 50},${FT - 10} ${CX + 70},${FT + 30}" fill="none" stroke="${darken(hair, 0.25)}" stroke-width="4" stroke-linecap="round" opacity="0.7"/>`;
      return { back: hairFill(back, look.hairBack), front: hairFill(smooth(pts), hair) + strands, coversEars: false };
    }
    default: {
      // textured fringe
      const fringe: Pt[] = [
        [CX + W - 8, FT + 50 + receding],
        [CX + W * 0.62, FT + 30 + receding],
        [CX + W * 0.42, FT + 52],
        [CX + W * 0.22, FT + 28],
        [CX - W * 0.02, FT + 58],
        [CX - W * 0.2, FT + 30],
        [CX - W * 0.42, FT + 52],
        [CX - W * 0.62, FT + 30 + receding],
        [CX - W + 8, FT + 50 + receding],
      ];
      const pts = cap(look, 52, fringe, 14, 10);
      pts[3] = [CX + 10, FT - 60];
      return { back: '', front: hairFill(smooth(pts, true, 0.6), hair), coversEars: false };
    }
  }
}

function femaleHair(look: Look, variant: number, rng: Rng): Hair {
  const { W, FT, FM, CY } = look;
  const hair = look.hair ?? '';
  const L = CX - W;
  const R = CX + W;
  const sideFringe: Pt[] = [
    [R - 2, FM - 10],
    [R - 12, FT + 64],
    [CX + W * 0.42, FT + 12],
    [CX + W * 0.28, FT + 2],
    [CX - W * 0.05, FT + 40],
    [CX - W * 0.55, FT + 74],
    [L + 6, FT + 126],
  ];
  const pulledBack: Pt[] = [
    [R - 8, FT + 60],
    [CX + W * 0.5, FT + 36],
    [CX + 6, FT + 30],
    [CX - W * 0.5, FT + 36],
    [L + 8, FT + 60],
  ];
  const longBack = (length: number, wave: number): string => {
    const pts: Pt[] = [[L - 26, FM - 20], [L - 30, FT + 30], [CX, FT - 40], [R + 30, FT + 30], [R + 26, FM - 20]];
    for (let i = 1; i <= 4; i++) pts.push([R + 36 + (i % 2 ? wave : -wave) + i * 4, FM + ((length - FM) * i) / 4]);
    pts.push([CX + 60, length + 20], [CX - 60, length + 20]);
    for (let i = 4; i >= 1; i--) pts.push([L - 36 - (i % 2 ? wave : -wave) - i * 4, FM + ((length - FM) * i) / 4]);
    return smooth(pts);
  };
  const lock = (length: number, wave: number): string => {
    const outer: Pt[] = [[L - 18, FM - 30]];
    const inner: Pt[] = [];
    for (let i = 1; i <= 4; i++) {
      const y = FM + ((length - FM) * i) / 4;
      const w = i % 2 ? wave : -wave;
      outer.push([L - 30 - i * 6 + w, y]);
      inner.unshift([L + 30 - i * 2 + w, y - 10]);
    }
    inner.push([L + 10, FM - 10]);
    const d = smooth([...outer, [L - 6, length + 18], ...inner]);
    return `<path d="${d}" fill="${hair}"/><path d="${d}" fill="${hair}" ${MIRROR}/>`;
  };
  switch (variant % 7) {
    case 0: // long and straight with a side fringe
      return {
        back: hairFill(longBack(790, 0), look.hairBack) + lock(800, 0),
        front: hairFill(smooth(cap(look, 50, sideFringe, 50, 22)), hair),
        coversEars: true,
      };
    case 1: {
      // bob with a straight fringe
      const back = smooth([
        [L - 30, FM],
        [L - 36, FT + 10],
        [CX, FT - 56],
        [R + 36, FT + 10],
        [R + 30, FM],
        [R + 34, CY - 10],
        [R + 10, CY + 4],
        [L - 10, CY + 4],
        [L - 34, CY - 10],
      ]);
      const fringe: Pt[] = [
        [R + 6, CY - 20],
        [R - 4, FT + 90],
        [CX + W * 0.5, FT + 82],
        [CX, FT + 86],
        [CX - W * 0.5, FT + 82],
        [L + 4, FT + 90],
        [L - 6, CY - 20],
      ];
      const pts = cap(look, 52, fringe, 0, 26);
      pts.splice(6, 2);
      pts.splice(-1, 1);
      return { back: hairFill(back, look.hairBack), front: hairFill(smooth(pts), hair), coversEars: true };
    }
    case 2: // long waves
      return {
        back: hairFill(longBack(820, 18), look.hairBack) + lock(830, 14),
        front: hairFill(smooth(cap(look, 54, sideFringe, 46, 24)), hair),
        coversEars: true,
      };
    case 3: {
      // top knot bun
      const bun = `<circle cx="${CX + rng.float(-10, 10)}" cy="${FT - 62}" r="${r1(rng.float(50, 58))}" fill="${look.hairBack}"/>`;
      return { back: bun, front: hairFill(smooth(cap(look, 44, pulledBack, 18, 6)), hair), coversEars: false };
    }
    case 4: {
      // ponytail falling to one side
      const side = rng.chance(0.5) ? 1 : -1;
      const tail: Pt[] = [
        [CX + side * W * 0.3, FT - 40],
        [CX + side * (W + 50), FT - 10],
        [CX + side * (W + 88), FM + 60],
        [CX + side * (W + 66), FM + 220],
        [CX + side * (W + 30), FM + 300],
        [CX + side * (W + 24), FM + 180],
        [CX + side * (W + 20), FM + 40],
        [CX + side * (W - 10), FT + 40],
      ];
      return {
        back: hairFill(smooth(tail), look.hairBack),
        front: hairFill(smooth(cap(look, 46, pulledBack, 18, 6)), hair),
        coversEars: false,
      };
    }
    case 5: {
      // voluminous curls
      let back = `<ellipse cx="${CX}" cy="${FM}" rx="${r1(W + 64)}" ry="210" fill="${look.hairBack}"/>`;
      for (let i = 0; i < 16; i++) {
        const a = Math.PI * (0.85 + (i / 15) * 1.3);
        const x = CX + Math.cos(a) * (W + 70);
        const y = FM + 30 + Math.sin(a) * 200;
        back += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rng.float(44, 58))}" fill="${look.hairBack}"/>`;
      }
      let front = '';
      for (let i = 0; i <= 9; i++) {
        const a = Math.PI * (1.05 + (i / 9) * 0.9);
        front += `<circle cx="${r1(CX + Math.cos(a) * (W + 4))}" cy="${r1(FT + 80 + Math.sin(a) * 118)}" r="${r1(rng.float(28, 36))}" fill="${hair}"/>`;
      }
      return { back, front, coversEars: true };
    }
    default: {
      // pixie cut with a side-swept fringe
      const pts = cap(look, 50, sideFringe.slice(0, 4).concat([[L + 6, FT + 96]]), 16, 12);
      return { back: '', front: hairFill(smooth(pts), hair), coversEars: false };
    }
  }
}

/** Shine and, for older people, grey streaks, clipped to the front hair. */
function hairDetail(look: Look, front: string): string {
  if (!look.hair || !front) return '';
  const { W, FT } = look;
  let strokes = `<path d="M${r1(CX - W * 0.55)},${FT - 14} Q${CX - 10},${FT - 40} ${r1(CX + W * 0.35)},${FT - 22}" stroke="${lighten(look.hair, 0.35)}" stroke-width="12" opacity="0.35"/>`;
  if (look.age === 'older') {
    if (look.female) {
      strokes += `<path d="M${r1(CX + W * 0.3)},${FT - 40} Q${r1(CX - W * 0.2)},${FT + 10} ${r1(CX - W * 1.1)},${FT + 110}" stroke="#e9e7e3" stroke-width="14" opacity="0.55"/>`;
    } else {
      const temple = `<ellipse cx="${r1(CX - W + 2)}" cy="${FT + 96}" rx="18" ry="56" fill="#e6e4e0" opacity="0.5"/>`;
      strokes += `${temple}<g ${MIRROR}>${temple}</g>`;
    }
  }
  return `<defs><clipPath id="hairclip">${shapesOf(front)}</clipPath></defs><g clip-path="url(#hairclip)" fill="none" stroke-linecap="round">${strokes}</g>`;
}

/** The filled outlines of a layer, for use as a clip path or a shadow. */
const shapesOf = (layer: string) =>
  layer.replace(/<path[^>]*fill="none"[^>]*\/>/g, '').replace(/(fill|stroke|opacity|stroke-width)="[^"]*"/g, '');

/** The soft shadow the fringe casts on the forehead. */
function hairShadow(look: Look, front: string, face: string): string {
  if (!front) return '';
  return `<defs><clipPath id="faceclip"><path d="${face}"/></clipPath></defs>
<g clip-path="url(#faceclip)"><g transform="translate(3 9)" fill="${look.skinShade}" opacity="0.45">${shapesOf(front)}</g></g>`;
}

/** Hair on the sides of the head, filling any gap between the face and the front hair. */
function skull(look: Look): string {
  const { W, FT, FM } = look;
  const d = smooth([
    [CX - W - 2, FM - 6],
    [CX - W - 4, FT + 40],
    [CX - W * 0.6, FT - 14],
    [CX, FT - 24],
    [CX + W * 0.6, FT - 14],
    [CX + W + 4, FT + 40],
    [CX + W + 2, FM - 6],
    [CX, FM - 30],
  ]);
  return `<path d="${d}" fill="${look.hairBack}"/>`;
}

// ---------------------------------------------------------------------------------------------

function buildSvg(spec: AvatarSpec): string {
  const rng = new Rng((spec.seed * 2654435761) ^ (spec.variant * 40503));
  const look = buildLook(spec, rng);
  const bg = background(rng);
  const variant = Math.abs(Math.floor(spec.variant));
  const hair: Hair = !look.hair
    ? { back: '', front: '', coversEars: false }
    : look.female
      ? femaleHair(look, variant, rng)
      : maleHair(look, variant, rng);
  const hasEarrings = look.female && !hair.coversEars && rng.chance(0.75);
  const hasGlasses = rng.chance({ young: 0.12, middle: 0.25, older: 0.4 }[look.age]);
  const face = facePath(look);
  const baldShine = look.hair
    ? ''
    : `<path d="M${CX - 60},${look.FT + 30} Q${CX - 10},${look.FT + 6} ${CX + 40},${look.FT + 22}" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round" opacity="0.18"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
${bg}
<g transform="translate(${CX} 640) scale(1.1) translate(${-CX} -640)">
${hair.back}
${look.hair ? skull(look) : ''}
${neck(look)}
${clothes(look, rng)}
${hair.coversEars ? '' : ears(look)}
<path d="${face}" fill="${look.skin}"/>
${baldShine}
${hairShadow(look, hair.front, face)}
${ageLines(look)}
${noseAndCheeks(look)}
${eyes(look, rng)}
${brows(look, rng)}
${beard(look, rng)}
${mouth(look, rng)}
${hair.front}
${hairDetail(look, hair.front)}
${hasGlasses ? glasses(look, rng) : ''}
${hasEarrings ? earrings(look, rng) : ''}
</g>
</svg>`;
}

/** Renders a 720x960 JPEG portrait; the same spec always gives the same picture. */
export async function renderAvatar(spec: AvatarSpec): Promise<Buffer> {
  return sharp(Buffer.from(buildSvg(spec))).jpeg({ quality: 82, mozjpeg: false }).toBuffer();
}

/** The three stored sizes of a profile photo; `blurred` is what non-premium viewers get. */
export async function makeVariants(jpeg: Buffer): Promise<{ full: Buffer; thumb: Buffer; blurred: Buffer }> {
  const [full, thumb, blurred] = await Promise.all([
    sharp(jpeg)
      .autoOrient()
      .resize(WIDTH, HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer(),
    sharp(jpeg).autoOrient().resize(240, 320, { fit: 'cover' }).jpeg({ quality: 78, mozjpeg: false }).toBuffer(),
    sharp(jpeg)
      .autoOrient()
      .resize(360, 480, { fit: 'cover' })
      .blur(28)
      .modulate({ brightness: 0.85 })
      .jpeg({ quality: 60, mozjpeg: false })
      .toBuffer(),
  ]);
  return { full, thumb, blurred };
}
