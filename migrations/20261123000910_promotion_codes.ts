// Data: the two discounts every site has besides operators' codes (SPEC.md §1, §9; issue 14): the
// time bonus TIMEBONUS25 (25% for a member who has never paid, in the 4 hours after signing up)
// and the welcome offer WELCOME25 (25% on the first purchase, for a number of days after signing
// up). They are rows like any code, so reservation and redemption work the same; their own kind
// makes the discount service apply the eligibility rules instead of a code's. Once per member.
import type { Knex } from 'knex';

const CODES = [
  { code: 'TIMEBONUS25', kind: 'timebonus', value_percentage: 25 },
  { code: 'WELCOME25', kind: 'welcome', value_percentage: 25 },
];

export async function up(knex: Knex): Promise<void> {
  for (const c of CODES) {
    if (await knex('discount_codes').where({ code: c.code }).first('id')) continue;
    await knex('discount_codes').insert({ ...c, status: 'active', max_uses: null, uses: 0, created_at: Date.now() });
  }
}

export async function down(knex: Knex): Promise<void> {
  // A code some payment or redemption names stays (it is history); an unused one goes.
  await knex('discount_codes')
    .whereIn('code', CODES.map((c) => c.code))
    .whereNotExists((q) => q.select(knex.raw('1')).from('discount_redemptions').whereRaw('discount_redemptions.discount_code_id = discount_codes.id'))
    .whereNotExists((q) => q.select(knex.raw('1')).from('payments').whereRaw('payments.discount_code_id = discount_codes.id'))
    .del();
}
