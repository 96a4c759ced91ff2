// Deterministic illustrated demo profile pictures, drawn as SVG and rendered locally with sharp.
// A person (seed, age, hair colour, heritage) always has the same face, hair, eyes, beard and
// glasses; `variant` picks one of their photos: another place, outfit, pose, crop, light and smile.
import sharp, { type Sharp } from 'sharp';
import { clothes, neck } from './portrait/clothes.js';
import { ageLines, beard, brows, earrings, ears, eyes, face, facePath, glasses, mouth, noseAndCheeks, skinDefs, type Expression } from './portrait/face.js';
import { hairDefs, hairDetail, hairFor, hairShadow, skull } from './portrait/hair.js';
import { buildLook, type Heritage } from './portrait/look.js';
import { background, lightFor, lighting, shadowBehind } from './portrait/scene.js';
import { CX, HEIGHT, Rng, WIDTH, hashSeed, r1 } from './portrait/svg.js';

export type { Heritage };

export interface AvatarSpec {
  /** The person: the same seed always draws the same face. */
  seed: number;
  gender: 'male' | 'female';
  /** Age in years; the face, hair and greying follow it. */
  age?: number;
  /** Older callers' coarse age, used when `age` is missing. */
  ageGroup?: 'young' | 'middle' | 'older';
  /** The profile's hair_color attribute. */
  hairColor: string;
  eyeColor?: string;
  heritage?: Heritage;
  /** Which photo of the person. */
  variant: number;
}

/** The background is drawn at a quarter of the size and blurred: out of focus, and cheap. */
const BG_WIDTH = WIDTH / 4;
const BG_HEIGHT = HEIGHT / 4;
const BG_BLUR = 2.4;

const AGE_OF_GROUP = { young: 26, middle: 41, older: 58 } as const;

/**
 * The background with its light (small, to be blurred: full-size SVG gradients and blur filters are
 * the slow part of drawing) and the person over it (transparent around them, lit by skin gradients).
 */
export function buildSvgs(spec: AvatarSpec): { background: string; figure: string } {
  const look = buildLook({ ...spec, age: spec.age ?? AGE_OF_GROUP[spec.ageGroup ?? 'middle'] });
  const photo = new Rng(hashSeed(spec.seed, 2, Math.abs(Math.floor(spec.variant))));
  const bg = background(photo);
  const sun = lightFor(photo);
  const ex: Expression = { open: photo.chance(0.45), gazeX: photo.float(-2.5, 2.5), lightSide: sun.side };
  const outfit = clothes(look, photo);
  // Framing: how close the camera is, where the person stands and how they hold their head.
  const zoom = photo.float(1.02, 1.2);
  const dx = photo.float(-36, 36);
  const dy = photo.float(-10, 30);
  const tilt = photo.float(-5, 5);
  const hair = hairFor(look);
  const path = facePath(look);
  const headPivot = `${CX} ${r1(look.CY + 40)}`;
  const head = `rotate(${r1(tilt)} ${headPivot}) translate(${CX} ${look.NB}) scale(0.93) translate(${-CX} ${-look.NB})`;
  const baldShine = look.hair
    ? ''
    : `<path d="M${CX - 60},${look.FT + 30} Q${CX - 10},${look.FT + 6} ${CX + 40},${look.FT + 22}" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.16"/>`;
  const backdrop = `<svg xmlns="http://www.w3.org/2000/svg" width="${BG_WIDTH}" height="${BG_HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
${bg}${shadowBehind(sun, dx)}${lighting(sun)}</svg>`;
  const figure = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
${skinDefs(look, ex)}${hairDefs(look)}
<g transform="translate(${r1(dx)} ${r1(dy)}) translate(${CX} 700) scale(${r1(zoom * 100) / 100}) translate(${-CX} -700)">
<g transform="${head}">${hair.back}${look.hair ? skull(look) : ''}</g>
${neck(look)}
${outfit}
<g transform="${head}">
${hair.coversEars ? '' : ears(look)}
${face(look, path)}
${baldShine}
${hairShadow(look, hair.front, path)}
${ageLines(look)}
${noseAndCheeks(look, ex)}
${eyes(look, ex)}
${brows(look)}
${beard(look)}
${mouth(look, ex)}
${hair.front}
${hairDetail(look, hair.front)}
${glasses(look)}
${earrings(look)}
</g>
</g>
</svg>`;
  return { background: backdrop, figure };
}

/** The portrait as a sharp pipeline: the blurred background is embedded, the person drawn over it. */
async function portrait(spec: AvatarSpec): Promise<Sharp> {
  const { background, figure } = buildSvgs(spec);
  const png = await sharp(Buffer.from(background)).blur(BG_BLUR).png({ compressionLevel: 1 }).toBuffer();
  const backdrop = `<image href="data:image/png;base64,${png.toString('base64')}" width="${WIDTH}" height="${HEIGHT}" preserveAspectRatio="none"/>`;
  return sharp(Buffer.from(figure.replace(FIGURE_OPEN, `$1${backdrop}`)));
}

const FIGURE_OPEN = /^(<svg[^>]*>)/;

/** Renders a 720x960 JPEG portrait; the same spec always gives the same picture. */
export async function renderAvatar(spec: AvatarSpec): Promise<Buffer> {
  return (await portrait(spec)).jpeg({ quality: 84, mozjpeg: false }).toBuffer();
}

/**
 * The three stored sizes of a demo photo straight from the drawing (what makeVariants(renderAvatar())
 * gives, without encoding and decoding the JPEG in between: seeding draws hundreds of these).
 */
export async function renderAvatarVariants(spec: AvatarSpec): Promise<{ full: Buffer; thumb: Buffer; blurred: Buffer }> {
  const { data, info } = await (await portrait(spec)).raw().toBuffer({ resolveWithObject: true });
  const image = () => sharp(data, { raw: info });
  const [full, thumb, tiny] = await Promise.all([
    image().jpeg({ quality: 82, mozjpeg: false }).toBuffer(),
    image().resize(240, 320).jpeg({ quality: 78, mozjpeg: false }).toBuffer(),
    // Blurring a quarter-size copy and scaling it up looks the same as blur(28) at full size, far cheaper.
    image().resize(90, 120).blur(7).raw().toBuffer({ resolveWithObject: true }),
  ]);
  const blurred = await sharp(tiny.data, { raw: tiny.info })
    .resize(360, 480, { kernel: 'linear' })
    .modulate({ brightness: 0.85 })
    .jpeg({ quality: 60, mozjpeg: false })
    .toBuffer();
  return { full, thumb, blurred };
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
