// Members' own photos: upload within the free/premium limit (SPEC.md §5: 3 and 25), pending until
// reviewed. Files are written before the row exists, so a row never points at a missing file.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db.js';
import { NotFoundError, ValidationError } from '../../errors.js';
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

  /**
   * Makes one of the member's own photos the main one. A pending photo may be main (others see no
   * picture until it is approved); a rejected one may not. Another member's photo is not found.
   */
  async setMain(owner: { profileId: number }, photoId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The profile row first, as in upload and remove: a parallel delete of this photo waits.
      await photosRepo.lockProfileRow(tx, owner.profileId);
      const photo = await photosRepo.findOwnPhoto(tx, owner.profileId, photoId);
      if (!photo) throw new NotFoundError('photo_not_found');
      if (photo.status === 'rejected') throw new ValidationError({ photo: 'photoRejectedMain' }, 'photoRejectedMain');
      await photosRepo.setMainPhoto(tx, owner.profileId, photo.id);
    });
  }

  /**
   * Deletes one of the member's own photos with its files and frees its slot; when it was the main
   * photo, the next approved (else pending) one takes its place. Another member's photo is not found.
   */
  async remove(owner: { profileId: number }, photoId: number): Promise<void> {
    const fileKey = await this.db.transaction(async (tx) => {
      await photosRepo.lockProfileRow(tx, owner.profileId);
      const photo = await photosRepo.findOwnPhoto(tx, owner.profileId, photoId);
      if (!photo || !(await photosRepo.deleteOwnPhoto(tx, owner.profileId, photo.id))) throw new NotFoundError('photo_not_found');
      await photosRepo.releasePhotoSlot(tx, owner.profileId);
      if ((await photosRepo.mainPhotoIdOf(tx, owner.profileId)) === photo.id) {
        await photosRepo.setMainPhoto(tx, owner.profileId, await photosRepo.nextMainCandidate(tx, owner.profileId));
      }
      return photo.file_key;
    });
    // Files go after the commit: a failed transaction never leaves a row without its files.
    await this.media.remove(fileKey);
  }
}
