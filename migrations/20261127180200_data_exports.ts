// Data exports (issue 18.1, GDPR art. 15 and 20): a member's request is a row that a worker (the
// server's, or `amora accounts prepare-exports`) turns into a ZIP under DATA_DIR/exports/, outbox
// style: requested → ready (mailed) → downloaded or expired, or failed after its retries. A lease
// keeps two processes from building the same export. The download link's token is in `tokens`
// (purpose data_export, hashed); the file is named by a random key of its own, never the user id.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('data_exports')) return;
  await knex.schema.createTable('data_exports', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // requested | ready | downloaded | expired | failed
    t.string('status', 12).notNullable().defaultTo('requested');
    // The origin the member asked from (https://domain), for the link in the mail.
    t.string('base_url', 191).notNullable();
    t.string('file_name', 64).nullable();
    t.bigInteger('size_bytes').nullable();
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').notNullable();
    t.string('locked_by', 64).nullable();
    t.bigInteger('locked_until').nullable();
    t.text('last_error').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('ready_at').nullable();
    t.bigInteger('expires_at').nullable();
    t.bigInteger('downloaded_at').nullable();
    t.index(['status', 'next_attempt_at']);
    t.index(['user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('data_exports');
}
