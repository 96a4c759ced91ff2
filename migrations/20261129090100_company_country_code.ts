// The company's country as an ISO 3166-1 alpha-2 code, so that every page names it in its own
// language (server/lib/country-names.ts): a country stored by its name ("Netherlands", as seeded
// before) becomes its code. A text that names no country stays as it is and is shown as it is.
import type { Knex } from 'knex';
import { countryCode, countryCodeOf } from '../server/lib/country-names.js';

export async function up(knex: Knex): Promise<void> {
  const rows = (await knex('company_info').select('id', 'country')) as { id: number; country: string | null }[];
  for (const row of rows) {
    const code = row.country ? countryCodeOf(row.country) : undefined;
    if (code && code !== row.country) await knex('company_info').where({ id: row.id }).update({ country: code });
  }
}

export async function down(knex: Knex): Promise<void> {
  // Back to the English name, as the site showed it before.
  const rows = (await knex('company_info').select('id', 'country')) as { id: number; country: string | null }[];
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  for (const row of rows) {
    const code = row.country ? countryCode(row.country) : undefined;
    if (code) await knex('company_info').where({ id: row.id }).update({ country: english.of(code) });
  }
}
