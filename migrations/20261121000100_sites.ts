// Sites (one row per domain, settings overriding the defaults in code), company info, app keys.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sites', (t) => {
    t.increments('id');
    t.string('domain', 191).notNullable().unique();
    t.string('name', 100).notNullable();
    t.text('aliases').notNullable(); // JSON array of extra host names
    t.text('settings').notNullable(); // JSON object, overrides of the default settings
    t.boolean('is_active').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('company_info', (t) => {
    t.increments('id');
    t.string('name', 191).notNullable();
    t.string('address', 191).notNullable();
    t.string('kvk', 64).notNullable();
    t.string('city', 100).notNullable();
    t.string('country', 100).notNullable();
    t.text('tradenames').notNullable(); // JSON array
    t.text('vat_numbers').notNullable(); // JSON array
    t.string('support_phone', 64).notNullable();
    t.integer('delete_discount').notNullable().defaultTo(0);
    t.bigInteger('added').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('app_keys', (t) => {
    t.string('name', 64).primary();
    t.text('value').notNullable();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('app_keys');
  await knex.schema.dropTable('company_info');
  await knex.schema.dropTable('sites');
}
