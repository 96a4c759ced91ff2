// The member's logins with their date and address (issue 18.1): what the data export lists and a
// member expects to see. The login limits keep only hashed counters, so this is the only record.
// Rows older than a year are deleted by the data-export sweep; erasure deletes them all.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('member_logins')) return;
  await knex.schema.createTable('member_logins', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('ip', 64).notNullable();
    // password | reset_link | reactivation_link
    t.string('method', 20).notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'created_at']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('member_logins');
}
