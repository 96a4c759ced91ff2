// Notifications and delivery: settings, suppressions, push subscriptions, outboxes, tokens.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_settings', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('type', 32).notNullable(); // new_conversations | new_messages | like | …
    t.boolean('enabled').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.primary(['user_id', 'type']);
  });
  await knex.schema.createTable('suppressions', (t) => {
    t.increments('id');
    t.string('email', 191).notNullable();
    t.string('reason', 20).notNullable(); // fbl | bounce | listunsubscribe
    t.bigInteger('created_at').notNullable();
    t.unique(['email', 'reason']);
  });
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('endpoint_hash', 64).notNullable().unique();
    t.text('subscription').notNullable(); // JSON as the browser gave it
    t.bigInteger('created_at').notNullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('mail_outbox', (t) => {
    t.bigIncrements('id');
    t.integer('site_id').unsigned().nullable();
    t.integer('user_id').unsigned().nullable();
    t.string('to_address', 191).notNullable();
    t.string('template', 64).notNullable();
    t.string('language', 5).notNullable();
    t.string('subject', 255).notNullable();
    t.text('html').notNullable();
    t.text('text').notNullable();
    t.string('status', 10).notNullable().defaultTo('pending'); // pending | sent | failed | suppressed
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').notNullable();
    t.string('locked_by', 64).nullable();
    t.bigInteger('locked_until').nullable();
    t.text('last_error').nullable();
    t.string('message_id', 191).nullable();
    t.bigInteger('sent_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['status', 'next_attempt_at']);
  });
  await knex.schema.createTable('push_outbox', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').unsigned().notNullable();
    t.text('payload').notNullable();
    t.string('status', 10).notNullable().defaultTo('pending');
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').notNullable();
    t.text('last_error').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['status', 'next_attempt_at']);
  });
  await knex.schema.createTable('sms_outbox', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').unsigned().nullable();
    t.string('phone', 32).notNullable();
    t.string('body', 480).notNullable();
    t.string('status', 10).notNullable().defaultTo('pending');
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').notNullable();
    t.text('last_error').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['status', 'next_attempt_at']);
  });
  // Activation, password reset, e-mail change, reactivation: only the hash is stored.
  await knex.schema.createTable('tokens', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('purpose', 20).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.text('payload').nullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'purpose']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tokens');
  await knex.schema.dropTable('sms_outbox');
  await knex.schema.dropTable('push_outbox');
  await knex.schema.dropTable('mail_outbox');
  await knex.schema.dropTable('push_subscriptions');
  await knex.schema.dropTable('suppressions');
  await knex.schema.dropTable('notification_settings');
}
