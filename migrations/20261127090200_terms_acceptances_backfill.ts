// Data for 20261127090100_terms_acceptances: every member who signed up before it accepted the
// terms in force at their signup (the signup form says so), so nobody is asked again on deploy
// unless the terms are newer than that. The version in force at an instant is the newest of the
// two version dates (2023-12-01T12:00:00Z, the company's added date) not after it; a member who
// signed up before both gets no row and is asked at the next login. Safe to run again.
import type { Knex } from 'knex';
import { TERMS_EPOCH } from '../types/terms.js';

export async function up(knex: Knex): Promise<void> {
  const company = (await knex('company_info').orderBy('id').first('added')) as { added: number | string } | undefined;
  const current = Math.max(TERMS_EPOCH, Number(company?.added ?? 0));
  await knex.raw(
    `INSERT INTO terms_acceptances (user_id, terms_version, accepted_at, source)
     SELECT u.id, CASE WHEN u.signup_date >= ? THEN ? ELSE ? END, u.signup_date, 'migration'
     FROM users u
     WHERE u.signup_date >= ? AND NOT EXISTS (SELECT 1 FROM terms_acceptances a WHERE a.user_id = u.id)`,
    [current, current, TERMS_EPOCH, TERMS_EPOCH],
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('terms_acceptances').where({ source: 'migration' }).delete();
}
