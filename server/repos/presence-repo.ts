// SQL for presence: the embedded presence record (no Redis), i.e. members with a visible page of
// the site open in the app process, until `expires_at` unless the stream's heartbeat renews it (a
// row a crash left behind simply expires; the next stream of that member overwrites it); and
// members' last activity (profiles.last_active_at, also the search feed's order).
import type { Runner } from '../db.js';
import { batchedAllRows } from '../db-read-batch.js';

const CHUNK = 500;

export async function markPresent(db: Runner, userIds: number[], expiresAt: number): Promise<void> {
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = userIds.slice(i, i + CHUNK).map((userId) => ({ user_id: userId, expires_at: expiresAt }));
    await db('presence').insert(rows).onConflict('user_id').merge(['expires_at']);
  }
}

export async function markAbsent(db: Runner, userId: number): Promise<void> {
  await db('presence').where('user_id', userId).delete();
}

export async function isPresent(db: Runner, userId: number, now: number): Promise<boolean> {
  return Boolean(await db('presence').where('user_id', userId).andWhere('expires_at', '>', now).first('user_id'));
}

/**
 * Which of the members are present (by the primary key: one cheap statement for a page of cards).
 * A fixed text per number of members (batchedAllRows): every page of cards with members on it
 * asks it, and knex took longer to build it than SQLite to run it.
 */
export async function presentAmong(db: Runner, userIds: number[], now: number): Promise<number[]> {
  if (userIds.length === 0) return [];
  const sql = `SELECT user_id FROM presence WHERE user_id IN (${userIds.map(() => '?').join(', ')}) AND expires_at > ?`;
  return (await batchedAllRows<{ user_id: number | string }>(db, sql, [...userIds, now])).map((r) => Number(r.user_id));
}

/** Members were active at `now`; never moves a later time back. */
export async function touchLastActive(db: Runner, userIds: number[], now: number): Promise<void> {
  for (let i = 0; i < userIds.length; i += CHUNK) {
    await db('profiles').whereIn('user_id', userIds.slice(i, i + CHUNK)).andWhere('last_active_at', '<', now).update({ last_active_at: now });
  }
}

/** A fictional profile was active (an operator's reply): what `fictional_presence=last_active` shows. */
export async function touchProfileActive(db: Runner, profileId: number, now: number): Promise<void> {
  await db('profiles').where('id', profileId).andWhere('last_active_at', '<', now).update({ last_active_at: now });
}

export interface PresenceSubjectRow {
  id: number;
  user_id: number | null;
  is_fictional: number | boolean;
  status: string;
  last_active_at: number;
}

/** The profiles among `ids` that `viewerProfileId` may see the presence of: not blocked either way. */
export async function presenceSubjects(db: Runner, viewerProfileId: number, ids: number[]): Promise<PresenceSubjectRow[]> {
  if (ids.length === 0) return [];
  return (await db({ p: 'profiles' })
    .whereIn('p.id', ids)
    .whereNotExists((q) =>
      q.from('blocks as b').select('b.blocker_profile_id').where((w) =>
        w.where((x) => x.whereRaw('b.blocker_profile_id = p.id').andWhere('b.blocked_profile_id', viewerProfileId))
          .orWhere((x) => x.where('b.blocker_profile_id', viewerProfileId).andWhereRaw('b.blocked_profile_id = p.id')),
      ),
    )
    .select('p.id', 'p.user_id', 'p.is_fictional', 'p.status', 'p.last_active_at')) as PresenceSubjectRow[];
}
