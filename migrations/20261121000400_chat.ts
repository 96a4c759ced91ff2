// Conversations between two profiles, per-participant state, messages, the gift catalogue.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('gifts', (t) => {
    t.increments('id');
    t.string('slug', 64).notNullable().unique();
    t.string('image', 191).notNullable();
    t.integer('credits').unsigned().nullable(); // null: the site's gift_credits
    t.integer('position').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('conversations', (t) => {
    t.increments('id');
    // The pair is stored ordered (low id first) so that one pair has one conversation.
    t.integer('profile_low_id').unsigned().notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.integer('profile_high_id').unsigned().notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.integer('started_by_profile_id').unsigned().notNullable();
    t.bigInteger('last_message_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['profile_low_id', 'profile_high_id']);
    t.index(['profile_high_id']);
  });
  await knex.schema.createTable('conversation_participants', (t) => {
    t.integer('conversation_id').unsigned().notNullable().references('id').inTable('conversations').onDelete('CASCADE');
    t.integer('profile_id').unsigned().notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.integer('unread_count').unsigned().notNullable().defaultTo(0);
    t.bigInteger('last_read_at').nullable();
    t.bigInteger('deleted_at').nullable(); // hidden for this participant until a new message
    t.bigInteger('last_message_at').nullable();
    t.primary(['conversation_id', 'profile_id']);
    t.index(['profile_id', 'last_message_at']);
  });
  await knex.schema.createTable('messages', (t) => {
    t.bigIncrements('id');
    t.integer('conversation_id').unsigned().notNullable().references('id').inTable('conversations').onDelete('CASCADE');
    t.integer('sender_profile_id').unsigned().notNullable();
    t.string('kind', 10).notNullable().defaultTo('text'); // text | gift | photo
    t.text('body').nullable();
    t.integer('gift_id').unsigned().nullable().references('id').inTable('gifts');
    t.integer('photo_id').unsigned().nullable();
    t.integer('credits_spent').unsigned().notNullable().defaultTo(0);
    t.string('client_id', 64).nullable(); // the sender's id for safe retries
    t.bigInteger('created_at').notNullable();
    t.bigInteger('read_at').nullable();
    t.unique(['sender_profile_id', 'client_id']);
    t.index(['conversation_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('messages');
  await knex.schema.dropTable('conversation_participants');
  await knex.schema.dropTable('conversations');
  await knex.schema.dropTable('gifts');
}
