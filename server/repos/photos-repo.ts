// SQL for members' own photos: the guarded slot count and the photo rows.
import type { Runner } from '../db.js';

/**
 * Takes one photo slot if the profile has fewer than `limit`. A single guarded UPDATE, so parallel
 * uploads cannot pass the limit together; false when it is reached.
 */
export async function takePhotoSlot(db: Runner, profileId: number, limit: number): Promise<boolean> {
  const changed = await db('profiles')
    .where('id', profileId)
    .andWhere('photo_count', '<', limit)
    .update({ photo_count: db.raw('photo_count + 1'), updated_at: Date.now() });
  return Number(changed) === 1;
}

export async function releasePhotoSlot(db: Runner, profileId: number): Promise<void> {
  await db('profiles').where('id', profileId).andWhere('photo_count', '>', 0).update({ photo_count: db.raw('photo_count - 1') });
}

/**
 * Takes the profile row's write lock first: the photo insert's foreign-key check would otherwise
 * share-lock it, and two uploads upgrading that lock together deadlock on MariaDB.
 */
export async function lockProfileRow(db: Runner, profileId: number): Promise<void> {
  await db('profiles').where('id', profileId).update({ updated_at: Date.now() });
}

export async function insertPhoto(db: Runner, p: { profileId: number; fileKey: string; width: number; height: number }, now: number): Promise<number> {
  const last = await db('photos').where('profile_id', p.profileId).max({ m: 'position' }).first();
  const [id] = await db('photos').insert({
    profile_id: p.profileId, file_key: p.fileKey, width: p.width, height: p.height, status: 'pending',
    position: Number(last?.m ?? -1) + 1, created_at: now,
  });
  return Number(id);
}

/** The first photo becomes the main one; later ones leave the choice alone. */
export async function setMainIfNone(db: Runner, profileId: number, photoId: number): Promise<void> {
  await db('profiles').where('id', profileId).whereNull('main_photo_id').update({ main_photo_id: photoId });
}

export async function fileKeysOfProfile(db: Runner, profileId: number): Promise<string[]> {
  const rows = await db('photos').where('profile_id', profileId).select('file_key');
  return rows.map((r: { file_key: string }) => r.file_key);
}

export async function deletePhotosOfProfile(db: Runner, profileId: number): Promise<void> {
  await db('profiles').where('id', profileId).update({ main_photo_id: null, photo_count: 0 });
  await db('photos').where('profile_id', profileId).delete();
}
