// Terms acceptance (issue 18.4): each version of the terms a member accepted, and when. A version
// is the terms' version date (SPEC.md §9: 2023-12-01T12:00:00Z or the company's added date if
// later) in epoch ms; signup writes one row, and the page that asks for a newer version another.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('terms_acceptances', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('terms_version').notNullable();
    t.bigInteger('accepted_at').notNullable();
    // How it was given: 'signup' (the signup form), 'prompt' (the page after a login), 'migration'.
    t.string('source', 16).notNullable();
    // Accepting a version twice is one acceptance; the member's newest is the index's last entry.
    t.unique(['user_id', 'terms_version'], { indexName: 'terms_acceptances_user_version' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('terms_acceptances');
}
