// `amora codes` run as operators run it (a separate process) on the test database: one code with
// every rule, a campaign batch written to CSV, the list with uses and revenue, disabling, dry
// runs that change nothing and bad input refused with a clear message. SQLite only, as the other
// CLI tests: the commands are thin over services tested on both backends.
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

  it('creates one code with every rule, after a dry run that changes nothing', async () => {
    const member = await createMember(env.rt.db, { siteId: 2 });
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const rules = ['--percent', '20', '--currency', 'eur', '--min-order', '24.95', '--country', 'nl', '--user', String(member.id),
      '--expires', soon, '--methods', 'ideal,creditcard', '--max-uses', '1', '--campaign', 'winback'];
    const before = await count();
    const dry2 = await amora('create', ' Winback-Ann ', ...rules, '--dry-run');
    expect(dry2.stdout).to.match(/^would create 1 code: WINBACK-ANN 20% off, minimum order 24\.95 EUR, country NL, member \d+/);
    expect(dry2.stdout).to.include('(dry run, nothing changed)');
    expect(await count()).to.equal(before);
    const ok = await amora('create', ' Winback-Ann ', ...rules);
    expect(ok.code, ok.stderr).to.equal(0);
    const row = await env.rt.db('discount_codes').where({ code: 'WINBACK-ANN' }).first();
    expect(row).to.include({ value_percentage: 20, currency: 'EUR', minimum_order_cents: 2495, country: 'NL', user_id: member.id, site_id: 2, max_uses: 1, campaign: 'winback', status: 'active' });
    expect(JSON.parse(row.paymentmethods)).to.deep.equal(['ideal', 'creditcard']);
    expect(Number(row.expires_at)).to.equal(Date.parse(`${soon}T00:00:00Z`) + 86_400_000);
    expect((await amora('create', 'winback-ann', '--percent', '10')).stderr).to.include('exists already');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await count();
    // Each flag's own checks are unit tests (test/unit/codes-input.test.ts); here, that a refusal reaches the operator.
    const cases: [string[], string][] = [
      [['create', 'BAD-1', '--percent', '1e9'], '--percent must be a whole number from 1 to 90, got "1e9"'],
      [['create', 'BAD-1', '--percent', '10', '--colour', 'red'], "unknown option '--colour'"],
      [['create', 'X'.repeat(10_240), '--percent', '10'], 'a code is 3-32 letters'],
      [['create', 'BAD-1', '--percent', '10', '--site', 'nope.example'], 'no site with the domain "nope.example"'],
      [['batch', '--count', '5', '--percent', '10', '--out', join(dir, 'x.csv')], 'a batch needs --campaign'],
    ];
    for (const [args, message] of cases) {
      const res = await amora(...args);
      expect(res.code, args.join(' ').slice(0, 80)).to.equal(1);
      expect(res.stderr, args.join(' ').slice(0, 80)).to.include(message);
    }
    expect(await count()).to.equal(before);
    expect(existsSync(join(dir, 'x.csv'))).to.equal(false);
  });

  it('creates a campaign batch of unique codes in a new CSV, lists it with uses and revenue, and disables it', async () => {
    const out = join(dir, 'summer.csv');
    const dry = await amora('batch', '--count', '50', '--percent', '15', '--campaign', 'summer', '--prefix', 'sum-', '--length', '8', '--out', out, '--dry-run');
    expect(dry.stdout).to.match(/^would create 50 codes for campaign summer \(e\.g\. SUM-[A-Z2-9]{8}\)/);
    expect(existsSync(out)).to.equal(false);
    const ok = await amora('batch', '--count', '50', '--percent', '15', '--campaign', 'summer', '--prefix', 'sum-', '--length', '8', '--out', out, '--site', 'localhost');
    expect(ok.code, ok.stderr).to.equal(0);
    expect(ok.stdout).to.match(/^created 50 codes for campaign summer: SUM-\w+ 15% off, site localhost, 1 use\(s\); written to /);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).to.equal('code,percentage,currency,minimum_order,country,site,expires,payment_methods,max_uses,campaign');
    const written = lines.slice(1).map((l) => l.split(',')[0]!);
    expect(new Set(written).size).to.equal(50);
    const stored = (await env.rt.db('discount_codes').where({ campaign: 'summer' }).pluck('code')) as string[];
    expect(stored.sort()).to.deep.equal([...written].sort());
    expect((await amora('batch', '--count', '5', '--percent', '15', '--campaign', 'summer', '--out', out)).stderr).to.include('exists already');

    // One of them paid for: the list shows the use and what it brought in.
    const code = stored[0]!;
    const id = Number((await env.rt.db('discount_codes').where({ code }).first('id')).id);
    const m = await createMember(env.rt.db);
    const bundle = await env.rt.db('bundles').where({ currency: 'GBP', credits: 100 }).first('id');
    const now = Date.now();
    const [paymentId] = await env.rt.db('payments').insert({
      public_id: 'c0de'.repeat(6), user_id: m.id, site_id: 1, bundle_id: bundle.id, credits: 100, amount_cents: 1526, discount_cents: 269,
      discount_code_id: id, currency: 'GBP', method: 'ideal', provider: 'test', status: 'paid', paid_at: now, fulfilled_at: now, created_at: now, updated_at: now,
    });
    await env.rt.db('discount_redemptions').insert({ discount_code_id: id, user_id: m.id, payment_id: paymentId, status: 'used', created_at: now });
    const list = await amora('list', '--campaign', 'summer');
    expect(list.stdout).to.include(`${code}  active  used 1/1  revenue 15.26 GBP`);
    expect(list.stdout.trim().split('\n').pop()).to.equal('listed 50 code(s), used 1 time(s)');

    const dryOff = await amora('disable', '--campaign', 'summer', '--dry-run');
    expect(dryOff.stdout).to.equal('would disable 50, already disabled 0, not found 0 (dry run, nothing changed)\n');
    expect(await env.rt.db('discount_codes').where({ campaign: 'summer', status: 'active' }).count({ n: '*' }).first()).to.deep.include({ n: 50 });
    expect((await amora('disable', code.toLowerCase(), 'NO-SUCH')).stdout).to.equal('disabled 1, already disabled 0, not found 1 (NO-SUCH)\n');
    expect((await amora('disable', '--campaign', 'summer')).stdout).to.equal('disabled 49, already disabled 1, not found 0\n');
    expect(await env.rt.db('discount_codes').where({ campaign: 'summer', status: 'active' }).count({ n: '*' }).first()).to.deep.include({ n: 0 });
  });
});
