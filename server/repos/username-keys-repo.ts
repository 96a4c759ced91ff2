// SQL for usernames' look-alike keys (users.name_key, unique per site; see username-policy.ts).
import type { Runner } from '../db.js';

/** The account on the site whose name has this key, if any (an index lookup). */
export async function nameKeyHolder(db: Runner, siteId: number, key: string): Promise<{ id: number; status: string } | undefined> {
  const row = await db('users').where({ site_id: siteId, name_key: key }).first('id', 'status');
  return row ? { id: Number(row.id), status: String(row.status) } : undefined;
}

/** A purged account gives its name back; one pending deletion keeps it, as it may come back. */
export async function releasePurgedName(db: Runner, userId: number): Promise<void> {
  await db('users').where({ id: userId, status: 'deleted' }).update({ name_key: null });
}
