// Hair: each style returns a back layer (behind the head) and a front layer (over the forehead).
// The style, colour, greying and hairline belong to the person; hairG/hairBackG are the gradients.
import { FEMALE_STYLES, MALE_STYLES, personRng, type Look } from './look.js';
import { CX, MIRROR, darken, lighten, mix, r1, smooth, vGradient, type Pt, type Rng } from './svg.js';

export function hairDefs(look: Look): string {
  const base = look.hair ?? look.bodyHair;
  return `<defs>${vGradient('hairG', [[0, lighten(base, 0.14)], [0.5, base], [1, darken(base, 0.18)]])}
${vGradient('hairBackG', [[0, darken(base, 0.12)], [1, darken(base, 0.3)]])}</defs>`;
}

/** The person's hair, or for a bald man a shaved head or the hair left at the sides. */
export function hairFor(look: Look): Hair {
  if (!look.hair) return look.horseshoe ? horseshoe(look) : { back: '', front: '', coversEars: false };
  const rng = personRng(look, 3);
  return look.female ? femaleHair(look, rng) : maleHair(look, rng);
}

function horseshoe(look: Look): Hair {
  const { W, FT, FM } = look;
  const side = `<path d="M${r1(CX - W - 6)},${FM - 2} C${r1(CX - W - 10)},${FT + 70} ${r1(CX - W + 4)},${FT + 50} ${r1(CX - W + 24)},${FT + 44} L${r1(CX - W + 16)},${FT + 96} C${r1(CX - W + 8)},${FT + 110} ${r1(CX - W + 6)},${FM - 30} ${r1(CX - W + 8)},${FM - 4}Z" fill="url(#hairG)"/>`;
  return { back: '', front: `${side}<g ${MIRROR}>${side}</g>`, coversEars: false };
}

export interface Hair {
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

function maleHair(look: Look, rng: Rng): Hair {
  const { W, FT, FM } = look;
  const hair = look.hair ?? '';
  const receding = look.receding;
  const line = (y: number): Pt[] => [
    [CX + W - 10, FT + 52 + receding],
    [CX + W * 0.45, y + receding],
    [CX, y - 4 + receding],
    [CX - W * 0.45, y + 2 + receding],
    [CX - W + 10, FT + 52 + receding],
  ];
  switch (MALE_STYLES.indexOf(look.maleStyle)) {
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
      return { back: '', front: hairFill(smooth(pts), 'url(#hairG)'), coversEars: false };
    }
    case 1: {
      // side part with a quiff
      const pts = cap(look, 50, line(FT + 26), 24, 8);
      pts.splice(2, 3, [CX - W * 0.62, FT - 40], [CX - W * 0.15, FT - 70], [CX + W * 0.35, FT - 86], [CX + W * 0.8, FT - 52]);
      const sweep = `<path d="M${r1(CX - W * 0.5)},${FT + 20} Q${r1(CX - W * 0.3)},${FT - 50} ${r1(CX + W * 0.3)},${FT - 70}
M${r1(CX - W * 0.1)},${FT + 20} Q${r1(CX + W * 0.05)},${FT - 30} ${r1(CX + W * 0.6)},${FT - 50}" fill="none" stroke="${darken(hair, 0.25)}" stroke-width="4" stroke-linecap="round" opacity="0.7"/>`;
      return { back: '', front: hairFill(smooth(pts), 'url(#hairG)') + sweep, coversEars: false };
    }
    case 2: // buzz cut
      return {
        back: '',
        front: `<path d="${smooth(cap(look, 22, line(FT + 42), 16, 2))}" fill="${mix(hair, look.skin, 0.2)}"/>`,
        coversEars: false,
      };
    case 3: {
      // curly top
      let curls = hairFill(smooth(cap(look, 36, line(FT + 40), 20, 6)), 'url(#hairG)');
      for (let i = 0; i <= 10; i++) {
        const a = Math.PI * (1.08 + (i / 10) * 0.84);
        const x = CX + Math.cos(a) * (W + 2);
        const y = FT + 70 + Math.sin(a) * 110;
        curls += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rng.float(26, 34))}" fill="url(#hairG)"/>`;
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
      return { back: hairFill(back, 'url(#hairBackG)'), front: hairFill(smooth(pts), 'url(#hairG)') + strands, coversEars: false };
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
      return { back: '', front: hairFill(smooth(pts, true, 0.6), 'url(#hairG)'), coversEars: false };
    }
  }
}

function femaleHair(look: Look, rng: Rng): Hair {
  const { W, FT, FM, CY } = look;
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
    return `<path d="${d}" fill="url(#hairG)"/><path d="${d}" fill="url(#hairG)" ${MIRROR}/>`;
  };
  switch (FEMALE_STYLES.indexOf(look.femaleStyle)) {
    case 0: // long and straight with a side fringe
      return {
        back: hairFill(longBack(790, 0), 'url(#hairBackG)') + lock(800, 0),
        front: hairFill(smooth(cap(look, 50, sideFringe, 50, 22)), 'url(#hairG)'),
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
      return { back: hairFill(back, 'url(#hairBackG)'), front: hairFill(smooth(pts), 'url(#hairG)'), coversEars: true };
    }
    case 2: // long waves
      return {
        back: hairFill(longBack(820, 18), 'url(#hairBackG)') + lock(830, 14),
        front: hairFill(smooth(cap(look, 54, sideFringe, 46, 24)), 'url(#hairG)'),
        coversEars: true,
      };
    case 3: {
      // top knot bun
      const bun = `<circle cx="${CX + rng.float(-10, 10)}" cy="${FT - 62}" r="${r1(rng.float(50, 58))}" fill="url(#hairBackG)"/>`;
      return { back: bun, front: hairFill(smooth(cap(look, 44, pulledBack, 18, 6)), 'url(#hairG)'), coversEars: false };
    }
    case 4: {
      // ponytail falling to one side
      const side = look.ponytailSide;
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
        back: hairFill(smooth(tail), 'url(#hairBackG)'),
        front: hairFill(smooth(cap(look, 46, pulledBack, 18, 6)), 'url(#hairG)'),
        coversEars: false,
      };
    }
    case 5: {
      // voluminous curls
      let back = `<ellipse cx="${CX}" cy="${FM}" rx="${r1(W + 64)}" ry="210" fill="url(#hairBackG)"/>`;
      for (let i = 0; i < 16; i++) {
        const a = Math.PI * (0.85 + (i / 15) * 1.3);
        const x = CX + Math.cos(a) * (W + 70);
        const y = FM + 30 + Math.sin(a) * 200;
        back += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rng.float(44, 58))}" fill="url(#hairBackG)"/>`;
      }
      let front = '';
      for (let i = 0; i <= 9; i++) {
        const a = Math.PI * (1.05 + (i / 9) * 0.9);
        front += `<circle cx="${r1(CX + Math.cos(a) * (W + 4))}" cy="${r1(FT + 80 + Math.sin(a) * 118)}" r="${r1(rng.float(28, 36))}" fill="url(#hairG)"/>`;
      }
      return { back, front, coversEars: true };
    }
    case 7: // shoulder length, straight, parted
      return {
        back: hairFill(longBack(650, 6), 'url(#hairBackG)') + lock(655, 4),
        front: hairFill(smooth(cap(look, 50, sideFringe, 44, 20)), 'url(#hairG)'),
        coversEars: true,
      };
    default: {
      // pixie cut with a side-swept fringe
      const pts = cap(look, 50, sideFringe.slice(0, 4).concat([[L + 6, FT + 96]]), 16, 12);
      return { back: '', front: hairFill(smooth(pts), 'url(#hairG)'), coversEars: false };
    }
  }
}

/** Shine and, for older people, grey streaks, clipped to the front hair. */
export function hairDetail(look: Look, front: string): string {
  if (!look.hair || !front) return '';
  const { W, FT } = look;
  let strokes = `<path d="M${r1(CX - W * 0.55)},${FT - 14} Q${CX - 10},${FT - 40} ${r1(CX + W * 0.35)},${FT - 22}" stroke="${lighten(look.hair, 0.35)}" stroke-width="12" opacity="0.35"/>`;
  if (look.greying > 0) {
    const o = r1(look.greying * 100) / 100;
    if (look.female) {
      strokes += `<path d="M${r1(CX + W * 0.3)},${FT - 40} Q${r1(CX - W * 0.2)},${FT + 10} ${r1(CX - W * 1.1)},${FT + 110}" stroke="#e9e7e3" stroke-width="12" opacity="${o}"/>`;
    } else {
      const temple = `<ellipse cx="${r1(CX - W + 2)}" cy="${FT + 96}" rx="20" ry="60" fill="#e6e4e0" opacity="${o}"/>`;
      strokes += `${temple}<g ${MIRROR}>${temple}</g>`;
      if (look.greying > 0.3) strokes += `<rect x="0" y="0" width="${CX * 2}" height="${FT + 200}" fill="#d9d6d0" opacity="${r1((look.greying - 0.2) * 60) / 100}"/>`;
    }
  }
  return `<defs><clipPath id="hairclip">${shapesOf(front)}</clipPath></defs><g clip-path="url(#hairclip)" fill="none" stroke-linecap="round">${strokes}</g>`;
}

/** The filled outlines of a layer, for use as a clip path or a shadow. */
const shapesOf = (layer: string) =>
  layer.replace(/<path[^>]*fill="none"[^>]*\/>/g, '').replace(/(fill|stroke|opacity|stroke-width)="[^"]*"/g, '');

/** The soft shadow the fringe casts on the forehead. */
export function hairShadow(look: Look, front: string, face: string): string {
  if (!front) return '';
  return `<defs><clipPath id="faceclip"><path d="${face}"/></clipPath></defs>
<g clip-path="url(#faceclip)"><g transform="translate(3 9)" fill="${look.skinShade}" opacity="0.45">${shapesOf(front)}</g></g>`;
}

/** Hair on the sides of the head, filling any gap between the face and the front hair. */
export function skull(look: Look): string {
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
  return `<path d="${d}" fill="url(#hairBackG)"/>`;
}

