// SQL for the data export queue (migrations/…_data_exports.ts): requests, the worker's lease,
// ready files, downloads and expiry.
import { isSqlite, type Runner } from '../db.js';

export interface DataExportRow {
  id: number;
  user_id: number;
  status: 'requested' | 'ready' | 'downloaded' | 'expired' | 'failed';
  base_url: string;
  file_name: string | null;
  size_bytes: number | null;
  attempts: number;
  created_at: number;
  ready_at: number | null;
  expires_at: number | null;
}

const COLUMNS = ['id', 'user_id', 'status', 'base_url', 'file_name', 'size_bytes', 'attempts', 'created_at', 'ready_at', 'expires_at'];

const normalise = (r: DataExportRow | undefined): DataExportRow | undefined =>
  r && { ...r, id: Number(r.id), user_id: Number(r.user_id), attempts: Number(r.attempts), created_at: Number(r.created_at), size_bytes: r.size_bytes === null ? null : Number(r.size_bytes), ready_at: r.ready_at === null ? null : Number(r.ready_at), expires_at: r.expires_at === null ? null : Number(r.expires_at) };

/** Locks the member's row (MySQL) so that two requests at once cannot both pass the limits. */
export async function lockMember(db: Runner, userId: number): Promise<void> {
  const q = db('users').where('id', userId).first('id');
  await (isSqlite(db) ? q : q.forUpdate());
}

export async function insertExport(db: Runner, userId: number, baseUrl: string, now: number): Promise<number> {
  const [id] = await db('data_exports').insert({ user_id: userId, status: 'requested', base_url: baseUrl.slice(0, 191), next_attempt_at: now, created_at: now });
  return Number(id);
}

export async function countRequestedSince(db: Runner, userId: number, since: number): Promise<number> {
  const row = (await db('data_exports').where('user_id', userId).andWhere('created_at', '>=', since).count({ n: '*' }).first()) as { n: number | string };
  return Number(row.n);
}

/** The member's newest export (what /settings tells about). */
export async function latestExportOf(db: Runner, userId: number): Promise<DataExportRow | undefined> {
  return normalise((await db('data_exports').where('user_id', userId).orderBy('id', 'desc').first(COLUMNS)) as DataExportRow | undefined);
}

export async function dueExportIds(db: Runner, now: number, limit: number): Promise<number[]> {
  const rows = (await db('data_exports')
    .where('status', 'requested')
    .andWhere('next_attempt_at', '<=', now)
    .andWhere((q) => q.whereNull('locked_until').orWhere('locked_until', '<', now))
    .orderBy('id')
    .limit(limit)
    .pluck('id')) as (number | string)[];
  return rows.map(Number);
}

/** Takes the lease on a due export; undefined when another worker has it or it is no longer due. */
export async function claimExport(db: Runner, id: number, worker: string, now: number, leaseMs: number): Promise<DataExportRow | undefined> {
  const changed = await db('data_exports')
    .where({ id, status: 'requested' })
    .andWhere((q) => q.whereNull('locked_until').orWhere('locked_until', '<', now))
    .update({ locked_by: worker, locked_until: now + leaseMs });
  if (changed !== 1) return undefined;
  return normalise((await db('data_exports').where({ id, locked_by: worker }).first(COLUMNS)) as DataExportRow | undefined);
}

/** The worker's export is ready: false when its lease was lost (another worker finished it). */
export async function markReady(db: Runner, id: number, worker: string, o: { fileName: string; size: number; now: number; expiresAt: number }): Promise<boolean> {
  const changed = await db('data_exports').where({ id, status: 'requested', locked_by: worker }).update({
    status: 'ready', file_name: o.fileName, size_bytes: o.size, ready_at: o.now, expires_at: o.expiresAt, attempts: db.raw('attempts + 1'), locked_by: null, locked_until: null, last_error: null,
  });
  return changed === 1;
}

/** A failed attempt: retried at `next`, or failed for good when `next` is null. */
export async function markAttemptFailed(db: Runner, id: number, worker: string, error: string, next: number | null): Promise<void> {
  await db('data_exports').where({ id, status: 'requested', locked_by: worker }).update({
    status: next === null ? 'failed' : 'requested', attempts: db.raw('attempts + 1'), next_attempt_at: next ?? 0, last_error: error.slice(0, 2000), locked_by: null, locked_until: null,
  });
}

/** A newer export replaces the member's earlier ready one (its link stopped working with the new one). */
export async function expireOtherReady(db: Runner, userId: number, exceptId: number): Promise<void> {
  await db('data_exports').where({ user_id: userId, status: 'ready' }).whereNot('id', exceptId).update({ status: 'expired' });
}

/** Marks a ready export of this member downloaded; false when it is not (any more). */
export async function markDownloaded(db: Runner, id: number, userId: number, now: number): Promise<DataExportRow | undefined> {
  const row = normalise((await db('data_exports').where({ id, user_id: userId, status: 'ready' }).andWhere('expires_at', '>', now).first(COLUMNS)) as DataExportRow | undefined);
  if (!row) return undefined;
  const changed = await db('data_exports').where({ id, status: 'ready' }).update({ status: 'downloaded', downloaded_at: now });
  return changed === 1 ? row : undefined;
}

export async function expireDue(db: Runner, now: number): Promise<void> {
  await db('data_exports').where('status', 'ready').andWhere('expires_at', '<=', now).update({ status: 'expired' });
}

/** Files that are no longer needed: downloaded, expired or replaced exports whose file is still named. */
export async function filesToRemove(db: Runner, limit: number): Promise<{ id: number; file_name: string }[]> {
  const rows = (await db('data_exports').whereIn('status', ['downloaded', 'expired', 'failed']).whereNotNull('file_name').orderBy('id').limit(limit).select('id', 'file_name')) as { id: number; file_name: string }[];
  return rows.map((r) => ({ id: Number(r.id), file_name: r.file_name }));
}

export async function forgetFile(db: Runner, id: number): Promise<void> {
  await db('data_exports').where('id', id).update({ file_name: null });
}

/** Every export file name the table still knows (the sweep deletes files it does not). */
export async function knownFileNames(db: Runner): Promise<Set<string>> {
  return new Set((await db('data_exports').whereNotNull('file_name').pluck('file_name')) as string[]);
}
