// SQL for deleting accounts: the pending state, reactivation and the final anonymisation.
import type { Runner } from '../db.js';
import { NO_LOCATION } from './places-repo.js';

export async function markPendingDeletion(db: Runner, userId: number, o: { reason: string; remarks: string | null }, now: number): Promise<void> {
  await db('users').where('id', userId).whereIn('status', ['active', 'not_confirmed']).update({
    status: 'pending_deletion', deletion_requested_at: now, delete_reason: o.reason, delete_remarks: o.remarks, updated_at: now,
  });
  await db('profiles').where('user_id', userId).update({ status: 'hidden', updated_at: now });
}

/** Back to where the account was: active if the e-mail was confirmed, else not_confirmed. */
export async function reactivate(db: Runner, userId: number, since: number, now: number): Promise<boolean> {
  const row = await db('users').where({ id: userId, status: 'pending_deletion' }).andWhere('deletion_requested_at', '>=', since).first('confirmed_at');
  if (!row) return false;
  const confirmed = row.confirmed_at !== null;
  await db('users').where('id', userId).update({
    status: confirmed ? 'active' : 'not_confirmed', deletion_requested_at: null, delete_reason: null, delete_remarks: null, updated_at: now,
  });
  await db('profiles').where('user_id', userId).update({ status: confirmed ? 'active' : 'disabled', updated_at: now });
  return true;
}

export async function accountsDueForPurge(db: Runner, before: number, limit: number): Promise<{ id: number; credits: number; profile_id: number | null }[]> {
  return db({ u: 'users' })
    .leftJoin({ p: 'profiles' }, 'p.user_id', 'u.id')
    .where('u.status', 'pending_deletion')
    .andWhere('u.deletion_requested_at', '<', before)
    .orderBy('u.id')
    .limit(limit)
    .select('u.id', 'u.credits', 'p.id as profile_id');
}

/**
 * The account and profile rows keep no trace of the person: the user id stays for the books (the
 * ledger, payments), the profile for the partners' conversations ("Deleted", its birth date cut to
 * the year). The other tables are erased by erasure-repo.ts in the same transaction.
 */
export async function anonymise(db: Runner, userId: number, profileId: number | null, now: number): Promise<void> {
  await db('users').where('id', userId).update({
    email: `deleted-${userId}@deleted.invalid`, password_hash: '!', status: 'deleted', deleted_at: now, delete_remarks: null,
    signup_ip: null, signup_reason: null, network: null, ref: null, sub1: null, sub2: null, sub3: null, invisible: true,
    search_filters: null, signup_step: null, updated_at: now,
    // The look-alike keys are derived from the name: they go too, and the name is free again.
    name_skeleton: null, name_skeleton_ci: null,
  });
  if (profileId === null) return;
  await db('profile_interests').where('profile_id', profileId).delete();
  const profile = (await db('profiles').where('id', profileId).first('birth_date')) as { birth_date: string } | undefined;
  await db('profiles').where('id', profileId).update({
    name: 'Deleted', about: null, city: null, region: null, ...NO_LOCATION, hair_color: null, eye_color: null, body_type: null, relationship_status: null,
    tattoos: null, appearance: null, race: null, language: null, birth_date: `${String(profile?.birth_date ?? '1970').slice(0, 4)}-01-01`,
    status: 'hidden', updated_at: now,
  });
}
