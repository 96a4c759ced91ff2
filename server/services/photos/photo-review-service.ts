// Operators' review of members' photos: uploads wait as pending (never shown to others) until
// approved (active) or rejected. A rejected photo frees its upload slot, hands the main-photo
// place to the next photo, and its files are deleted, so no URL can ever serve it again.
import type { Db } from '../../db.js';
import * as reviewRepo from '../../repos/photo-review-repo.js';
import { lockProfileRow, releasePhotoSlot } from '../../repos/photos-repo.js';
import type { MediaService } from '../media/media-service.js';

export interface PendingPhoto {
  id: number;
  profileId: number;
  profileName: string;
  createdAt: number;
  /** The full picture on disk, for the operator to look at. */
  fullPath: string;
}

export type ReviewOutcome =
  | { photoId: number; outcome: 'approved' }
  | { photoId: number; outcome: 'rejected'; profileId: number; newMainPhotoId?: number | null }
  | { photoId: number; outcome: 'skipped'; reason: string };

export interface ReviewSummary {
  approved: number;
  rejected: number;
  skipped: number;
  results: ReviewOutcome[];
}

export class PhotoReviewService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
  ) {}

  /** Pending photos, oldest first, and how many are pending in all. */
  async listPending(limit = 50): Promise<{ photos: PendingPhoto[]; total: number }> {
    const [rows, total] = await Promise.all([reviewRepo.listPendingPhotos(this.db, limit), reviewRepo.countPendingPhotos(this.db)]);
    const photos = rows.map((r) => ({
      id: r.id, profileId: r.profile_id, profileName: r.profile_name, createdAt: r.created_at, fullPath: this.media.pathOf(r.file_key, 'full'),
    }));
    return { photos, total };
  }

  /** Approves and rejects pending photos; any other id is reported and skipped. A dry run only checks. */
  async review(decisions: { approve?: number[]; reject?: number[] }, opts: { dryRun?: boolean; now?: number } = {}): Promise<ReviewSummary> {
    const summary: ReviewSummary = { approved: 0, rejected: 0, skipped: 0, results: [] };
    const now = opts.now ?? Date.now();
    const add = (r: ReviewOutcome) => {
      summary[r.outcome] += 1;
      summary.results.push(r);
    };
    for (const id of decisions.approve ?? []) add(await this.approve(id, now, opts.dryRun ?? false));
    for (const id of decisions.reject ?? []) add(await this.reject(id, now, opts.dryRun ?? false));
    return summary;
  }

  private async approve(photoId: number, now: number, dryRun: boolean): Promise<ReviewOutcome> {
    const photo = await reviewRepo.findPhoto(this.db, photoId);
    const notPending = whyNotPending(photo);
    if (notPending) return { photoId, outcome: 'skipped', reason: notPending };
    if (!dryRun && !(await reviewRepo.decidePending(this.db, photoId, 'active', now))) return { photoId, outcome: 'skipped', reason: 'decided meanwhile' };
    return { photoId, outcome: 'approved' };
  }

  private async reject(photoId: number, now: number, dryRun: boolean): Promise<ReviewOutcome> {
    const photo = await reviewRepo.findPhoto(this.db, photoId);
    const notPending = whyNotPending(photo);
    if (notPending || !photo) return { photoId, outcome: 'skipped', reason: notPending ?? 'not found' };
    if (dryRun) return { photoId, outcome: 'rejected', profileId: photo.profile_id };
    const decided = await this.db.transaction(async (tx) => {
      // The profile row's write lock first: the count and main photo change below (MariaDB deadlocks otherwise).
      await lockProfileRow(tx, photo.profile_id);
      if (!(await reviewRepo.decidePending(tx, photoId, 'rejected', now))) return undefined;
      await releasePhotoSlot(tx, photo.profile_id);
      return { newMain: await reviewRepo.replaceMainPhoto(tx, photo.profile_id, photoId) };
    });
    if (!decided) return { photoId, outcome: 'skipped', reason: 'decided meanwhile' };
    // After the commit: the row no longer points at these files for anyone.
    await this.media.remove(photo.file_key);
    return { photoId, outcome: 'rejected', profileId: photo.profile_id, ...(decided.newMain !== undefined && { newMainPhotoId: decided.newMain }) };
  }
}

function whyNotPending(photo: reviewRepo.ReviewedPhotoRow | undefined): string | undefined {
  if (!photo) return 'not found';
  return photo.status === 'pending' ? undefined : `not pending (${photo.status})`;
}
