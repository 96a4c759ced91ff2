// The daily spending limit (issue 18.3) on the member's account: the limit in force, a raise or
// removal waiting for the member's next day (responsible-gambling practice: lowering is at once,
// loosening only tomorrow), what was spent on which day, and the time zone the days count in.
// Days are numbers YYYYMMDD in that zone. Signed integers, so the guarded debit's arithmetic on
// MySQL never meets an unsigned underflow.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('daily_limit').nullable();
    // From `pending_from` on, the limit is `pending_limit` (NULL: none). Set only with a limit.
    t.integer('pending_limit').nullable();
    t.integer('pending_from').nullable();
    t.integer('spent_day').nullable();
    t.integer('spent_today').notNullable().defaultTo(0);
    t.string('spend_zone', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('spend_zone');
    t.dropColumn('spent_today');
    t.dropColumn('spent_day');
    t.dropColumn('pending_from');
    t.dropColumn('pending_limit');
    t.dropColumn('daily_limit');
  });
}
