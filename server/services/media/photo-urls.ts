// Public URLs of photo variants under the site's cdn_prefix. File keys are random, never ids.

export type PhotoVariant = 'full' | 'thumb' | 'blur';

const SUFFIX: Record<PhotoVariant, string> = { full: '', thumb: '_thumb', blur: '_blur' };

export function photoFileName(fileKey: string, variant: PhotoVariant): string {
  return `${fileKey}${SUFFIX[variant]}.jpg`;
}

export function photoUrl(cdnPrefix: string, fileKey: string, variant: PhotoVariant): string {
  return `${cdnPrefix.replace(/\/$/, '')}/${photoFileName(fileKey, variant)}`;
}

/** Parses "<key>[_thumb|_blur].jpg"; undefined for anything else. */
export function parsePhotoFileName(name: string): { fileKey: string; variant: PhotoVariant } | undefined {
  const m = /^([a-z0-9]{16,64})(_thumb|_blur)?\.jpg$/.exec(name);
  if (!m) return undefined;
  const variant: PhotoVariant = m[2] === '_thumb' ? 'thumb' : m[2] === '_blur' ? 'blur' : 'full';
  return { fileKey: m[1]!, variant };
}

/**
 * Where a chat photo is fetched: always from this app (never a CDN), which hands it only to the
 * two members of its conversation.
 */
export const CHAT_PHOTO_PATH = '/media/chat';

export function chatPhotoUrl(fileKey: string, variant: 'full' | 'thumb'): string {
  return `${CHAT_PHOTO_PATH}/${photoFileName(fileKey, variant)}`;
}
