// `amora codes` run as operators run it (a separate process) on the test database: its flags, its
// output lines and exit codes, the CSV file of a batch. A few runs only, each costing a process
// start: what the commands do is tested through the admin service they call, on both backends
// (test/integration/discount-codes-admin.test.ts), and each flag's parsing in
// test/unit/codes-input.test.ts. SQLite only, as the other CLI tests.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { BACKENDS, envFor, type TestEnv } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { createMember } from '../helpers/members.js';

describe('[sqlite] amora codes', function () {
  this.timeout(120_000);
  let env: TestEnv;
  const dir = mkdtempSync(join(tmpdir(), 'amora-codes-'));
  const amora = (...args: string[]) => amoraCli(env, 'codes', ...args);
  const count = async () => Number((await env.rt.db('discount_codes').count({ n: '*' }).first())!.n);

  before(async () => {
    env = await envFor(BACKENDS[0]!);
  });

  it('creates one code with every rule from its flags', async () => {
    const member = await createMember(env.rt.db, { siteId: 2 });
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const ok = await amora('create', ' Winback-Ann ', '--percent', '20', '--currency', 'eur', '--min-order', '24.95', '--country', 'nl', '--user', String(member.id),
      '--expires', soon, '--methods', 'ideal,creditcard', '--max-uses', '1', '--campaign', 'winback');
    expect(ok.code, ok.stderr).to.equal(0);
    expect(ok.stdout).to.match(/^created 1 code: WINBACK-ANN 20% off, minimum order 24\.95 EUR, country NL, member \d+/);
    const row = await env.rt.db('discount_codes').where({ code: 'WINBACK-ANN' }).first();
    expect(row).to.include({ value_percentage: 20, currency: 'EUR', minimum_order_cents: 2495, country: 'NL', user_id: member.id, site_id: 2, max_uses: 1, campaign: 'winback', status: 'active' });
    expect(JSON.parse(row.paymentmethods)).to.deep.equal(['ideal', 'creditcard']);
    expect(Number(row.expires_at)).to.equal(Date.parse(`${soon}T00:00:00Z`) + 86_400_000);
  });

  it('refuses bad input with a clear message, exit code 1, and changes nothing', async () => {
    const before = await count();
    const cases: [string[], string][] = [
      [['create', 'BAD-1', '--percent', '1e9'], '--percent must be a whole number from 1 to 90, got "1e9"'],
      [['create', 'BAD-1', '--percent', '10', '--site', 'nope.example'], 'no site with the domain "nope.example"'],
      [['batch', '--count', '5', '--percent', '10', '--out', join(dir, 'x.csv')], 'a batch needs --campaign'],
    ];
    const results = await Promise.all(cases.map(([args]) => amora(...args)));
    cases.forEach(([args, message], i) => {
      expect(results[i]!.code, args.join(' ')).to.equal(1);
      expect(results[i]!.stderr, args.join(' ')).to.include(message);
    });
    expect(await count()).to.equal(before);
    expect(existsSync(join(dir, 'x.csv'))).to.equal(false);
  });

  it('writes a campaign batch to a new CSV after a dry run, lists it, disables and enables codes with a summary line', async () => {
    const out = join(dir, 'summer.csv');
    const batch = ['batch', '--count', '50', '--percent', '15', '--campaign', 'summer', '--prefix', 'sum-', '--length', '8', '--out', out, '--site', 'localhost'];
    const dry = await amora(...batch, '--dry-run');
    expect(dry.stdout).to.match(/^would create 50 codes for campaign summer \(e\.g\. SUM-[A-Z2-9]{8}\).*\(dry run, nothing changed, no file written\)/);
    expect(existsSync(out)).to.equal(false);
    const ok = await amora(...batch);
    expect(ok.code, ok.stderr).to.equal(0);
    expect(ok.stdout).to.match(/^created 50 codes for campaign summer: SUM-\w+ 15% off, site localhost, 1 use\(s\); written to /);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).to.equal('code,percentage,currency,minimum_order,country,site,expires,payment_methods,max_uses,campaign');
    const written = lines.slice(1).map((l) => l.split(',')[0]!);
    expect(new Set(written).size).to.equal(50);
    const stored = (await env.rt.db('discount_codes').where({ campaign: 'summer' }).pluck('code')) as string[];
    expect(stored.sort()).to.deep.equal([...written].sort());

    const list = await amora('list', '--campaign', 'summer');
    expect(list.stdout).to.include(`${stored[0]}  active  used 0/1  revenue 0.00`);
    expect(list.stdout.trim().split('\n').pop()).to.equal('listed 50 code(s), used 0 time(s)');

    const code = stored[0]!;
    const off = await amora('disable', code.toLowerCase(), 'NO-SUCH');
    expect(off.stdout).to.equal('disabled 1, already disabled 0, not found 1 (NO-SUCH)\n');
    expect(off.code).to.equal(1);
    const on = await amora('enable', code.toLowerCase(), stored[1]!, 'NO-SUCH');
    expect(on.stdout).to.equal(`enabled 1, already enabled 1 (${stored[1]}), expired 0, not found 1 (NO-SUCH)\n`);
    expect(on.stderr).to.include(`${stored[1]}: already enabled`).and.include('NO-SUCH: no such code');
    expect(on.code).to.equal(1);
    expect(await env.rt.db('discount_codes').where({ campaign: 'summer', status: 'active' }).count({ n: '*' }).first()).to.deep.include({ n: 50 });
  });
});
