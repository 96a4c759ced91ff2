// Why a switch is off (SPEC.md §3 "Notification-disabled reasons"): a one-click unsubscribe from
// an e-mail (RFC 8058) turns off that one type and says so on /notifications, where the member can
// turn it back on; a switch the member turned off by hand has no reason. Address-wide reasons (fbl,
// bounce) live in suppressions, per address.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('notification_settings', 'disabled_reason')) return;
  await knex.schema.alterTable('notification_settings', (t) => {
    t.string('disabled_reason', 20).nullable(); // listunsubscribe | null (the member's own choice)
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('notification_settings', 'disabled_reason'))) return;
  await knex.schema.alterTable('notification_settings', (t) => {
    t.dropColumn('disabled_reason');
  });
}
