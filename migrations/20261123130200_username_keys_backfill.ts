// Data for 20261123130100_username_keys: the look-alike keys of every account that still holds its
// name (all but purged ones). Where earlier signups on one site already share a key, the oldest
// account keeps it and the others hold none (their names stay as they are); a new look-alike is
// refused all the same. Safe to run again: only accounts missing a key are looked at, and a key
// already held is never given twice. Keys cost about 3 µs of CPU per account; one update each.
import type { Knex } from 'knex';
import { usernameKeys } from '../server/services/accounts/username-policy.js';

const BATCH = 1000;

/** One transaction per batch rather than one for the whole table: a million rows stay cheap to lock. */
export const config = { transaction: false };

type Row = { id: number; site_id: number; name: string };
type Column = 'name_skeleton' | 'name_skeleton_ci';

const COLUMNS: Column[] = ['name_skeleton', 'name_skeleton_ci'];

export async function up(knex: Knex): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await knex({ u: 'users' })
      .join({ p: 'profiles' }, 'p.user_id', 'u.id')
      .where((w) => w.whereNull('u.name_skeleton').orWhereNull('u.name_skeleton_ci'))
      .whereNot('u.status', 'deleted')
      .andWhere('u.id', '>', after)
      .orderBy('u.id')
      .limit(BATCH)
      .select('u.id', 'u.site_id', 'p.name')) as Row[];
    if (!rows.length) return;
    after = Number(rows[rows.length - 1]!.id);
    await knex.transaction(async (tx) => {
      const updates = new Map<number, Record<string, string>>();
      for (const column of COLUMNS) {
        for (const [id, key] of await freeKeys(tx, rows, column)) updates.set(id, { ...updates.get(id), [column]: key });
      }
      for (const [id, keys] of updates) await tx('users').where('id', id).update(keys);
    });
  }
}

/** Per site and key, the first of `rows` that may take it: none where an account holds it already. */
async function freeKeys(tx: Knex.Transaction, rows: Row[], column: Column): Promise<Map<number, string>> {
  const wanted = new Map<string, { id: number; siteId: number; key: string }>();
  for (const row of rows) {
    const key = usernameKeys(row.name)[column === 'name_skeleton' ? 'skeleton' : 'skeletonCi'];
    const pair = `${row.site_id}\u0000${key}`;
    if (key && !wanted.has(pair)) wanted.set(pair, { id: Number(row.id), siteId: Number(row.site_id), key });
  }
  if (!wanted.size) return new Map();
  const held = (await tx('users')
    .whereIn(['site_id', column], [...wanted.values()].map((w) => [w.siteId, w.key]))
    .select('id', 'site_id', `${column} as key`)) as { id: number; site_id: number; key: string }[];
  for (const h of held) wanted.delete(`${h.site_id}\u0000${h.key}`);
  return new Map([...wanted.values()].map((w) => [w.id, w.key]));
}

export async function down(knex: Knex): Promise<void> {
  // The schema migration's down drops the columns; this one has nothing of its own to undo.
  void knex;
}
