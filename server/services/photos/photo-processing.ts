// Turns an uploaded file into the stored variants: a profile photo's three (full, thumb, blur) and
// a chat photo's two (full, thumb). Every upload is decoded and re-encoded: what is stored is a
// fresh JPEG made from pixels only, so no metadata (GPS, camera, comments) and no smuggled payload
// survives, and a file that is not a picture fails here.
import sharp, { type Metadata, type Sharp } from 'sharp';
import { ValidationError } from '../../errors.js';
import type { PhotoVariant } from '../media/photo-urls.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Larger pixel counts are refused before decoding (a 50 KB PNG can claim 100,000² pixels). */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif']);
const MIN_SIDE = 200;
/** A picture in a conversation may be small (a cropped screenshot), but not a speck. */
export const CHAT_MIN_SIDE = 32;

/** The upload's decoder, once its header says it is a picture of a size we accept. */
async function checkedDecoder(input: Buffer): Promise<() => Sharp> {
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels, so the size can be checked before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ValidationError({ photo: 'photoType' }, 'photoType');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new ValidationError({ photo: 'photoType' }, 'photoType');
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new ValidationError({ photo: 'photoTooManyPixels' }, 'photoTooManyPixels', { photo: { max: MAX_INPUT_PIXELS / 1_000_000 } });
  return () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).autoOrient();
}

/** Decoding errors past the header (a truncated or corrupt file) are "not a picture" too. */
async function asPhotoError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError({ photo: 'photoType' }, 'photoType');
  }
}

function tooSmall(min: number): ValidationError {
  return new ValidationError({ photo: 'photoTooSmall' }, 'photoTooSmall', { photo: { min } });
}

export async function photoVariants(input: Buffer): Promise<{ files: Record<PhotoVariant, Buffer>; width: number; height: number }> {
  const base = await checkedDecoder(input);
  return asPhotoError(async () => {
    const full = await base().resize(1200, 1600, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 84 }).toBuffer({ resolveWithObject: true });
    if (Math.min(full.info.width, full.info.height) < MIN_SIDE) throw tooSmall(MIN_SIDE);
    const [thumb, blur] = await Promise.all([
      base().resize(240, 320, { fit: 'cover', position: 'attention' }).jpeg({ quality: 78 }).toBuffer(),
      base().resize(360, 480, { fit: 'cover' }).blur(28).modulate({ brightness: 0.9 }).jpeg({ quality: 60 }).toBuffer(),
    ]);
    return { files: { full: full.data, thumb, blur }, width: full.info.width, height: full.info.height };
  });
}

export type ChatPhotoVariant = 'full' | 'thumb';

/** A chat photo: the full picture (at most 1600 px) and a thumbnail of the same shape for the bubble. */
export async function chatPhotoVariants(input: Buffer): Promise<{ files: Record<ChatPhotoVariant, Buffer>; width: number; height: number }> {
  const base = await checkedDecoder(input);
  return asPhotoError(async () => {
    const full = await base().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 84 }).toBuffer({ resolveWithObject: true });
    if (Math.min(full.info.width, full.info.height) < CHAT_MIN_SIDE) throw tooSmall(CHAT_MIN_SIDE);
    const thumb = await base().resize(480, 480, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
    return { files: { full: full.data, thumb }, width: full.info.width, height: full.info.height };
  });
}
