// The data export is complete against the schema (issue 18.1): every table of the live database
// (read by introspection, on each dialect) with a column that names a member or a profile, or holds
// an address, is either exported or excluded with a reason in export-coverage.ts. A new table of
// member data that nobody placed fails here.
import { expect } from 'chai';
import { EXCLUDED_TABLES, EXPORTED_TABLES, PERSONAL_COLUMN } from '../../server/services/data-export/export-coverage.js';
import type { Db } from '../../server/db.js';
import { describeEachBackend } from '../helpers/backends.js';
import { tableNames } from '../helpers/member-everywhere.js';

/** Tables of the migrations' own bookkeeping. */
const SYSTEM = /^(knex_migrations(_lock)?|sqlite_.*)$/;

/** "table: column, column" for each table with personal columns that neither list places. */
async function uncovered(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const table of await tableNames(db)) {
    if (SYSTEM.test(table) || table in EXPORTED_TABLES || table in EXCLUDED_TABLES) continue;
    const personal = Object.keys(await db(table).columnInfo()).filter((c) => PERSONAL_COLUMN.test(c));
    if (personal.length) out.push(`${table}: ${personal.join(', ')}`);
  }
  return out;
}

describeEachBackend('data export coverage', (env) => {
  const db = () => env().rt.db;

  it('exports or explicitly excludes every table with a member or profile column', async () => {
    expect(await uncovered(db()), 'add each to EXPORTED_TABLES or EXCLUDED_TABLES (server/services/data-export/export-coverage.ts)').to.deep.equal([]);
  });

  it('names only tables that exist, each in one list, with what it becomes or why not', async () => {
    const tables = new Set(await tableNames(db()));
    for (const [table, why] of [...Object.entries(EXPORTED_TABLES), ...Object.entries(EXCLUDED_TABLES)]) {
      expect(tables.has(table), `${table} is listed but does not exist`).to.equal(true);
      expect(why.length, table).to.be.greaterThan(10);
    }
    expect(Object.keys(EXPORTED_TABLES).filter((t) => t in EXCLUDED_TABLES)).to.deep.equal([]);
  });

  it('finds the member columns that the schema has (the rule is not vacuous)', async () => {
    const personal = async (table: string) => Object.keys(await db()(table).columnInfo()).filter((c) => PERSONAL_COLUMN.test(c)).sort();
    expect(await personal('users')).to.deep.equal(['email', 'signup_ip']);
    expect(await personal('likes')).to.deep.equal(['from_profile_id', 'to_profile_id']);
    expect(await personal('blocks')).to.deep.equal(['blocked_profile_id', 'blocker_profile_id']);
    expect(await personal('conversations')).to.deep.equal(['profile_high_id', 'profile_low_id', 'started_by_profile_id']);
    expect(await personal('messages')).to.deep.equal(['sender_profile_id']);
    expect(await personal('member_logins')).to.deep.equal(['ip', 'user_id']);
    expect(await personal('sites')).to.deep.equal([]);
  });

  it('fails for a new table with a user column that neither list places', async () => {
    await db().schema.dropTableIfExists('coverage_probe');
    await db().schema.createTable('coverage_probe', (t) => {
      t.increments('id');
      t.integer('user_id').unsigned().notNullable();
      t.integer('about_profile_id').unsigned().nullable();
    });
    try {
      expect(await uncovered(db())).to.deep.equal(['coverage_probe: user_id, about_profile_id']);
    } finally {
      await db().schema.dropTable('coverage_probe');
    }
  });
});
