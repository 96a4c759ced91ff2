// Photo files on local disk, and who may fetch which variant. Full pictures of non-main photos go
// only to premium members (and the owner); everyone else only ever receives the blurred file.
// Chat photos live in a store of their own (another folder), and the chat decides who sees them.
import { mkdir, writeFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db.js';
import { findPhotoByKey } from '../../repos/profiles-repo.js';
import type { MaybeViewer } from '../viewer.js';
import { parsePhotoFileName, photoFileName, type PhotoVariant } from './photo-urls.js';

export class MediaService {
  constructor(
    private readonly db: Db,
    private readonly mediaDir: string,
  ) {}

  /** Files are sharded by the first two characters of their random key. */
  pathOf(fileKey: string, variant: PhotoVariant): string {
    return join(this.mediaDir, fileKey.slice(0, 2), photoFileName(fileKey, variant));
  }

  /** Writes the variants given (a chat photo has no blurred one). */
  async store(fileKey: string, files: Partial<Record<PhotoVariant, Buffer>>): Promise<void> {
    await mkdir(join(this.mediaDir, fileKey.slice(0, 2)), { recursive: true });
    await Promise.all((Object.keys(files) as PhotoVariant[]).map((v) => writeFile(this.pathOf(fileKey, v), files[v]!)));
  }

  async remove(fileKey: string): Promise<void> {
    await Promise.all((['full', 'thumb', 'blur'] as const).map((v) => unlink(this.pathOf(fileKey, v)).catch(() => undefined)));
  }

  /** The disk path to send for a requested file name, or undefined when the viewer may not see it. */
  async resolveForViewer(fileName: string, viewer: MaybeViewer): Promise<string | undefined> {
    const parsed = parsePhotoFileName(fileName);
    if (!parsed) return undefined;
    const photo = await findPhotoByKey(this.db, parsed.fileKey);
    if (!photo) return undefined;
    const own = viewer !== null && viewer.profileId === photo.profile_id;
    if (photo.status !== 'active' && !own) return undefined;
    if (parsed.variant !== 'blur' && !own && !photo.is_main && !viewer?.premium) return undefined;
    return this.pathOf(parsed.fileKey, parsed.variant);
  }
}
