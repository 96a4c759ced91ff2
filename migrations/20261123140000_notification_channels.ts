// Notifications per channel: a member switches e-mail and push separately for each type
// (SPEC.md §3). Outbox rows remember their type so the workers re-check the member's settings
// and the suppressions at send time; notification_sends makes cron mails and throttled event
// mails idempotent (one row per member, kind and period).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Nothing wrote this table before; it gains the channel in its key.
  await knex.schema.dropTable('notification_settings');
  await knex.schema.createTable('notification_settings', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('type', 32).notNullable();
    t.string('channel', 8).notNullable(); // email | push
    t.boolean('enabled').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.primary(['user_id', 'type', 'channel']);
  });
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.string('notification_type', 32).nullable(); // null: transactional mail, always sent
    t.text('headers').nullable(); // JSON of extra headers (List-Unsubscribe)
  });
  await knex.schema.alterTable('push_outbox', (t) => {
    t.string('notification_type', 32).nullable();
    t.string('locked_by', 64).nullable();
    t.bigInteger('locked_until').nullable();
  });
  await knex.schema.createTable('notification_sends', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('kind', 48).notNullable(); // weekly_updates, new_message:<conversation id>, …
    t.string('period_key', 64).notNullable(); // 2026-W48, a visit counter, …
    t.bigInteger('created_at').notNullable();
    t.unique(['user_id', 'kind', 'period_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_sends');
  await knex.schema.alterTable('push_outbox', (t) => {
    t.dropColumn('notification_type');
    t.dropColumn('locked_by');
    t.dropColumn('locked_until');
  });
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('notification_type');
    t.dropColumn('headers');
  });
  await knex.schema.dropTable('notification_settings');
  await knex.schema.createTable('notification_settings', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('type', 32).notNullable();
    t.boolean('enabled').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.primary(['user_id', 'type']);
  });
}
