// Discount codes as issue 14 needs them: a code belongs to one site (or every site), may be used a
// given number of times (`uses` counts reservations and redemptions, so a conditional UPDATE can
// hand out the last use to exactly one checkout), and may belong to a campaign of generated codes.
// A redemption is 'reserved' while its payment is open and 'used' once the provider reports it
// paid; one redemption per payment.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('discount_codes', (t) => {
    t.integer('site_id').unsigned().nullable().references('id').inTable('sites'); // null: every site
    t.integer('max_uses').unsigned().nullable(); // null: unlimited
    t.integer('uses').unsigned().notNullable().defaultTo(0);
    t.string('campaign', 64).nullable();
    t.index(['campaign']);
  });
  await knex.schema.alterTable('discount_redemptions', (t) => {
    t.string('status', 10).notNullable().defaultTo('used'); // reserved | used
    t.bigInteger('updated_at').nullable();
    t.unique(['payment_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  // MariaDB lets the unique index serve the payment_id foreign key: drop the key around it.
  await knex.schema.alterTable('discount_redemptions', (t) => {
    t.dropForeign(['payment_id']);
    t.dropUnique(['payment_id']);
    t.dropColumn('updated_at');
    t.dropColumn('status');
  });
  await knex.schema.alterTable('discount_redemptions', (t) => {
    t.foreign('payment_id').references('id').inTable('payments');
  });
  await knex.schema.alterTable('discount_codes', (t) => {
    t.dropIndex(['campaign']);
    t.dropForeign(['site_id']);
    t.dropColumn('campaign');
    t.dropColumn('uses');
    t.dropColumn('max_uses');
    t.dropColumn('site_id');
  });
}
