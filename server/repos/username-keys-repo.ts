// SQL for usernames' look-alike keys (users.name_skeleton and name_skeleton_ci, each unique per
// site; see username-policy.ts).
import type { Runner } from '../db.js';
import type { UsernameKeys } from '../services/accounts/username-policy.js';

/** The account on the site whose name shares a key with these: two index lookups. */
export async function nameKeyHolder(db: Runner, siteId: number, keys: UsernameKeys): Promise<{ id: number; status: string } | undefined> {
  const row =
    (await db('users').where({ site_id: siteId, name_skeleton: keys.skeleton }).first('id', 'status')) ??
    (await db('users').where({ site_id: siteId, name_skeleton_ci: keys.skeletonCi }).first('id', 'status'));
  return row ? { id: Number(row.id), status: String(row.status) } : undefined;
}

/** The columns an account's keys are stored in. */
export function nameKeyColumns(keys: UsernameKeys): { name_skeleton: string; name_skeleton_ci: string } {
  return { name_skeleton: keys.skeleton, name_skeleton_ci: keys.skeletonCi };
}

/** A purged account gives its name back; one pending deletion keeps it, as it may come back. */
export async function releasePurgedName(db: Runner, userId: number): Promise<void> {
  await db('users').where({ id: userId, status: 'deleted' }).update({ name_skeleton: null, name_skeleton_ci: null });
}
