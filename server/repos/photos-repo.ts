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

export interface OwnPhotoRow {
  id: number;
  profile_id: number;
  file_key: string;
  width: number;
  height: number;
  status: 'pending' | 'active' | 'rejected';
  position: number;
  created_at: number;
}

/** A photo of this profile; another member's id finds nothing, exactly like an unknown one. */
export async function findOwnPhoto(db: Runner, profileId: number, photoId: number): Promise<OwnPhotoRow | undefined> {
  return (await db('photos').where({ id: photoId, profile_id: profileId }).first()) as OwnPhotoRow | undefined;
}

/** Every photo of a profile whatever its review status, in upload order. */
export async function listOwnPhotos(db: Runner, profileId: number): Promise<OwnPhotoRow[]> {
  return (await db('photos').where('profile_id', profileId).orderBy([{ column: 'position' }, { column: 'id' }])) as OwnPhotoRow[];
}

export async function mainPhotoIdOf(db: Runner, profileId: number): Promise<number | null> {
  const row = await db('profiles').where('id', profileId).first('main_photo_id');
  return row?.main_photo_id == null ? null : Number(row.main_photo_id);
}

export async function setMainPhoto(db: Runner, profileId: number, photoId: number | null): Promise<void> {
  await db('profiles').where('id', profileId).update({ main_photo_id: photoId, updated_at: Date.now() });
}

/** True when this call deleted the row (a second, parallel delete of the same photo gets false). */
export async function deleteOwnPhoto(db: Runner, profileId: number, photoId: number): Promise<boolean> {
  return Number(await db('photos').where({ id: photoId, profile_id: profileId }).delete()) === 1;
}

/** The photo that becomes main when the main one goes: the first approved one, else the first pending one. */
export async function nextMainCandidate(db: Runner, profileId: number): Promise<number | null> {
  const row = await db('photos')
    .where('profile_id', profileId)
    .whereIn('status', ['active', 'pending'])
    .orderByRaw("CASE WHEN status = 'active' THEN 0 ELSE 1 END")
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .first('id');
  return row ? Number(row.id) : null;
}
