// What changes between a person's photos: the place behind them (studio, home, outdoors, city
// lights) and the light falling on them. The background is drawn small and blurred by sharp
// (out of focus like behind a portrait lens, and far cheaper than an SVG blur filter).
import { CX, HEIGHT, WIDTH, lighten, darken, mix, r1, rGradient, smooth, vGradient, type Pt, type Rng } from './svg.js';

const STUDIO: readonly [string, string][] = [
  ['#f6e3df', '#e7b9b8'], ['#e2efec', '#a9d1c8'], ['#fbeedd', '#efc49c'], ['#e4e9f7', '#aebde6'], ['#eef3e3', '#c2d6a4'],
  ['#f1ece6', '#cdb9a6'], ['#efe7f5', '#c4afe0'], ['#e2f0f5', '#9ccadb'], ['#f7f0dc', '#e4cf8f'], ['#f7e6ee', '#e0a9c2'],
];
const WALLS = ['#efe4d6', '#e6d7c5', '#dfe6e1', '#e9dcd6', '#d9dde6', '#f0e9dc', '#d8cfc4'];

function studio(rng: Rng): string {
  const [c1, c2] = rng.pick(STUDIO);
  return `<defs>${rGradient('bgS', [[0, lighten(c1, 0.35)], [0.55, c1], [1, c2]], rng.float(0.35, 0.65), rng.float(0.3, 0.45), 0.85)}</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bgS)"/>`;
}

function bokeh(rng: Rng): string {
  const [c1, c2] = rng.pick(STUDIO);
  const warm = rng.chance(0.5);
  const base = warm ? mix(c2, '#5b3a2e', 0.45) : mix(c2, '#2c3a52', 0.45);
  let dots = '';
  for (let i = 0; i < 16; i++) {
    const light = warm ? rng.pick(['#ffd9a0', '#ffe9c7', '#ffc58a', c1]) : rng.pick(['#cfe3ff', '#fff2d6', '#b9d7f0', c1]);
    dots += `<circle cx="${r1(rng.float(-20, WIDTH + 20))}" cy="${r1(rng.float(-20, HEIGHT * 0.7))}" r="${r1(rng.float(22, 70))}" fill="${light}" opacity="${r1(rng.float(0.25, 0.7))}"/>`;
  }
  return `<defs>${vGradient('bgB', [[0, darken(base, 0.1)], [1, base]])}</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bgB)"/>${dots}`;
}

function outdoors(rng: Rng): string {
  const sunset = rng.chance(0.3);
  const sky = sunset ? ['#f7c9a3', '#f3a38c', '#c98aa6'] : rng.pick([['#bfe0f5', '#e3f1fa', '#f5f8f2'], ['#a9cfee', '#d2e8f6', '#eef4ea']]);
  const horizon = rng.float(430, 560);
  const sea = rng.chance(0.4);
  const ground = sea ? '#5f9ab8' : rng.pick(['#7fa46a', '#8fae72', '#6d9360']);
  let shapes = '';
  if (!sea) {
    const hills: Pt[] = [[-40, horizon + 40]];
    for (let x = 0; x <= WIDTH + 80; x += 120) hills.push([x, horizon - rng.float(10, 70)]);
    hills.push([WIDTH + 40, HEIGHT], [-40, HEIGHT]);
    shapes += `<path d="${smooth(hills)}" fill="${mix(ground, sky[0]!, 0.45)}"/>`;
    for (let i = 0; i < 7; i++) {
      const x = rng.chance(0.5) ? rng.float(-40, 220) : rng.float(500, 760);
      shapes += `<ellipse cx="${r1(x)}" cy="${r1(horizon - rng.float(40, 160))}" rx="${r1(rng.float(50, 90))}" ry="${r1(rng.float(70, 140))}" fill="${darken(ground, rng.float(0.1, 0.35))}" opacity="0.85"/>`;
    }
  } else {
    shapes += `<rect y="${r1(horizon)}" width="${WIDTH}" height="${r1(HEIGHT - horizon)}" fill="${ground}"/>
<rect y="${r1(horizon + 6)}" width="${WIDTH}" height="10" fill="${lighten(ground, 0.5)}" opacity="0.5"/>`;
  }
  const sun = sunset ? `<circle cx="${r1(rng.float(120, 600))}" cy="${r1(horizon - 40)}" r="60" fill="#ffe6b0" opacity="0.9"/>` : '';
  return `<defs>${vGradient('bgO', [[0, sky[2]!], [0.55, sky[1]!], [1, sky[0]!]], 0, 1, 0, 0)}</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bgO)"/>${sun}${shapes}`;
}

function home(rng: Rng): string {
  const wall = rng.pick(WALLS);
  const left = rng.chance(0.5);
  const wx = left ? rng.float(-60, 60) : rng.float(440, 560);
  const window = `<rect x="${r1(wx)}" y="${r1(rng.float(60, 140))}" width="240" height="360" rx="6" fill="#fbfaf4"/>
<rect x="${r1(wx + 116)}" y="0" width="8" height="600" fill="${darken(wall, 0.15)}" opacity="0.6"/>`;
  let plant = '';
  const px = left ? rng.float(540, 700) : rng.float(20, 180);
  for (let i = 0; i < 9; i++) {
    const a = rng.float(-2.6, -0.5);
    plant += `<ellipse cx="${r1(px + Math.cos(a) * 70)}" cy="${r1(560 + Math.sin(a) * 120)}" rx="22" ry="70" transform="rotate(${r1((a * 180) / Math.PI + 90)} ${r1(px + Math.cos(a) * 70)} ${r1(560 + Math.sin(a) * 120)})" fill="${rng.pick(['#4f7a4a', '#5f8f52', '#3f6a44'])}"/>`;
  }
  const shelf = rng.chance(0.5)
    ? `<rect x="${left ? 420 : 40}" y="300" width="260" height="14" fill="${darken(wall, 0.35)}"/>` +
      Array.from({ length: 6 }, (_, i) => `<rect x="${(left ? 430 : 50) + i * 34}" y="${r1(230 + rng.float(0, 20))}" width="26" height="${r1(70 - rng.float(0, 20))}" fill="${rng.pick(['#b5654a', '#5a7a9a', '#d9b36c', '#6f5a7a', '#7a9a6a'])}"/>`).join('')
    : '';
  return `<defs>${vGradient('bgH', [[0, lighten(wall, 0.2)], [1, darken(wall, 0.12)]])}</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bgH)"/>${window}${shelf}${plant}`;
}

function city(rng: Rng): string {
  const dusk = rng.chance(0.6);
  const sky = dusk ? ['#2c3654', '#6a5a7e', '#d99a86'] : ['#9cc3e4', '#c9def0', '#e8eef2'];
  let blocks = '';
  for (let x = -30; x < WIDTH + 30; x += rng.float(70, 130)) {
    const h = rng.float(200, 520);
    const w = rng.float(80, 140);
    const colour = dusk ? mix('#2b2f45', sky[1]!, rng.float(0, 0.4)) : mix('#8d97a6', '#c9ced6', rng.float(0, 1));
    blocks += `<rect x="${r1(x)}" y="${r1(HEIGHT - h - 220)}" width="${r1(w)}" height="${r1(h + 240)}" fill="${colour}"/>`;
    if (dusk) {
      for (let k = 0; k < 5; k++) {
        blocks += `<circle cx="${r1(x + rng.float(10, w - 10))}" cy="${r1(HEIGHT - h - 200 + rng.float(0, h))}" r="${r1(rng.float(8, 20))}" fill="${rng.pick(['#ffd58a', '#ffe9b8', '#ffb86b'])}" opacity="0.85"/>`;
      }
    }
  }
  return `<defs>${vGradient('bgC', [[0, sky[0]!], [0.6, sky[1]!], [1, sky[2]!]])}</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bgC)"/>${blocks}`;
}

/** The background of one photo. */
export function background(rng: Rng): string {
  const kind = rng.pick(['studio', 'studio', 'bokeh', 'outdoors', 'outdoors', 'home', 'home', 'city'] as const);
  switch (kind) {
    case 'studio': return studio(rng);
    case 'bokeh': return bokeh(rng);
    case 'outdoors': return outdoors(rng);
    case 'home': return home(rng);
    default: return city(rng);
  }
}

export interface Light {
  /** -1 light from the left, 1 from the right. */
  side: number;
  warmth: string;
  strength: number;
}

export function lightFor(rng: Rng): Light {
  return {
    side: rng.float(-1, 1),
    warmth: rng.pick(['#fff4e0', '#ffffff', '#ffe9d0', '#eef4ff']),
    strength: rng.float(0.1, 0.22),
  };
}

/** A soft shadow on the background behind the person (blurred with the background). */
export function shadowBehind(light: Light, dx: number): string {
  return `<defs>${rGradient('shadowG', [[0, '#000000', 0.2], [0.6, '#000000', 0.1], [1, '#000000', 0]])}</defs>
<ellipse cx="${r1(CX + dx - light.side * 50)}" cy="760" rx="360" ry="420" fill="url(#shadowG)"/>`;
}

/** Light from one side and a vignette, over the whole picture. */export function lighting(light: Light): string {
  const from = light.side < 0 ? 0 : 1;
  return `<defs>${vGradient('lightG', [[0, light.warmth, light.strength * 1.6], [0.55, light.warmth, 0], [1, '#1d1420', light.strength]], from, 0, 1 - from, 0.3)}
${rGradient('vig', [[0.6, '#000000', 0], [1, '#000000', 0.28]], 0.5, 0.45, 0.75)}</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#lightG)"/><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#vig)"/>`;
}
