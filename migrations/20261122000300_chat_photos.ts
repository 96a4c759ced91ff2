// Photos sent in chat (issue 5): stored for one conversation and shown only to its two members.
// A message of kind 'photo' points at its row through messages.photo_id.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('chat_photos')) return;
  await knex.schema.createTable('chat_photos', (t) => {
    t.increments('id');
    // SET NULL, not CASCADE: when a conversation goes (a block, a purge) the row stays behind with
    // its file key, so that `amora chat purge-photos` can delete the files, then the row.
    t.integer('conversation_id').unsigned().nullable().references('id').inTable('conversations').onDelete('SET NULL');
    t.integer('sender_profile_id').unsigned().notNullable();
    // Generated, unguessable base name; the files are <key>.jpg and <key>_thumb.jpg.
    t.string('file_key', 64).notNullable().unique();
    t.integer('width').unsigned().notNullable();
    t.integer('height').unsigned().notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['conversation_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_photos');
}
