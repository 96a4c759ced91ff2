// The complaint form on /complaints (issue 16.7): what a complaint is about (a profile or one of the
// member's payments), the reference number quoted in the acknowledgement, the language it was
// written in, and how operators closed it (`amora complaints resolve`). `subject` holds the kind:
// profile, payment, message or other.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('complaints', (t) => {
    // Shown to the sender; random so that it tells nothing about how many complaints there are.
    t.string('reference', 16).nullable().unique();
    // No foreign key: a purged profile's id is cleared in erasure, the complaint itself stays.
    t.integer('about_profile_id').unsigned().nullable();
    t.string('about_payment', 64).nullable(); // payments.public_id of the sender's own payment
    t.string('language', 8).notNullable().defaultTo('en');
    t.bigInteger('resolved_at').nullable();
    t.string('resolution_note', 1000).nullable();
    t.index(['status', 'created_at'], 'complaints_status_created');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('complaints', (t) => {
    t.dropIndex(['status', 'created_at'], 'complaints_status_created');
    t.dropUnique(['reference']);
    t.dropColumn('reference');
    t.dropColumn('about_profile_id');
    t.dropColumn('about_payment');
    t.dropColumn('language');
    t.dropColumn('resolved_at');
    t.dropColumn('resolution_note');
  });
}
