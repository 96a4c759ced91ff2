// Operations: sessions, login attempts, complaints, dismissed alerts, the audit log.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Layout expected by connect-session-knex (sid, sess, expired).
  const mysql = knex.client.config.client === 'mysql2';
  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 191).primary();
    if (mysql) t.text('sess', 'mediumtext').notNullable();
    else t.text('sess').notNullable();
    if (mysql) t.dateTime('expired').notNullable().index();
    else t.timestamp('expired').notNullable().index();
  });
  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id');
    t.string('subject', 191).notNullable(); // "email:<site>:<address>" or "ip:<address>"
    t.boolean('succeeded').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['subject', 'created_at']);
  });
  // Counters of rate-limiter-flexible (login lockouts and other limits) when Redis is not used.
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 191).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire').nullable();
    t.index(['expire']);
  });
  await knex.schema.createTable('complaints', (t) => {
    t.increments('id');
    t.integer('site_id').unsigned().notNullable().references('id').inTable('sites');
    t.integer('user_id').unsigned().nullable().references('id').inTable('users');
    t.string('name', 100).notNullable();
    t.string('email', 191).notNullable();
    t.string('subject', 191).notNullable();
    t.text('body').notNullable();
    t.string('status', 16).notNullable().defaultTo('open');
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('dismissals', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('alert', 32).notNullable(); // profile_enrich | push | disabled_notifications | time_bonus
    t.bigInteger('dismissed_at').notNullable();
    t.primary(['user_id', 'alert']);
  });
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.string('actor', 100).notNullable(); // "cli:<os user>", "user:<id>", "system"
    t.string('action', 64).notNullable();
    t.string('subject', 191).nullable();
    t.text('details').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['action', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
  await knex.schema.dropTable('dismissals');
  await knex.schema.dropTable('complaints');
  await knex.schema.dropTable('rate_limits');
  await knex.schema.dropTable('login_attempts');
  await knex.schema.dropTable('sessions');
}
