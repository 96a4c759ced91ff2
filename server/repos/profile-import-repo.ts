// SQL for importing fictional profiles (operators' curated data): the duplicate check, the profile,
// its photos (active at once) and its interests.
import type { Runner } from '../db.js';
import type { ProfileFieldColumns } from './profiles-repo.js';

export interface FictionalProfileRow extends ProfileFieldColumns {
  name: string;
  tattoos: boolean | null;
  appearance: string | null;
  race: string | null;
  language: string;
}

/**
 * The id of a fictional profile with the same name (any letter case), birth date and country.
 * There is no index on the name; the birth date and country narrow the scan.
 */
export async function findFictionalDuplicate(db: Runner, p: { name: string; birthDate: string; country: string }): Promise<number | undefined> {
  const row = await db('profiles')
    .where({ is_fictional: true, birth_date: p.birthDate, country: p.country })
    .whereRaw('LOWER(name) = ?', [p.name.toLowerCase()])
    .first('id');
  return row ? Number(row.id) : undefined;
}

export async function insertFictionalProfile(db: Runner, p: FictionalProfileRow, now: number): Promise<number> {
  const [id] = await db('profiles').insert({
    ...p, user_id: null, is_fictional: true, status: 'active', last_active_at: now, created_at: now, updated_at: now,
  });
  return Number(id);
}

/** Photos in the given order (positions 0, 1, …), already reviewed; returns their ids in order. */
export async function insertActivePhotos(db: Runner, profileId: number, photos: { fileKey: string; width: number; height: number }[], now: number): Promise<number[]> {
  const ids: number[] = [];
  // One insert per photo: MariaDB reports only the first id of a multi-row insert.
  for (const [position, p] of photos.entries()) {
    const [id] = await db('photos').insert({
      profile_id: profileId, file_key: p.fileKey, width: p.width, height: p.height, status: 'active', position, reviewed_at: now, created_at: now,
    });
    ids.push(Number(id));
  }
  return ids;
}

export async function setPhotoSummary(db: Runner, profileId: number, mainPhotoId: number | null, photoCount: number): Promise<void> {
  await db('profiles').where('id', profileId).update({ main_photo_id: mainPhotoId, photo_count: photoCount });
}

export async function attachInterests(db: Runner, profileId: number, slugs: string[]): Promise<void> {
  if (!slugs.length) return;
  const rows = (await db('interests').whereIn('slug', slugs).select('id')) as { id: number }[];
  if (rows.length) await db('profile_interests').insert(rows.map((r) => ({ profile_id: profileId, interest_id: r.id })));
}
