// What `amora codes` does, through the admin service it calls (issue 14 point 7), on both
// backends: one code with every rule, rules refused with a clear message and nothing changed, dry
// runs, a campaign batch of unique codes, the list with uses and revenue, disabling and enabling.
// test/integration/cli-codes.test.ts runs the command itself a few times (flags, output, files).
import { expect } from 'chai';
import { CodeRulesError, type CodeRules } from '../../server/services/promotions/discount-codes-admin-service.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createMember } from '../helpers/members.js';

const RULES: CodeRules = {
  percent: 15, currency: null, minimumOrderCents: null, country: null, userId: null, siteId: null, expiresAt: null, paymentMethods: null,
  maxUses: null, campaign: null,
};
const DAY = 86_400_000;

describeEachBackend('discount codes for operators (admin service)', (env) => {
  const db = () => env().rt.db;
  const admin = () => env().rt.services.discountCodesAdmin;
  const count = async () => Number((await db()('discount_codes').count({ n: '*' }).first())!.n);
  const refusal = async (work: Promise<unknown>) => {
    const err = await work.then(() => undefined, (e: unknown) => e);
    expect(err).to.be.instanceOf(CodeRulesError);
    return (err as Error).message;
  };

  it('creates one code with every rule, after a dry run that changes nothing; the same code twice is refused', async () => {
    const member = await createMember(db(), { siteId: 2 });
    const expiresAt = Date.now() + 30 * DAY;
    const rules: CodeRules = {
      percent: 20, currency: 'EUR', minimumOrderCents: 2495, country: 'NL', userId: member.id, siteId: null, expiresAt,
      paymentMethods: ['ideal', 'creditcard', 'ideal'], maxUses: 1, campaign: 'winback',
    };
    const before = await count();
    const dry = await admin().create(' Winback-Adm ', rules, { dryRun: true });
    expect(dry).to.include({ code: 'WINBACK-ADM', siteId: 2 });
    expect(await count()).to.equal(before);
    await admin().create(' Winback-Adm ', rules);
    const row = await db()('discount_codes').where({ code: 'WINBACK-ADM' }).first();
    expect(row).to.include({ value_percentage: 20, currency: 'EUR', minimum_order_cents: 2495, country: 'NL', user_id: member.id, site_id: 2, max_uses: 1, campaign: 'winback', status: 'active' });
    expect(JSON.parse(row.paymentmethods)).to.deep.equal(['ideal', 'creditcard']);
    expect(Number(row.expires_at)).to.equal(expiresAt);
    expect(await refusal(admin().create('winback-adm', RULES))).to.include('exists already');
  });

  it('refuses bad rules with a clear message and changes nothing', async () => {
    const before = await count();
    const cases: [string, Partial<CodeRules>, string][] = [
      ['BAD-1', { percent: 0 }, 'the percentage must be a whole number from 1 to 90'],
      ['BAD-1', { percent: 91 }, 'the percentage must be a whole number from 1 to 90'],
      ['BAD-1', { percent: 12.5 }, 'the percentage must be a whole number from 1 to 90'],
      ['X'.repeat(10_240), {}, 'a code is 3-32 letters'],
      ['CОDE', {}, 'a code is 3-32 letters'], // a Cyrillic О
      ['ZERO\u200bWIDTH', {}, 'a code is 3-32 letters'],
      ['BAD-1', { currency: 'XYZ' }, 'the currency must be one of'],
      ['BAD-1', { country: 'NL', currency: 'GBP' }, 'members in NL pay in EUR, not GBP'],
      ['BAD-1', { minimumOrderCents: 1000 }, 'a minimum order needs a currency'],
      ['BAD-1', { minimumOrderCents: -5, currency: 'EUR' }, 'the minimum order must be above 0'],
      ['BAD-1', { expiresAt: Date.now() - 1000 }, 'the expiry must be in the future'],
      ['BAD-1', { expiresAt: Date.now() + 6 * 366 * DAY }, 'at most five years away'],
      ['BAD-1', { paymentMethods: ['bitcoin' as never] }, 'the payment methods must be one or more'],
      ['BAD-1', { maxUses: 0 }, 'the maximum number of uses must be 1-1000000'],
      ['BAD-1', { campaign: 'a b' }, 'a campaign name is 1-64 letters'],
      ['BAD-1', { userId: 999_999_999 }, 'no member with user id 999999999'],
    ];
    for (const [code, rules, message] of cases) expect(await refusal(admin().create(code, { ...RULES, ...rules })), message).to.include(message);
    const batch = { count: 5, prefix: '', length: 8 };
    expect(await refusal(admin().createBatch(RULES, { ...batch, count: 0 }))).to.include('the count must be 1-100000');
    expect(await refusal(admin().createBatch(RULES, { ...batch, length: 3 }))).to.include('the random part must be 6-20');
    expect(await refusal(admin().createBatch(RULES, { ...batch, prefix: 'Ä-' }))).to.include('the prefix is up to 16 letters');
    expect(await refusal(admin().createBatch({ ...RULES, userId: 1 }, batch))).to.include('a batch cannot be for one member');
    expect(await count()).to.equal(before);
  });

  it('creates a campaign batch of unique codes, lists it with uses and revenue, disables and enables it', async () => {
    const rules = { ...RULES, maxUses: 1, campaign: 'autumn-adm', siteId: 1 };
    const before = await count();
    const dry = await admin().createBatch(rules, { count: 40, prefix: 'aut-', length: 8 }, { dryRun: true });
    expect(dry).to.have.length(40);
    expect(await count()).to.equal(before);
    const rows = await admin().createBatch(rules, { count: 40, prefix: 'aut-', length: 8 });
    expect(new Set(rows.map((r) => r.code)).size).to.equal(40);
    for (const r of rows) expect(r.code).to.match(/^AUT-[A-HJKMNP-Z2-9]{8}$/);

    // One of them paid for: the list shows the use and what it brought in, less a refund.
    const code = rows[0]!.code;
    const id = Number((await db()('discount_codes').where({ code }).first('id')).id);
    const m = await createMember(db());
    const bundle = await db()('bundles').where({ currency: 'GBP', credits: 100 }).first('id');
    const now = Date.now();
    const [paymentId] = await db()('payments').insert({
      public_id: `adm${m.id}`.padEnd(24, '0'), user_id: m.id, site_id: 1, bundle_id: bundle.id, credits: 100, amount_cents: 1526, discount_cents: 269,
      refunded_cents: 26, discount_code_id: id, currency: 'GBP', method: 'ideal', provider: 'test', status: 'paid', paid_at: now, fulfilled_at: now,
      created_at: now, updated_at: now,
    });
    await db()('discount_redemptions').insert({ discount_code_id: id, user_id: m.id, payment_id: paymentId, status: 'used', created_at: now });
    const listed = await admin().list({ campaign: 'autumn-adm', limit: 100 });
    expect(listed).to.have.length(40);
    expect(listed.find((r) => r.code === code)).to.deep.include({ used: 1, reserved: 0, revenueCents: { GBP: 1500 } });

    expect(await admin().disable({ campaign: 'autumn-adm' }, { dryRun: true })).to.deep.equal({ disabled: 40, alreadyDisabled: 0, notFound: [] });
    expect(await admin().disable({ codes: [code.toLowerCase(), 'NO-SUCH'] })).to.deep.equal({ disabled: 1, alreadyDisabled: 0, notFound: ['NO-SUCH'] });
    expect(await admin().disable({ campaign: 'autumn-adm' })).to.deep.equal({ disabled: 39, alreadyDisabled: 1, notFound: [] });
    expect(await admin().list({ campaign: 'autumn-adm', limit: 100 })).to.deep.equal([]);

    // Enabling: a dry run changes nothing; by name; then the rest of the campaign.
    expect(await admin().enable({ codes: [code] }, { dryRun: true })).to.deep.equal({ enabled: 1, alreadyEnabled: [], expired: [], notFound: [] });
    expect(await admin().list({ campaign: 'autumn-adm', limit: 100 })).to.deep.equal([]);
    expect(await admin().enable({ codes: [` ${code.toLowerCase()} `, 'NO-SUCH'] })).to.deep.equal({ enabled: 1, alreadyEnabled: [], expired: [], notFound: ['NO-SUCH'] });
    expect(await admin().enable({ codes: [code] })).to.deep.equal({ enabled: 0, alreadyEnabled: [code], expired: [], notFound: [] });
    const rest = await admin().enable({ campaign: 'autumn-adm' });
    expect(rest).to.include({ enabled: 39 });
    expect(rest.alreadyEnabled).to.deep.equal([code]);
    expect(await admin().list({ campaign: 'autumn-adm', limit: 100 })).to.have.length(40);
  });

  it('does not enable an expired code, and says so', async () => {
    await admin().create('OLD-ADM', { ...RULES, expiresAt: Date.now() + DAY });
    await admin().disable({ codes: ['OLD-ADM'] });
    const later = Date.now() + 2 * DAY;
    expect(await admin().enable({ codes: ['OLD-ADM'] }, { now: later })).to.deep.equal({ enabled: 0, alreadyEnabled: [], expired: ['OLD-ADM'], notFound: [] });
    expect((await db()('discount_codes').where({ code: 'OLD-ADM' }).first('status')).status).to.equal('disabled');
  });
});
