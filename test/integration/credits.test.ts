// The credit ledger outside the chat (DESIGN.md §6): operators' grants and take-backs through the
// guarded update, idempotent with a key even when replays race, and the audit that finds every
// balance that does not equal its ledger; `amora credits grant` and `amora credits audit`.
import { expect } from 'chai';
import { AppError, ConflictError, InsufficientCreditsError, NotFoundError, ValidationError } from '../../server/errors.js';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { createMember } from '../helpers/members.js';

const ACTOR = 'cli:test-operator';

async function rejection(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describeEachBackend('credits ledger', (env) => {
  const credits = () => env().rt.services.credits;
  const db = () => env().rt.db;
  const balance = async (id: number) => Number((await db()('users').where({ id }).first('credits')).credits);
  const ledgerOf = (id: number) => db()('credit_ledger').where({ user_id: id }).orderBy('id').select('delta', 'balance_after', 'reason', 'reference', 'idempotency_key');
  const member = () => createMember(db(), { name: 'Credita' });
  const uniqueKey = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

  it('the audit finds nothing on a consistent database', async () => {
    // Everything seeded and created so far booked its credits through the ledger.
    const before = await credits().audit();
    expect(before.checked).to.be.greaterThan(0);
    expect(before.mismatches).to.deep.equal([]);
  });

  it('a grant adds credits with a ledger row and an audit log entry; history pages newest first', async () => {
    const m = await member();
    const first = await credits().grant(m.id, 40, '  goodwill  after\nthe outage ', { actor: ACTOR });
    expect(first).to.include({ userId: m.id, email: m.email, amount: 40, balanceBefore: 0, balanceAfter: 40, replayed: false, dryRun: false });
    await credits().grant(m.id, 5, 'ticket bonus', { actor: ACTOR, reference: 'ticket 77' });
    expect(await balance(m.id)).to.equal(45);
    expect(await credits().balanceOf(m.id)).to.equal(45);
    expect(await ledgerOf(m.id)).to.deep.equal([
      { delta: 40, balance_after: 40, reason: 'grant', reference: 'operator: goodwill after the outage', idempotency_key: null },
      { delta: 5, balance_after: 45, reason: 'grant', reference: 'ticket 77: ticket bonus', idempotency_key: null },
    ]);
    const audit = await db()('audit_log').where({ action: 'credits.grant', subject: `user:${m.id}` }).orderBy('id').select('actor', 'details');
    expect(audit).to.have.length(2);
    expect(audit[0].actor).to.equal(ACTOR);
    expect(JSON.parse(audit[0].details)).to.include({ amount: 40, reason: 'goodwill after the outage', balanceBefore: 0, balanceAfter: 40, ledgerId: first.ledgerId });

    const page1 = await credits().history(m.id, 1);
    expect(page1.map((r) => [r.delta, r.balanceAfter])).to.deep.equal([[5, 45]]);
    const page2 = await credits().history(m.id, 10, page1[0]!.id);
    expect(page2.map((r) => [r.delta, r.balanceAfter, r.reason])).to.deep.equal([[40, 40, 'grant']]);
    expect(page2[0]!.id).to.equal(first.ledgerId);

    // A dry run changes nothing.
    const dry = await credits().grant(m.id, 10, 'just looking', { actor: ACTOR, dryRun: true });
    expect(dry).to.include({ balanceBefore: 45, balanceAfter: 55, dryRun: true, ledgerId: null });
    expect(await balance(m.id)).to.equal(45);
  });

  it('a negative grant takes credits back but can never overdraw, not even in parallel', async () => {
    const m = await member();
    await credits().grant(m.id, 30, 'starting balance', { actor: ACTOR });
    expect(await rejection(credits().grant(m.id, -31, 'too much', { actor: ACTOR }))).to.be.instanceOf(InsufficientCreditsError);
    expect(await rejection(credits().grant(m.id, -31, 'too much', { actor: ACTOR, dryRun: true }))).to.be.instanceOf(InsufficientCreditsError);
    expect(await balance(m.id)).to.equal(30);
    expect(await ledgerOf(m.id)).to.have.length(1);

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => credits().grant(m.id, -7, 'take back', { actor: ACTOR })));
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(4);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).to.be.instanceOf(InsufficientCreditsError);
    expect(await balance(m.id)).to.equal(2);
    const rows = await ledgerOf(m.id);
    expect(rows.map((r) => r.balance_after)).to.deep.equal([30, 23, 16, 9, 2]);
  });

  it('refuses unknown and deleted members and invalid input', async () => {
    expect(await rejection(credits().grant(999_999, 5, 'nobody', { actor: ACTOR }))).to.be.instanceOf(NotFoundError);
    expect(await rejection(credits().balanceOf(999_999))).to.be.instanceOf(NotFoundError);
    const gone = await createMember(db(), { status: 'deleted' });
    expect(await rejection(credits().grant(gone.id, 5, 'deleted member', { actor: ACTOR }))).to.be.instanceOf(NotFoundError);
    const m = await member();
    for (const [amount, reason, key] of [[0, 'zero'], [1.5, 'fraction'], [1_000_001, 'too many'], [5, 'ab'], [5, 'x'.repeat(151)], [5, 'bad key', 'has space']] as const) {
      const err = await rejection(credits().grant(m.id, amount, reason, { actor: ACTOR, idempotencyKey: key }));
      expect(err, `${amount} ${reason}`).to.be.instanceOf(ValidationError);
    }
    expect(await balance(m.id)).to.equal(0);
  });

  it('an idempotency key grants once: a replay and 10 parallel grants with the same key leave one ledger row', async () => {
    const m = await member();
    const key = uniqueKey('once');
    const first = await credits().grant(m.id, 12, 'compensation', { actor: ACTOR, idempotencyKey: key });
    const replay = await credits().grant(m.id, 12, 'compensation', { actor: ACTOR, idempotencyKey: key });
    expect(replay).to.deep.equal({ ...first, replayed: true });
    expect(await rejection(credits().grant(m.id, 13, 'compensation', { actor: ACTOR, idempotencyKey: key }))).to.be.instanceOf(ConflictError);
    const other = await member();
    expect(await rejection(credits().grant(other.id, 12, 'compensation', { actor: ACTOR, idempotencyKey: key }))).to.be.instanceOf(ConflictError);
    expect(await balance(m.id)).to.equal(12);
    expect(await balance(other.id)).to.equal(0);

    const raceKey = uniqueKey('race');
    const results = await Promise.all(Array.from({ length: 10 }, () => credits().grant(m.id, 50, 'raced grant', { actor: ACTOR, idempotencyKey: raceKey })));
    expect(results.filter((r) => !r.replayed)).to.have.length(1);
    for (const r of results) expect(r).to.include({ balanceBefore: 12, balanceAfter: 62 });
    expect(new Set(results.map((r) => r.ledgerId)).size).to.equal(1);
    expect(await balance(m.id)).to.equal(62);
    expect(await db()('credit_ledger').where({ idempotency_key: `grant:${raceKey}` }).select('delta', 'balance_after')).to.deep.equal([{ delta: 50, balance_after: 62 }]);
    expect(await ledgerOf(m.id)).to.have.length(2);
    expect(await db()('audit_log').where({ action: 'credits.grant', subject: `user:${m.id}` }).count({ n: '*' }).first()).to.satisfy((r: { n: unknown }) => Number(r.n) === 2);
  });

  it('the audit reports a tampered balance, a row written past the ledger rules and credits without a ledger', async () => {
    const [tampered, injected, staleLast, noLedger] = [await member(), await member(), await member(), await member()];
    for (const m of [tampered, injected, staleLast]) await credits().grant(m.id, 20, 'audit fixture', { actor: ACTOR });
    expect((await credits().audit({ userId: tampered.id })).mismatches).to.deep.equal([]);

    await db()('users').where({ id: tampered.id }).update({ credits: 23 });
    const now = Date.now();
    await db()('credit_ledger').insert({ user_id: injected.id, delta: 5, balance_after: 25, reason: 'grant', created_at: now });
    // The sum still matches, but the newest row's balance_after does not.
    await db()('credit_ledger').insert({ user_id: staleLast.id, delta: 0, balance_after: 19, reason: 'grant', created_at: now });
    await db()('users').where({ id: noLedger.id }).update({ credits: 7 });

    try {
      const mine = new Set([tampered.id, injected.id, staleLast.id, noLedger.id]);
      const all = await credits().audit();
      expect(all.mismatches.filter((x) => mine.has(x.userId))).to.deep.equal([
        { userId: tampered.id, email: tampered.email, balance: 23, ledgerSum: 20, lastBalanceAfter: 20 },
        { userId: injected.id, email: injected.email, balance: 20, ledgerSum: 25, lastBalanceAfter: 25 },
        { userId: staleLast.id, email: staleLast.email, balance: 20, ledgerSum: 20, lastBalanceAfter: 19 },
        { userId: noLedger.id, email: noLedger.email, balance: 7, ledgerSum: 0, lastBalanceAfter: null },
      ]);
      const one = await credits().audit({ userId: injected.id });
      expect(one).to.deep.equal({ checked: 1, mismatches: [{ userId: injected.id, email: injected.email, balance: 20, ledgerSum: 25, lastBalanceAfter: 25 }] });
      expect((await credits().audit({ limit: 1 })).mismatches).to.have.length(1);

      // The operator runs it as cron does: each mismatch printed, exit code 1.
      const cli = await amoraCli(env(), 'credits', 'audit');
      expect(cli.code, cli.stderr).to.equal(1);
      expect(cli.stdout).to.include(`user ${tampered.id} ${tampered.email}: balance 23, ledger sum 20, last balance_after 20`);
      expect(cli.stdout).to.include(`user ${noLedger.id} ${noLedger.email}: balance 7, ledger sum 0, no ledger rows`);
      expect(cli.stdout).to.match(/checked \d+, mismatches [1-9]\d*\n$/);
    } finally {
      // Put the books right again for the tests that follow (and that audit everything).
      await db()('users').where({ id: tampered.id }).update({ credits: 20 });
      await db()('users').where({ id: injected.id }).update({ credits: 25 });
      await db()('credit_ledger').insert({ user_id: staleLast.id, delta: 0, balance_after: 20, reason: 'grant', created_at: Date.now() });
      await db()('users').where({ id: noLedger.id }).update({ credits: 0 });
    }
    for (const m of [tampered, injected, staleLast, noLedger]) expect((await credits().audit({ userId: m.id })).mismatches).to.deep.equal([]);
  });

  it('amora credits grant books the credits for the operator, once per key', async () => {
    const m = await member();
    const key = uniqueKey('cli');
    const res = await amoraCli(env(), 'credits', 'grant', '--email', m.email.toUpperCase(), '--site', 'localhost', '--amount', '25', '--reason', 'goodwill after outage', '--key', key);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stdout).to.equal(`granted 25 credits to ${m.email}: balance 0 → 25\n`);
    expect(await balance(m.id)).to.equal(25);
    expect(await ledgerOf(m.id)).to.deep.equal([{ delta: 25, balance_after: 25, reason: 'grant', reference: 'operator: goodwill after outage', idempotency_key: `grant:${key}` }]);
    const entry = await db()('audit_log').where({ action: 'credits.grant', subject: `user:${m.id}` }).first('actor', 'details');
    expect(entry.actor).to.match(/^cli:./);
    expect(JSON.parse(entry.details)).to.include({ amount: 25, idempotencyKey: key });
    // What the CLI did, the service sees as done: the same key again changes nothing.
    expect(await credits().grant(m.id, 25, 'goodwill after outage', { actor: ACTOR, idempotencyKey: key })).to.include({ replayed: true, balanceAfter: 25 });
    expect(await balance(m.id)).to.equal(25);
  });
});
