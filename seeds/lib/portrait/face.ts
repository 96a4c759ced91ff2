// The face: skin with soft shading, eyes, brows, nose, mouth, age lines, beard, glasses, earrings.
// Shapes and colours come from the person's Look; only the expression (smile, gaze) and the
// light differ between photos.
import type { Look } from './look.js';
import { personRng } from './look.js';
import { CX, darken, lighten, mirrored, mix, r1, rGradient, vGradient } from './svg.js';

export interface Expression {
  /** An open smile showing teeth, or a closed one. */
  open: boolean;
  gazeX: number;
  /** -1 light from the left, 1 from the right. */
  lightSide: number;
}

export function facePath(look: Look): string {
  const { W, FT, FM, CY, jaw } = look;
  const jawY = look.female ? 80 : 92;
  return `M${CX},${FT} C${CX + W * 0.62},${FT} ${CX + W},${FT + 62} ${CX + W},${FM}
C${CX + W},${FM + jawY} ${r1(CX + W * jaw)},${r1(CY - 8)} ${CX},${r1(CY)}
C${r1(CX - W * jaw)},${r1(CY - 8)} ${CX - W},${FM + jawY} ${CX - W},${FM}
C${CX - W},${FT + 62} ${CX - W * 0.62},${FT} ${CX},${FT}Z`;
}

/** Skin gradients: lit on the light side, rounder towards the edges. */
export function skinDefs(look: Look, ex: Expression): string {
  return `<defs>${rGradient('skinG', [[0, look.skinLight], [0.6, look.skin], [1, mix(look.skin, look.skinShade, 0.55)]], 0.5 + ex.lightSide * 0.12, 0.4, 0.62)}
${rGradient('blush', [[0, '#ff7a7a', look.female ? 0.2 : 0.08], [1, '#ff7a7a', 0]])}</defs>`;
}

export function face(look: Look, path: string): string {
  return `<path d="${path}" fill="url(#skinG)"/>`;
}

export function ears(look: Look): string {
  const { W, FM, skin, skinShade } = look;
  const ex = CX - W + 4;
  return mirrored(`<ellipse cx="${r1(ex)}" cy="${FM + 22}" rx="20" ry="33" fill="${mix(skin, skinShade, 0.25)}"/>
<path d="M${r1(ex - 6)},${FM + 44} Q${r1(ex - 12)},${FM + 18} ${r1(ex - 2)},${FM + 2}" fill="none" stroke="${skinShade}" stroke-width="5" stroke-linecap="round"/>`);
}

export function earrings(look: Look): string {
  if (!look.earrings) return '';
  const { W, FM } = look;
  const { metal, hoop } = look.earrings;
  const x = CX - W - 2;
  const y = FM + 52;
  return mirrored(
    hoop
      ? `<circle cx="${r1(x)}" cy="${y + 14}" r="14" fill="none" stroke="${metal}" stroke-width="4"/>`
      : `<circle cx="${r1(x)}" cy="${y}" r="6.5" fill="${metal}"/><circle cx="${r1(x)}" cy="${y + 20}" r="5" fill="${metal}"/>`,
  );
}

export function eyes(look: Look, ex: Expression): string {
  const { EY, ED, female, brow, eyeWidth: ew, eyeHeight: eh, iris } = look;
  const x = CX - ED;
  const almond = `M${r1(x - ew)},${r1(EY)} C${r1(x - ew * 0.5)},${r1(EY - eh * 1.35)} ${r1(x + ew * 0.5)},${r1(EY - eh * 1.35)} ${r1(x + ew)},${r1(EY)}
C${r1(x + ew * 0.5)},${r1(EY + eh * 1.1)} ${r1(x - ew * 0.5)},${r1(EY + eh * 1.1)} ${r1(x - ew)},${r1(EY)}Z`;
  const lid = `M${r1(x - ew - 2)},${r1(EY + 1)} C${r1(x - ew * 0.5)},${r1(EY - eh * 1.4)} ${r1(x + ew * 0.5)},${r1(EY - eh * 1.4)} ${r1(x + ew + 1)},${r1(EY)}`;
  const crease = `M${r1(x - ew + 2)},${r1(EY - eh * 1.2)} Q${r1(x)},${r1(EY - eh * 2.3)} ${r1(x + ew - 2)},${r1(EY - eh * 1.3)}`;
  const lash = female ? `M${r1(x - ew - 1)},${r1(EY)} L${r1(x - ew - 9)},${r1(EY - 7)}` : '';
  const lidColor = darken(brow, 0.45);
  const r = female ? 11.5 : 10.5;
  const shadow = look.makeup
    ? `<path d="${crease}L${r1(x + ew)},${r1(EY)} L${r1(x - ew)},${r1(EY)}Z" fill="${mix(look.skinShade, '#7a5a6a', 0.3)}" opacity="0.35"/>`
    : '';
  const one = `${shadow}<path d="${almond}" fill="#f8f4ef"/>
<g clip-path="url(#eyeclip)"><circle cx="${r1(x + ex.gazeX)}" cy="${r1(EY - 1)}" r="${r}" fill="url(#irisG)"/>
<circle cx="${r1(x + ex.gazeX)}" cy="${r1(EY - 1)}" r="${r1(r * 0.46)}" fill="#140e0c"/>
<path d="M${r1(x - ew)},${r1(EY - eh)} L${r1(x + ew)},${r1(EY - eh)} L${r1(x + ew)},${r1(EY - eh * 0.35)} Q${r1(x)},${r1(EY - eh * 0.1)} ${r1(x - ew)},${r1(EY - eh * 0.35)}Z" fill="#000000" opacity="0.12"/></g>
<circle cx="${r1(x + ex.gazeX + 4)}" cy="${r1(EY - 5)}" r="3" fill="#ffffff"/>
<path d="${lid}${lash}" fill="none" stroke="${lidColor}" stroke-width="${female ? 4.5 : 3.5}" stroke-linecap="round"/>
<path d="${crease}" fill="none" stroke="${look.skinShade}" stroke-width="2.5" stroke-linecap="round" opacity="0.5"/>`;
  const clip = `<defs><clipPath id="eyeclip"><path d="${almond}"/><path d="${almond}" transform="matrix(-1 0 0 1 ${CX * 2} 0)"/></clipPath>
${rGradient('irisG', [[0, lighten(iris, 0.25)], [0.7, iris], [1, darken(iris, 0.45)]])}</defs>`;
  return clip + mirrored(one);
}

export function brows(look: Look): string {
  const { EY, ED, female, brow, browArch, browWidth } = look;
  const by = EY - (female ? 36 : 32);
  const x = CX - ED;
  const d = `M${r1(x - 26)},${r1(by + 7)} Q${r1(x - 4)},${r1(by - browArch)} ${r1(x + 22)},${r1(by + 1)}`;
  return mirrored(`<path d="${d}" fill="none" stroke="${brow}" stroke-width="${r1(browWidth)}" stroke-linecap="round"/>`);
}

export function noseAndCheeks(look: Look, ex: Expression): string {
  const { EY, ED, skinShade, noseWidth: nw } = look;
  const cheek = `<ellipse cx="${r1(CX - ED - 8)}" cy="${r1(EY + 52)}" rx="34" ry="22" fill="url(#blush)"/>`;
  const side = ex.lightSide < 0 ? 1 : -1;
  const freckles = look.freckles ? freckleDots(look) : '';
  return `${mirrored(cheek)}${freckles}
<path d="M${r1(CX + side * 6)},${r1(EY + 14)} Q${r1(CX + side * 12)},${r1(EY + 40)} ${r1(CX + side * 16 * nw)},${r1(EY + 56)}" fill="none" stroke="${skinShade}" stroke-width="7" stroke-linecap="round" opacity="0.25"/>
<path d="M${r1(CX - 15 * nw)},${r1(EY + 56)} Q${r1(CX - 19 * nw)},${r1(EY + 66)} ${r1(CX - 9 * nw)},${r1(EY + 68)} Q${CX},${r1(EY + 74)} ${r1(CX + 9 * nw)},${r1(EY + 68)} Q${r1(CX + 19 * nw)},${r1(EY + 66)} ${r1(CX + 15 * nw)},${r1(EY + 56)}" fill="none" stroke="${skinShade}" stroke-width="4.5" stroke-linecap="round"/>
<ellipse cx="${r1(CX - side * 3)}" cy="${r1(EY + 50)}" rx="6" ry="9" fill="#ffffff" opacity="0.18"/>`;
}

function freckleDots(look: Look): string {
  const rng = personRng(look, 7);
  let dots = '';
  for (let i = 0; i < 22; i++) {
    const x = CX + (rng.chance(0.5) ? 1 : -1) * rng.float(14, look.ED + 30);
    dots += `<circle cx="${r1(x)}" cy="${r1(look.EY + rng.float(28, 62))}" r="${r1(rng.float(1.6, 3))}" fill="${darken(look.skin, 0.3)}" opacity="0.45"/>`;
  }
  return dots;
}

export function mouth(look: Look, ex: Expression): string {
  const { MY, female, skinShade, lip } = look;
  const f = look.lipFull;
  if (ex.open) {
    const d = `M${CX - 32},${MY - 4} Q${CX},${MY + 6} ${CX + 32},${MY - 4} Q${CX + 26},${r1(MY + 28 * f)} ${CX},${r1(MY + 29 * f)} Q${CX - 26},${r1(MY + 28 * f)} ${CX - 32},${MY - 4}Z`;
    return `<defs><clipPath id="mouth"><path d="${d}"/></clipPath></defs>
<path d="${d}" fill="#6e2a30"/><g clip-path="url(#mouth)"><rect x="${CX - 34}" y="${MY - 8}" width="68" height="16" fill="#f7f1ea"/>
<ellipse cx="${CX}" cy="${r1(MY + 28 * f)}" rx="16" ry="9" fill="#c8646c"/></g>
<path d="${d}" fill="none" stroke="${female ? lip : darken(skinShade, 0.2)}" stroke-width="${female ? 5 : 3}" stroke-linejoin="round"/>`;
  }
  const upper = `M${CX - 28},${MY} C${CX - 18},${r1(MY - 9 * f)} ${CX - 8},${r1(MY - 10 * f)} ${CX},${r1(MY - 5 * f)} C${CX + 8},${r1(MY - 10 * f)} ${CX + 18},${r1(MY - 9 * f)} ${CX + 28},${MY} Q${CX},${MY + 3} ${CX - 28},${MY}Z`;
  const lower = `M${CX - 28},${MY} Q${CX},${MY + 5} ${CX + 28},${MY} C${CX + 20},${r1(MY + 17 * f)} ${CX - 20},${r1(MY + 17 * f)} ${CX - 28},${MY}Z`;
  const lipColour = female ? lip : mix(lip, look.skin, 0.35);
  return `<path d="${upper}" fill="${darken(lipColour, 0.1)}"/><path d="${lower}" fill="${lipColour}"/>
<path d="M${CX - 31},${MY - 3} Q${CX},${MY + 5} ${CX + 31},${MY - 3}" fill="none" stroke="${darken(lipColour, 0.4)}" stroke-width="2.5" stroke-linecap="round"/>
<ellipse cx="${CX + 7}" cy="${r1(MY + 8 * f)}" rx="7" ry="2.5" fill="${lighten(lipColour, 0.4)}" opacity="0.6"/>`;
}

/** Lines that come with age: nothing before 35, faint from 40, clearer from 50 and 60. */
export function ageLines(look: Look): string {
  const { age, EY, ED, FT, MY, skinShade, CY } = look;
  if (age < 36) return '';
  const strength = Math.min(1, (age - 35) / 30);
  const stroke = (o: number) => `fill="none" stroke="${darken(skinShade, 0.1)}" stroke-width="3" stroke-linecap="round" opacity="${r1(o * 100) / 100}"`;
  let out = mirrored(`<path d="M${r1(CX - 28)},${r1(EY + 56)} Q${r1(CX - 46)},${r1(MY - 8)} ${r1(CX - 40)},${r1(MY + 12)}" ${stroke(0.12 + strength * 0.3)}/>`);
  if (age >= 42) {
    out += mirrored(`<path d="M${r1(CX - ED - 30)},${r1(EY - 2)} l-10,-5 M${r1(CX - ED - 30)},${r1(EY + 5)} l-10,4" ${stroke(strength * 0.45)}/>
<path d="M${r1(CX - ED - 14)},${r1(EY + 18)} q14,6 28,0" ${stroke(strength * 0.35)}/>`);
  }
  if (age >= 50) {
    out += `<path d="M${CX - 44},${FT + 72} Q${CX},${FT + 63} ${CX + 44},${FT + 72}" ${stroke(strength * 0.35)}/>`;
  }
  if (age >= 57) {
    out += `<path d="M${CX - 34},${FT + 88} Q${CX},${FT + 81} ${CX + 34},${FT + 88}" ${stroke(strength * 0.3)}/>`;
    out += mirrored(`<path d="M${r1(CX - 34)},${r1(MY + 18)} Q${r1(CX - 38)},${r1(CY - 22)} ${r1(CX - 30)},${r1(CY - 14)}" ${stroke(strength * 0.25)}/>`);
  }
  return out;
}

export function glasses(look: Look): string {
  if (!look.glasses) return '';
  const { EY, ED, W, FM } = look;
  const { frame, round, thin } = look.glasses;
  const x = CX - ED;
  const lens = round
    ? `<circle cx="${r1(x)}" cy="${r1(EY)}" r="30"/>`
    : `<rect x="${r1(x - 34)}" y="${r1(EY - 24)}" width="68" height="48" rx="15"/>`;
  const temple = `<path d="M${r1(x - (round ? 30 : 34))},${r1(EY - 6)} L${r1(CX - W + 2)},${r1(FM + 4)}" fill="none"/>`;
  return `<defs>${vGradient('lensG', [[0, '#ffffff', 0.22], [0.5, '#ffffff', 0.04], [1, '#ffffff', 0.1]], 0, 0, 1, 1)}</defs>
<g fill="url(#lensG)" stroke="${frame}" stroke-width="${thin ? 3.5 : 6}" stroke-linecap="round">
${mirrored(lens + temple)}
<path d="M${r1(x + (round ? 30 : 34))},${r1(EY - 4)} Q${CX},${r1(EY - 14)} ${r1(CX + ED - (round ? 30 : 34))},${r1(EY - 4)}" fill="none"/></g>`;
}

export function beard(look: Look): string {
  const kind = look.beard;
  if (kind === 'none') return '';
  const { W, FM, CY, MY, skin } = look;
  const color = mix(look.bodyHair, '#c9c6c0', look.greying * 0.8);
  const full = `M${r1(CX - W)},${FM + 14} C${r1(CX - W + 2)},${FM + 100} ${r1(CX - W * 0.62)},${r1(CY + 10)} ${CX},${r1(CY + 14)}
C${r1(CX + W * 0.62)},${r1(CY + 10)} ${r1(CX + W - 2)},${FM + 100} ${r1(CX + W)},${FM + 14}
L${r1(CX + W - 16)},${FM + 18} C${r1(CX + W - 22)},${FM + 78} ${r1(CX + 60)},${r1(MY - 30)} ${CX + 34},${r1(MY - 20)}
Q${CX},${r1(MY - 34)} ${CX - 34},${r1(MY - 20)} C${r1(CX - 60)},${r1(MY - 30)} ${r1(CX - W + 22)},${FM + 78} ${r1(CX - W + 16)},${FM + 18}Z`;
  const moustache = `M${CX - 40},${r1(MY - 2)} Q${CX - 34},${r1(MY - 24)} ${CX},${r1(MY - 22)} Q${CX + 34},${r1(MY - 24)} ${CX + 40},${r1(MY - 2)} Q${CX},${r1(MY - 12)} ${CX - 40},${r1(MY - 2)}Z`;
  switch (kind) {
    case 'stubble':
      return `<path d="${full}" fill="${mix(color, skin, 0.3)}" opacity="0.35"/>`;
    case 'short':
      return `<path d="${full}" fill="${color}" opacity="0.85"/>`;
    case 'full':
      return `<path d="${full}" fill="${color}"/><path d="${full}" fill="url(#beardShade)"/><defs>${vGradient('beardShade', [[0, '#ffffff', 0.08], [1, '#000000', 0.2]])}</defs>`;
    case 'moustache':
      return `<path d="${full}" fill="${mix(color, skin, 0.3)}" opacity="0.25"/><path d="${moustache}" fill="${color}"/>`;
    default:
      return `<path d="${moustache} M${CX - 30},${r1(MY + 20)} Q${CX},${r1(MY + 12)} ${CX + 30},${r1(MY + 20)} Q${CX + 28},${r1(CY + 6)} ${CX},${r1(CY + 12)} Q${CX - 28},${r1(CY + 6)} ${CX - 30},${r1(MY + 20)}Z" fill="${color}"/>`;
  }
}
