// Directed edges between profiles: likes (a mutual pair is a match), blocks; daily quotas.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('likes', (t) => {
    t.increments('id');
    t.integer('from_profile_id').unsigned().notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.integer('to_profile_id').unsigned().notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.string('source', 10).notNullable().defaultTo('normal'); // normal | swipe | auto
    t.boolean('is_new').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable();
    t.unique(['from_profile_id', 'to_profile_id']);
    t.index(['to_profile_id', 'created_at']);
    t.index(['to_profile_id', 'is_new']);
  });
  await knex.schema.createTable('blocks', (t) => {
    t.increments('id');
    t.integer('blocker_profile_id').unsigned().notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.integer('blocked_profile_id').unsigned().notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.unique(['blocker_profile_id', 'blocked_profile_id']);
    t.index(['blocked_profile_id']);
  });
  // Per-user daily counters (swipe-game likes, …), incremented with a guarded update.
  await knex.schema.createTable('daily_quotas', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('kind', 32).notNullable();
    t.string('day', 10).notNullable(); // YYYY-MM-DD (UTC)
    t.integer('used').unsigned().notNullable().defaultTo(0);
    t.primary(['user_id', 'kind', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('daily_quotas');
  await knex.schema.dropTable('blocks');
  await knex.schema.dropTable('likes');
}
