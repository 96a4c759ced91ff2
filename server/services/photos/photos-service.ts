// Members' own photos: upload within the free/premium limit (SPEC.md §5: 3 and 25), pending until
// reviewed. Files are written before the row exists, so a row never points at a missing file.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db.js';
import { ValidationError } from '../../errors.js';
import * as photosRepo from '../../repos/photos-repo.js';
import type { MediaService } from '../media/media-service.js';
import { photoVariants } from './photo-processing.js';

export const FREE_PHOTO_LIMIT = 3;
export const PREMIUM_PHOTO_LIMIT = 25;

export class PhotosService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
  ) {}

  async upload(owner: { profileId: number; premium: boolean }, file: Buffer): Promise<{ photoId: number; fileKey: string }> {
    const limit = owner.premium ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
    const variants = await photoVariants(file);
    if (!(await photosRepo.takePhotoSlot(this.db, owner.profileId, limit))) {
      throw new ValidationError({ photo: 'photoLimit' }, 'photoLimit', { photo: { max: limit } });
    }
    const fileKey = randomBytes(16).toString('hex');
    try {
      await this.media.store(fileKey, variants.files);
      const photoId = await this.db.transaction(async (tx) => {
        await photosRepo.lockProfileRow(tx, owner.profileId);
        const id = await photosRepo.insertPhoto(tx, { profileId: owner.profileId, fileKey, width: variants.width, height: variants.height }, Date.now());
        await photosRepo.setMainIfNone(tx, owner.profileId, id);
        return id;
      });
      return { photoId, fileKey };
    } catch (err) {
      await this.media.remove(fileKey);
      await photosRepo.releasePhotoSlot(this.db, owner.profileId);
      throw err;
    }
  }

  /** Removes every photo of a profile, files included (account purge). */
  async removeAllOf(profileId: number): Promise<number> {
    const keys = await photosRepo.fileKeysOfProfile(this.db, profileId);
    await photosRepo.deletePhotosOfProfile(this.db, profileId);
    await Promise.all(keys.map((k) => this.media.remove(k)));
    return keys.length;
  }
}
