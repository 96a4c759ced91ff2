// Live events from other processes when there is no Redis (the embedded default): an operator's
// `amora chat reply` runs in its own process, which writes the event here; the app process reads
// new rows every second while members have a stream open, and delivers them.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_relay', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').unsigned().notNullable();
    t.text('event').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_relay');
}
