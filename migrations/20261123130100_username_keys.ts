// Usernames that cannot imitate (issue 13): each account's name key (the TR39 confusables skeleton
// of its username, see username-policy.ts), unique per site, so that a look-alike of a member's
// name is one index lookup away and two signups racing for look-alike names cannot both win.
// NULL holds no name: fictional profiles have no account, purged accounts give theirs back.
import type { Knex } from 'knex';

const INDEX = 'users_site_name_key';

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'name_key')) return;
  const mysql = knex.client.config.client === 'mysql2';
  await knex.schema.alterTable('users', (t) => {
    // Binary collation: the key is already folded; a _ci collation would also equate "Zoe" and
    // "Zoë" on MariaDB but not on SQLite, and older ones every emoji with every other.
    const column = t.string('name_key', 191).nullable();
    if (mysql) column.collate('utf8mb4_bin');
    t.unique(['site_id', 'name_key'], { indexName: INDEX });
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'name_key'))) return;
  await knex.schema.alterTable('users', (t) => {
    t.dropUnique(['site_id', 'name_key'], INDEX);
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('name_key');
  });
}
