// A push goes to every browser a member subscribed with. When some of them took it and one asked
// for a retry (429, 5xx), the retry must reach only that one: the row remembers which endpoints
// still owe it, so a member's phone does not ring twice for the same like.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('push_outbox', (t) => {
    t.text('retry_endpoints').nullable(); // JSON list of endpoint hashes; null: every subscription
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('push_outbox', (t) => {
    t.dropColumn('retry_endpoints');
  });
}
