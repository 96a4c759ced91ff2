// Money: the append-only credit ledger, bundles, payments, discount codes, direct debit.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credit_ledger', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('delta').notNullable();
    t.integer('balance_after').unsigned().notNullable();
    // signup | purchase | message | photo | gift | grant | refund | chargeback | purge
    t.string('reason', 32).notNullable();
    t.string('reference', 191).nullable();
    t.string('idempotency_key', 191).nullable().unique();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'id']);
  });
  await knex.schema.createTable('bundles', (t) => {
    t.increments('id');
    t.integer('site_id').unsigned().nullable().references('id').inTable('sites'); // null: every site
    t.integer('credits').unsigned().notNullable();
    t.integer('price_cents').unsigned().notNullable();
    t.string('currency', 3).notNullable();
    t.string('style', 2).notNullable().defaultTo('p0'); // p0-p3
    t.integer('position').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable();
    t.index(['currency', 'is_active', 'position']);
  });
  await knex.schema.createTable('discount_codes', (t) => {
    t.increments('id');
    t.string('code', 64).notNullable().unique();
    t.integer('value_percentage').unsigned().notNullable();
    t.string('currency', 3).nullable();
    t.integer('minimum_order_cents').unsigned().nullable();
    t.string('country', 2).nullable();
    t.integer('user_id').unsigned().nullable().references('id').inTable('users');
    t.bigInteger('expires_at').nullable();
    t.string('status', 10).notNullable().defaultTo('active');
    t.text('paymentmethods').nullable(); // JSON array; null: any
    t.string('kind', 16).notNullable().defaultTo('code'); // code | welcome | timebonus
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('payments', (t) => {
    t.increments('id');
    t.string('public_id', 32).notNullable().unique();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('bundle_id').unsigned().notNullable().references('id').inTable('bundles');
    t.integer('credits').unsigned().notNullable();
    t.integer('amount_cents').unsigned().notNullable();
    t.integer('discount_cents').unsigned().notNullable().defaultTo(0);
    t.integer('discount_code_id').unsigned().nullable().references('id').inTable('discount_codes');
    t.string('currency', 3).notNullable();
    t.string('method', 20).notNullable();
    t.string('provider', 20).notNullable();
    t.string('provider_ref', 191).nullable().unique();
    // open | pending | paid | failed | canceled | expired | refunded | charged_back
    t.string('status', 16).notNullable().defaultTo('open');
    t.string('idempotency_key', 191).nullable().unique();
    t.bigInteger('paid_at').nullable();
    t.bigInteger('fulfilled_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['user_id', 'created_at']);
    t.index(['status', 'created_at']);
  });
  await knex.schema.createTable('discount_redemptions', (t) => {
    t.increments('id');
    t.integer('discount_code_id').unsigned().notNullable().references('id').inTable('discount_codes');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('payment_id').unsigned().nullable().references('id').inTable('payments');
    t.bigInteger('created_at').notNullable();
    t.unique(['discount_code_id', 'user_id']);
  });
  await knex.schema.createTable('direct_debit_mandates', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.string('account_holder', 100).notNullable();
    t.string('iban', 34).notNullable();
    t.string('street', 100).notNullable();
    t.string('house_number', 16).notNullable();
    t.string('zip', 16).notNullable();
    t.string('city', 100).notNullable();
    t.string('phone', 32).notNullable();
    t.string('status', 16).notNullable().defaultTo('pending'); // pending | active | blocked
    t.bigInteger('confirmed_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('otp_codes', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.string('purpose', 32).notNullable();
    t.string('reference', 64).nullable();
    t.string('code_hash', 128).notNullable();
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'purpose']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('otp_codes');
  await knex.schema.dropTable('direct_debit_mandates');
  await knex.schema.dropTable('discount_redemptions');
  await knex.schema.dropTable('payments');
  await knex.schema.dropTable('discount_codes');
  await knex.schema.dropTable('bundles');
  await knex.schema.dropTable('credit_ledger');
}
