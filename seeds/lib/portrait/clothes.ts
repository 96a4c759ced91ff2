// The photo's clothes: neck, shoulders and a top in one of several styles, shaded like fabric.
import type { Look } from './look.js';
import { CX, HEIGHT, darken, lighten, rGradient, vGradient, type Rng } from './svg.js';

const CLOTH_COLORS: readonly string[] = [
  '#2f4858', '#33658a', '#5d8fb8', '#e0a33a', '#d9643a', '#5e548e', '#9f86c0', '#e07a5f', '#3d405b',
  '#6fa387', '#264653', '#2a9d8f', '#c94f4f', '#b56576', '#355070', '#f4f1ea', '#2b2b2e', '#8c6e54',
  '#7a2e3a', '#c7b299', '#4a5d3a', '#1f3b5c',
];

export function bodyPath(look: Look): string {
  const sw = look.female ? 272 : 318;
  const { NB, NW } = look;
  const sy = NB + 52;
  return `M${CX - sw},${HEIGHT} C${CX - sw},${NB + 150} ${CX - sw + 20},${sy + 20} ${CX - sw + 100},${sy}
C${CX - 120},${NB + 32} ${CX - NW - 22},${NB + 12} ${CX - NW},${NB - 4} L${CX + NW},${NB - 4}
C${CX + NW + 22},${NB + 12} ${CX + 120},${NB + 32} ${CX + sw - 100},${sy}
C${CX + sw - 20},${sy + 20} ${CX + sw},${NB + 150} ${CX + sw},${HEIGHT}Z`;
}

export function neck(look: Look): string {
  const { NW, NB, FM, CY, skin, skinShade } = look;
  return `<path d="M${CX - NW},${FM + 60} L${CX - NW},${NB - 20} Q${CX - NW},${NB + 10} ${CX - NW - 40},${NB + 30}
L${CX + NW + 40},${NB + 30} Q${CX + NW},${NB + 10} ${CX + NW},${NB - 20} L${CX + NW},${FM + 60}Z" fill="${skin}"/>
<path d="M${CX - NW},${CY - 60} L${CX + NW},${CY - 60} L${CX + NW},${CY + 30} Q${CX},${CY + 70} ${CX - NW},${CY + 30}Z" fill="url(#neckShade)"/>
<defs>${vGradient('neckShade', [[0, skinShade, 0.9], [0.75, skinShade, 0.55], [1, skinShade, 0]])}</defs>`;
}

export function clothes(look: Look, rng: Rng): string {
  const { NB, NW, skin, skinShade } = look;
  const cloth = rng.pick(CLOTH_COLORS);
  const trim = cloth === '#f4f1ea' ? '#d8d2c4' : darken(cloth, 0.22);
  const body = bodyPath(look);
  const sw = look.female ? 272 : 318;
  const arms = `<path d="M${CX - sw + 72},${NB + 130} Q${CX - sw + 58},${NB + 200} ${CX - sw + 62},${HEIGHT}
M${CX + sw - 72},${NB + 130} Q${CX + sw - 58},${NB + 200} ${CX + sw - 62},${HEIGHT}" fill="none" stroke="${trim}" stroke-width="5" opacity="0.45"/>`;
  const styles = look.female
    ? ['scoop', 'vneck', 'crew', 'blouse', 'cami', 'turtleneck', 'blazer']
    : ['crew', 'vneck', 'shirt', 'blazer', 'hoodie', 'sweater', 'shirt'];
  // Older members dress a little more classic.
  const style = rng.pick(look.age >= 50 ? styles.filter((x) => x !== 'hoodie' && x !== 'cami') : styles);
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
  // Fabric shading: darker towards the arms and the bottom, light on the chest, shadow under the chin.
  out += `<defs>${rGradient('clothShade', [[0, '#ffffff', 0.1], [0.55, '#000000', 0], [1, '#000000', 0.32]], 0.5, 0.2, 0.85)}
${vGradient('chinShadow', [[0, '#000000', 0], [0.35, '#000000', 0.2], [1, '#000000', 0]])}</defs>
<path d="${body}" fill="url(#clothShade)"/>
${style === 'cami' ? '' : `<ellipse cx="${CX}" cy="${NB + 48}" rx="${NW + 60}" ry="48" fill="url(#chinShadow)" clip-path="url(#body)"/>`}`;
  return out;
}

