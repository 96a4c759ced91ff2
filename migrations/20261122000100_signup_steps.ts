// Where a member is in the signup steps after the account exists (photo, personal, about, push,
// complete), kept on the account so that a reload, another tab or another device resumes there.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'signup_step')) return;
  await knex.schema.alterTable('users', (t) => {
    t.string('signup_step', 16).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'signup_step'))) return;
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('signup_step');
  });
}
