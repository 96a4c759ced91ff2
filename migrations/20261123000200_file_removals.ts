// Files to delete once the transaction that orphaned them has committed (an account purge: profile
// and chat photos, the member's .eml files). The rows commit with the purge, so a crash between the
// commit and the unlink leaves work that the next run finishes instead of files nobody knows about.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('file_removals')) return;
  await knex.schema.createTable('file_removals', (t) => {
    t.bigIncrements('id');
    t.string('store', 16).notNullable(); // media | chat-media | mail
    // A photo's file key (its variants go with it) or a file name in the mail folder.
    t.string('name', 191).notNullable();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('file_removals');
}
