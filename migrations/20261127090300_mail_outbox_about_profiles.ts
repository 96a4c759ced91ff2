// Digest mails (the weekly update) show several profiles: their ids go with the queued mail, so
// that a block between the member and any of them since it was queued drops it at send time, as
// about_profile_id does for a notification about one profile (issue 18.5).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    // A JSON array of profile ids, or NULL; read with the row, never searched.
    t.text('about_profile_ids').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('about_profile_ids');
  });
}
