// Usernames that cannot imitate (issue 13): each account's look-alike keys (the TR39 confusables
// skeleton of its username, and of the username in lower case; see username-policy.ts), each
// unique per site, so that a look-alike of a member's name is an index lookup away and two signups
// racing for look-alike names cannot both win. NULL holds no name: fictional profiles have no
// account, purged accounts give theirs back.
import type { Knex } from 'knex';

const COLUMNS = ['name_skeleton', 'name_skeleton_ci'] as const;

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'name_skeleton')) return;
  const mysql = knex.client.config.client === 'mysql2';
  await knex.schema.alterTable('users', (t) => {
    for (const name of COLUMNS) {
      // Binary collation: a _ci collation would also equate "Zoe" and "Zoë" on MariaDB (not on
      // SQLite), and older ones every emoji with every other.
      const column = t.string(name, 191).nullable();
      if (mysql) column.collate('utf8mb4_bin');
      t.unique(['site_id', name], { indexName: `users_site_${name}` });
    }
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'name_skeleton'))) return;
  await knex.schema.alterTable('users', (t) => {
    for (const name of COLUMNS) t.dropUnique(['site_id', name], `users_site_${name}`);
  });
  await knex.schema.alterTable('users', (t) => {
    for (const name of COLUMNS) t.dropColumn(name);
  });
}
