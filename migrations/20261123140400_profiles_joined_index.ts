// The weekly mail (`amora notify weekly`) collects the profiles that joined in the last 7 days
// once per run; without an index on the join time that is a scan of every profile.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.index(['status', 'created_at'], 'profiles_joined');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.dropIndex(['status', 'created_at'], 'profiles_joined');
  });
}
