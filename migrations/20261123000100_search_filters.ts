// The search filters a member chose on /members, remembered on the account so they hold across
// logins and devices (issue 12). NULL: the member never changed them, the defaults apply.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('search_filters', 500).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('search_filters');
  });
}
