// Event notifications (issue 15): whom a queued notification is about, so that erasing a member
// also removes the mails and pushes that name them in other members' outboxes; and, without
// Redis, which members have a live event stream open, so that a command-line process (an
// operator's reply) knows not to mail a member who is reading along.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  for (const table of ['mail_outbox', 'push_outbox']) {
    if (await knex.schema.hasColumn(table, 'about_profile_id')) continue;
    await knex.schema.alterTable(table, (t) => {
      t.integer('about_profile_id').unsigned().nullable();
      t.index(['about_profile_id'], `${table}_about_profile_id_index`);
    });
  }
  if (!(await knex.schema.hasTable('presence'))) {
    await knex.schema.createTable('presence', (t) => {
      t.integer('user_id').unsigned().notNullable().primary().references('id').inTable('users').onDelete('CASCADE');
      t.bigInteger('expires_at').notNullable();
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('presence');
  for (const table of ['push_outbox', 'mail_outbox']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(['about_profile_id'], `${table}_about_profile_id_index`);
      t.dropColumn('about_profile_id');
    });
  }
}
