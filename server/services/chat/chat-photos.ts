// Photos sent in chat (issue 5): decoded and re-encoded like profile photos (no metadata survives),
// written to their own store before the message's transaction and deleted again when it fails;
// served only to the two members of the conversation, so a guessed URL gives anyone else a 404.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db.js';
import * as chatPhotosRepo from '../../repos/chat-photos-repo.js';
import type { MediaService } from '../media/media-service.js';
import { parsePhotoFileName } from '../media/photo-urls.js';
import { chatPhotoVariants } from '../photos/photo-processing.js';
import type { MaybeViewer } from '../viewer.js';

export interface StoredChatPhoto {
  fileKey: string;
  width: number;
  height: number;
}

const PURGE_BATCH = 200;

export class ChatPhotos {
  constructor(
    private readonly db: Db,
    /** A media store of their own (not the profile photos' folder). */
    private readonly store: MediaService,
  ) {}

  /** Checks and re-encodes an upload, then writes its files; throws the localized photo errors. */
  async save(upload: Buffer): Promise<StoredChatPhoto> {
    const { files, width, height } = await chatPhotoVariants(upload);
    const fileKey = randomBytes(16).toString('hex');
    try {
      await this.store.store(fileKey, files);
    } catch (err) {
      await this.discard(fileKey);
      throw err;
    }
    return { fileKey, width, height };
  }

  /** The files of a photo whose message was not stored. */
  async discard(fileKey: string): Promise<void> {
    await this.store.remove(fileKey);
  }

  /** The disk path of a requested chat photo file, only for a member of its conversation. */
  async fileFor(viewer: MaybeViewer, fileName: string): Promise<string | undefined> {
    const parsed = parsePhotoFileName(fileName);
    if (!viewer || !parsed || parsed.variant === 'blur') return undefined;
    const photo = await chatPhotosRepo.findChatPhotoOfMember(this.db, parsed.fileKey, viewer.profileId);
    return photo ? this.store.pathOf(parsed.fileKey, parsed.variant) : undefined;
  }

  /** Deletes the files (then the rows) of photos whose conversation is gone; a dry run counts them. */
  async purgeOrphans(o: { dryRun?: boolean } = {}): Promise<{ photos: number }> {
    if (o.dryRun) return { photos: await chatPhotosRepo.countOrphanChatPhotos(this.db) };
    let photos = 0;
    for (;;) {
      const rows = await chatPhotosRepo.listOrphanChatPhotos(this.db, PURGE_BATCH);
      if (!rows.length) return { photos };
      await Promise.all(rows.map((r) => this.store.remove(r.file_key)));
      await chatPhotosRepo.deleteChatPhotos(this.db, rows.map((r) => r.id));
      photos += rows.length;
    }
  }
}
