// Lander traffic (issue 16.3): visits counted per site, UTC day, lander, variant and network
// (added to by each app process's flush), the lander an account signed up from, and indexes on
// the instants `amora stats landers` counts by (signup, activation, first payment), so that a
// period's figures read that period's accounts only, not all of them.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lander_visits', (t) => {
    t.string('day', 10).notNullable(); // UTC, YYYY-MM-DD
    t.integer('site_id').unsigned().notNullable().references('id').inTable('sites');
    t.string('lander', 32).notNullable();
    // '' rather than NULL: a unique key treats every NULL as different, and the upsert needs one row.
    t.string('variant', 64).notNullable().defaultTo('');
    t.string('network', 191).notNullable().defaultTo('');
    t.bigInteger('visits').unsigned().notNullable().defaultTo(0);
    // Stats read a range of days: the day leads.
    t.unique(['day', 'site_id', 'lander', 'variant', 'network'], { indexName: 'lander_visits_key' });
  });
  await knex.schema.alterTable('users', (t) => {
    t.string('lander', 32).nullable();
    t.string('lander_variant', 64).nullable();
    // Per site, then the instant: the stats ask for each site's range (every site's: an IN list).
    t.index(['site_id', 'signup_date'], 'users_site_signup_date');
    t.index(['site_id', 'confirmed_at'], 'users_site_confirmed_at');
    t.index(['site_id', 'premium_since'], 'users_site_premium_since');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['site_id', 'premium_since'], 'users_site_premium_since');
    t.dropIndex(['site_id', 'confirmed_at'], 'users_site_confirmed_at');
    t.dropIndex(['site_id', 'signup_date'], 'users_site_signup_date');
    t.dropColumn('lander_variant');
    t.dropColumn('lander');
  });
  await knex.schema.dropTable('lander_visits');
}
