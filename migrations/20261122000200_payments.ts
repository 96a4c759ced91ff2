// Payments in practice: what the provider refunded or charged back and how many credits that took
// back, the checkout URL an idempotent replay returns, repeat orders, direct-debit mandates behind a
// payment and blocked members; the built-in test provider's own records (it plays an outside
// provider, so it keeps its state apart from ours).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.integer('site_id').unsigned().nullable().references('id').inTable('sites');
    t.integer('refunded_cents').unsigned().notNullable().defaultTo(0);
    t.integer('charged_back_cents').unsigned().notNullable().defaultTo(0);
    /** Credits already taken back for refunds and chargebacks; never more than `credits`. */
    t.integer('credits_reversed').unsigned().notNullable().defaultTo(0);
    t.text('checkout_url').nullable();
    t.boolean('is_repeat').notNullable().defaultTo(false);
    t.integer('mandate_id').unsigned().nullable().references('id').inTable('direct_debit_mandates');
  });
  await knex.schema.alterTable('users', (t) => {
    // Set after a chargeback or by an operator: no more direct-debit payments for this member.
    t.bigInteger('direct_debit_blocked_at').nullable();
  });
  await knex.schema.alterTable('direct_debit_mandates', (t) => {
    t.string('reference', 35).nullable().unique();
  });
  await knex.schema.createTable('test_provider_payments', (t) => {
    t.string('ref', 32).primary();
    t.string('reference', 64).notNullable();
    t.integer('amount_cents').unsigned().notNullable();
    t.string('currency', 3).notNullable();
    t.string('method', 20).notNullable();
    t.string('status', 10).notNullable();
    t.integer('refunded_cents').unsigned().notNullable().defaultTo(0);
    t.integer('charged_back_cents').unsigned().notNullable().defaultTo(0);
    t.string('description', 255).notNullable();
    t.text('redirect_url').notNullable();
    t.text('webhook_url').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('test_provider_payments');
  await knex.schema.alterTable('direct_debit_mandates', (t) => {
    t.dropUnique(['reference']);
    t.dropColumn('reference');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('direct_debit_blocked_at');
  });
  await knex.schema.alterTable('payments', (t) => {
    t.dropForeign(['site_id']);
    t.dropForeign(['mandate_id']);
    t.dropColumn('site_id');
    t.dropColumn('refunded_cents');
    t.dropColumn('charged_back_cents');
    t.dropColumn('credits_reversed');
    t.dropColumn('checkout_url');
    t.dropColumn('is_repeat');
    t.dropColumn('mandate_id');
  });
}
