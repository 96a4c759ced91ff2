// SQL for the operators' review of members' pending photos.
import type { Runner } from '../db.js';
import { mainPhotoIdOf, nextMainCandidate, setMainPhoto } from './photos-repo.js';

export interface PendingPhotoRow {
  id: number;
  profile_id: number;
  profile_name: string;
  file_key: string;
  created_at: number;
}

/** Oldest first, on the (status, created_at) index. */
export async function listPendingPhotos(db: Runner, limit: number): Promise<PendingPhotoRow[]> {
  const rows = await db({ ph: 'photos' })
    .join({ p: 'profiles' }, 'p.id', 'ph.profile_id')
    .where('ph.status', 'pending')
    .orderBy([{ column: 'ph.created_at' }, { column: 'ph.id' }])
    .limit(limit)
    .select('ph.id', 'ph.profile_id', 'p.name as profile_name', 'ph.file_key', 'ph.created_at');
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id), profile_id: Number(r.profile_id), profile_name: String(r.profile_name), file_key: String(r.file_key), created_at: Number(r.created_at),
  }));
}

export async function countPendingPhotos(db: Runner): Promise<number> {
  const row = await db('photos').where('status', 'pending').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export interface ReviewedPhotoRow {
  id: number;
  profile_id: number;
  file_key: string;
  status: 'pending' | 'active' | 'rejected';
}

export async function findPhoto(db: Runner, photoId: number): Promise<ReviewedPhotoRow | undefined> {
  const row = await db('photos').where('id', photoId).first('id', 'profile_id', 'file_key', 'status');
  return row ? { id: Number(row.id), profile_id: Number(row.profile_id), file_key: String(row.file_key), status: row.status } : undefined;
}

/** Guarded: only a pending photo changes, so two reviewers cannot both decide it; true if this call did. */
export async function decidePending(db: Runner, photoId: number, status: 'active' | 'rejected', now: number): Promise<boolean> {
  return Number(await db('photos').where({ id: photoId, status: 'pending' }).update({ status, reviewed_at: now })) === 1;
}

/**
 * When the rejected photo was the main one, the next photo takes its place (nextMainCandidate:
 * the first approved one by position, else the first pending one, else none).
 */
export async function replaceMainPhoto(db: Runner, profileId: number, rejectedId: number): Promise<number | null | undefined> {
  if ((await mainPhotoIdOf(db, profileId)) !== rejectedId) return undefined;
  const nextId = await nextMainCandidate(db, profileId);
  await setMainPhoto(db, profileId, nextId);
  return nextId;
}
