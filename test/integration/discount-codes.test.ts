// Discount codes as members meet them (issue 14): GET /api/discountcode.php with every message of
// SPEC.md §5 and §8, codes that cannot be probed, the rate limit on guessing, and the uses of a
// code reserved, confirmed and released exactly, also under concurrent checkouts.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import supertest from 'supertest';
import { insertPayment } from '../../server/repos/payments-repo.js';
import type { AppError } from '../../server/errors.js';
import type { CodeRules } from '../../server/services/promotions/discount-codes-admin-service.js';
import { CODE_TRIES_PER_ADDRESS, CODE_TRIES_PER_MEMBER } from '../../server/services/promotions/discount-codes-service.js';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent, type agent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const RULES: CodeRules = {
  percent: 25, currency: null, minimumOrderCents: null, country: null, userId: null, siteId: null, expiresAt: null, paymentMethods: null,
  maxUses: null, campaign: null,
};

describeEachBackend('discount codes', (env) => {
  const db = () => env().rt.db;
  const codes = () => env().rt.services.discountCodes;
  const admin = () => env().rt.services.discountCodesAdmin;
  const create = (code: string, rules: Partial<CodeRules> = {}) => admin().create(code, { ...RULES, ...rules });
  const codeId = async (code: string) => Number((await db()('discount_codes').where({ code }).first('id')).id);

  /**
   * A British member (bundles in GBP: 17.95, 38.95, 69.95, 123.95), logged in once per slot:
   * logging in is most of a test's time. Each slot stays under the member's 10 failed tries.
   */
  const slots = new Map<string, Promise<{ id: number; a: ReturnType<typeof agent> }>>();
  function member(slot: 'a' | 'b') {
    if (!slots.has(slot)) slots.set(slot, createMember(db()).then(async (m) => ({ id: m.id, a: await loggedInAgent(env().app, m.email, m.password) })));
    return slots.get(slot)!;
  }

  /** A member who never logs in: no password hashing, which is most of a member's cost here. */
  async function buyer(): Promise<{ id: number }> {
    const now = Date.now();
    const email = `buyer-${randomBytes(6).toString('hex')}@example.com`;
    const [id] = await db()('users').insert({
      site_id: 1, email, password_hash: 'not-a-hash', status: 'active', language: 'en', signup_date: now, confirmed_at: now, created_at: now, updated_at: now,
    });
    await db()('profiles').insert({
      user_id: id, name: 'Buyer', gender: 'male', sexuality: 'hetero', birth_date: '1990-01-01', country: 'GB', last_active_at: now, created_at: now, updated_at: now,
    });
    return { id: Number(id) };
  }

  const lookUp = (a: ReturnType<typeof agent>, query: Record<string, string>) => a.get('/api/discountcode.php').query(query);

  async function newPayment(userId: number, codeId?: number) {
    const bundle = (await db()('bundles').where({ currency: 'GBP', credits: 100 }).first('id')) as { id: number };
    const publicId = randomBytes(12).toString('hex');
    await insertPayment(db(), {
      publicId, userId, siteId: 1, bundleId: bundle.id, credits: 100, amountCents: 1346, currency: 'GBP', method: 'creditcard', provider: 'test',
      idempotencyKey: `test:${publicId}`, isRepeat: false, mandateId: null,
    });
    const row = (await db()('payments').where({ public_id: publicId }).first('id')) as { id: number };
    if (codeId !== undefined) await db()('payments').where({ id: row.id }).update({ discount_code_id: codeId, discount_cents: 449 });
    return Number(row.id);
  }

  it('needs a logged-in member', async () => {
    const visitor = await supertest(env().app).get('/api/discountcode.php?code=ANYTHING').set('Host', 'localhost');
    expect(visitor.status).to.equal(403);
    expect(visitor.body.error.code).to.equal('authentication_required');
  });

  it('matches a code trimmed and case-insensitively, and prices every bundle in the member\'s currency', async () => {
    await create('Spring-25');
    const { a } = await member('a');
    const res = await lookUp(a, { code: '  spring-25\t', utm_source: 'mail' }).expect(200);
    expect(res.body.discountcode).to.include({ code: 'SPRING-25', value_percentage: 25, status: 'active', expired: false, validity: null });
    const first = res.body.bundles.find((b: { price_cents: number }) => b.price_cents === 1795);
    expect(first).to.include({ eligible: true, currency: 'GBP', discount_cents: 449, amount_cents: 1346 }); // 448.75 → 449
    expect(res.body.bundles).to.have.length(4);
  });

  it("answers 'Code not found' alike for unknown, expired, disabled, another member's and another site's codes", async () => {
    const { a, id } = await member('a');
    const other = await buyer();
    await create('GONE-SOON', { expiresAt: Date.now() + 60_000 });
    await db()('discount_codes').where({ code: 'GONE-SOON' }).update({ expires_at: Date.now() - 1 });
    await create('SWITCHED-OFF');
    await admin().disable({ codes: ['switched-off'] });
    await create('NOT-YOURS', { userId: other.id });
    await create('DUTCH-SITE', { siteId: 2 });
    await create('MINE-ONLY', { userId: id });
    const answers = [];
    for (const code of ['NO-SUCH-CODE', 'GONE-SOON', 'SWITCHED-OFF', 'NOT-YOURS', 'DUTCH-SITE']) {
      const res = await lookUp(a, { code });
      answers.push({ status: res.status, body: res.body });
    }
    for (const answer of answers) {
      expect(answer).to.deep.equal({ status: 404, body: { error: { code: 'discount_code_not_found', message: 'Code not found' } } });
    }
    await lookUp(a, { code: 'mine-only' }).expect(200);
  });

  it("says 'Code already used' once the member used it, or when its uses are taken", async () => {
    const { a, id } = await member('b');
    await create('ONCE-EACH', { maxUses: 100 });
    const paymentId = await newPayment(id, await codeId('ONCE-EACH'));
    await codes().reserve({ paymentId, userId: id, siteId: 1, codeId: await codeId('ONCE-EACH') });
    const open = await lookUp(a, { code: 'ONCE-EACH' }).expect(409);
    expect(open.body.error.code).to.equal('discount_code_reserved');
    await codes().confirm(paymentId);
    const used = await lookUp(a, { code: 'ONCE-EACH' }).expect(409);
    expect(used.body.error).to.deep.equal({ code: 'discount_code_used', message: 'Code already used' });

    await create('ALL-GONE', { maxUses: 1 });
    await db()('discount_codes').where({ code: 'ALL-GONE' }).update({ uses: 1 });
    expect((await lookUp(a, { code: 'ALL-GONE' }).expect(409)).body.error.message).to.equal('Code already used');
  });

  it('explains a minimum order, a country and a payment method the code does not cover', async () => {
    const { a } = await member('b');
    await create('BIG-ORDERS', { currency: 'GBP', minimumOrderCents: 5000 });
    const small = await lookUp(a, { code: 'big-orders', bundle: String(await bundleId(100)) }).expect(422);
    expect(small.body.error).to.deep.equal({ code: 'discount_minimum_order', message: 'This code is valid for orders of £50.00 or more.' });
    const all = await lookUp(a, { code: 'big-orders' }).expect(200);
    expect(all.body.bundles.map((b: { eligible: boolean }) => b.eligible)).to.deep.equal([false, false, true, true]);
    await lookUp(a, { code: 'big-orders', bundle: String(await bundleId(500)) }).expect(200);
    await create('HIGH-BAR', { currency: 'GBP', minimumOrderCents: 999_999 });
    expect((await lookUp(a, { code: 'HIGH-BAR' }).expect(422)).body.error.code).to.equal('discount_minimum_order');

    await create('NL-ONLY', { country: 'NL' });
    expect((await lookUp(a, { code: 'NL-ONLY' }).expect(422)).body.error).to.deep.equal({ code: 'discount_country', message: 'This code is not valid in your country.' });
    await create('EURO-ONLY', { currency: 'EUR' });
    expect((await lookUp(a, { code: 'EURO-ONLY' }).expect(422)).body.error.code).to.equal('discount_country');

    await create('IDEAL-ONLY', { paymentMethods: ['ideal', 'visa'] });
    const paypal = await lookUp(a, { code: 'IDEAL-ONLY', method: 'paypal' }).expect(422);
    expect(paypal.body.error.code).to.equal('discount_payment_method');
    await lookUp(a, { code: 'IDEAL-ONLY', method: 'mastercard' }).expect(200); // a card brand is the card choice
    expect((await lookUp(a, { code: 'IDEAL-ONLY' }).expect(200)).body.discountcode.paymentmethods).to.deep.equal(['ideal', 'visa']);
  });

  it('refuses codes of 10 KB, look-alike letters and other tricks with a clear, translated error', async () => {
    const { a } = await member('a');
    await create('TRICKY');
    for (const code of ['X'.repeat(10_240), '\u0422RICKY', 'TRICKY\u200b', 'ＴＲＩＣＫＹ', 'TR ICKY', "TRICKY' OR 1=1 --", 'ab', '']) {
      const res = await lookUp(a, { code }).expect(400);
      expect(res.body.error.code, JSON.stringify(code.slice(0, 20))).to.equal('validation_failed');
      expect(res.body.error.fields.code).to.match(/^Enter a discount code of 3 to 32/);
    }
    const twice = await a.get('/api/discountcode.php?code=TRICKY&code=TRICKY').expect(400);
    expect(twice.body.error.code).to.equal('validation_failed');
    const dutch = await lookUp(a, { code: 'NOPE-NOPE' }).set('Cookie', 'amora_lang=nl').expect(404);
    expect(dutch.body.error.message).to.equal('Code niet gevonden');
    const polish = await lookUp(a, { code: 'TRICKY\u200b' }).set('Cookie', 'amora_lang=pl').expect(400);
    expect(polish.body.error.message).to.match(/^Wpisz kod rabatowy/);
  });

  it('limits guessing per member and per address; a code that works costs no try', async () => {
    await create('REAL-ONE');
    const m = await buyer();
    const bundles = [{ id: 1, credits: 100, priceCents: 1795, currency: 'GBP' }];
    const base = { siteId: 1, userId: m.id, country: 'GB', ip: `test-${randomBytes(4).toString('hex')}`, lng: 'en', bundles };
    for (let i = 0; i < CODE_TRIES_PER_MEMBER + 3; i++) await codes().check({ ...base, code: 'REAL-ONE' });
    for (let i = 0; i < CODE_TRIES_PER_MEMBER; i++) {
      const err = await codes().check({ ...base, code: `GUESS-${i}` }).catch((e: unknown) => e);
      expect((err as AppError).code).to.equal('discount_code_not_found');
    }
    const blocked = (await codes().check({ ...base, code: 'REAL-ONE' }).catch((e: unknown) => e)) as AppError;
    expect(blocked).to.include({ code: 'rate_limited', status: 429, messageKey: 'discountTooManyAttempts' });
    expect(blocked.params.minutes).to.be.within(1, 60);

    const ip = `test-${randomBytes(4).toString('hex')}`;
    const members = await Promise.all(Array.from({ length: Math.ceil(CODE_TRIES_PER_ADDRESS / CODE_TRIES_PER_MEMBER) }, () => buyer()));
    let refused = 0;
    for (let i = 0; i < CODE_TRIES_PER_ADDRESS + 1; i++) {
      const who = members[i % members.length]!;
      const err = (await codes().check({ ...base, ip, userId: who.id, code: `ADDR-${i}` }).catch((e: unknown) => e)) as AppError;
      if (err.code === 'rate_limited') refused++;
    }
    expect(refused).to.equal(1);
  });

  it('grants the time bonus TIMEBONUS25 only to a member who never paid, in the 4 hours after signing up, once', async () => {
    const bundles = [{ id: 1, credits: 100, priceCents: 1795, currency: 'GBP' }];
    const base = { siteId: 1, country: 'GB', ip: `test-${randomBytes(4).toString('hex')}`, lng: 'en', bundles, code: ' timebonus25 ' };
    const fresh = await buyer();
    const signup = Number((await db()('users').where({ id: fresh.id }).first('signup_date')).signup_date);
    expect(await codes().timeBonusOf(fresh.id)).to.deep.equal({ isVisible: true, endsAt: signup + 4 * 3600_000 });
    const ok = await codes().check({ ...base, userId: fresh.id });
    expect(ok.quotes[0]!.quote).to.include({ discountPercent: 25, amountCents: 1346 });
    expect((await codes().timeBonusOf(fresh.id, signup + 4 * 3600_000)).isVisible).to.equal(false);

    const old = await buyer();
    await db()('users').where({ id: old.id }).update({ signup_date: Date.now() - 4 * 3600_000 - 1000 });
    const paid = await buyer();
    await db()('users').where({ id: paid.id }).update({ paid_user: true });
    for (const who of [old, paid]) {
      expect((await codes().timeBonusOf(who.id)).isVisible).to.equal(false);
      const err = (await codes().check({ ...base, userId: who.id }).catch((e: unknown) => e)) as AppError;
      expect(err.code).to.equal('discount_code_not_found');
      const id = await codeId('TIMEBONUS25');
      const refused = (await codes().reserve({ paymentId: await newPayment(who.id), userId: who.id, siteId: 1, codeId: id }).catch((e: unknown) => e)) as AppError;
      expect(refused.code, 'the server refuses it at checkout too').to.equal('discount_code_not_found');
    }

    const paymentId = await newPayment(fresh.id, await codeId('TIMEBONUS25'));
    await codes().reserve({ paymentId, userId: fresh.id, siteId: 1, codeId: await codeId('TIMEBONUS25') });
    await codes().confirm(paymentId);
    expect((await codes().timeBonusOf(fresh.id)).isVisible).to.equal(false);
    expect(((await codes().check({ ...base, userId: fresh.id }).catch((e: unknown) => e)) as AppError).code).to.equal('discount_code_used');
  });

  it('answers welcome=true with WELCOME25 while the member may use it, else "Code not found"', async () => {
    const { a } = await member('a');
    const offer = await lookUp(a, { welcome: 'true' }).expect(200);
    expect(offer.body.discountcode).to.include({ code: 'WELCOME25', value_percentage: 25 });
    expect(offer.body.bundles[0]).to.include({ eligible: true, amount_cents: 1346 });
    const late = await buyer();
    await db()('users').where({ id: late.id }).update({ signup_date: Date.now() - 7 * 86_400_000 - 1000 });
    const who = { siteId: 1, userId: late.id, country: 'GB', lng: 'en', bundles: [{ id: 1, credits: 100, priceCents: 1795, currency: 'GBP' }] };
    expect(((await codes().welcomeOffer(who).catch((e: unknown) => e)) as AppError).code).to.equal('discount_code_not_found');
    expect((await codes().welcomeOffer({ ...who, welcomeDays: 8 })).code.code).to.equal('WELCOME25');
  });

  it('ten concurrent checkouts with one single-use code: exactly one gets it, the rest "Code already used"', async () => {
    await create('ONLY-ONE', { maxUses: 1 });
    const id = await codeId('ONLY-ONE');
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    const payments = await Promise.all(buyers.map((b) => newPayment(b.id, id)));
    const results = await Promise.allSettled(buyers.map((b, i) => codes().reserve({ paymentId: payments[i]!, userId: b.id, siteId: 1, codeId: id })));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).to.have.length(1);
    expect(lost.map((r) => (r.reason as AppError).code)).to.deep.equal(Array(9).fill('discount_code_used'));
    expect(Number((await db()('discount_codes').where({ id }).first('uses')).uses)).to.equal(1);
    expect(Number((await db()('discount_redemptions').where({ discount_code_id: id }).count({ n: '*' }).first())!.n)).to.equal(1);

    // The winner's payment fails: the use goes back and the next checkout can take it.
    const winner = results.findIndex((r) => r.status === 'fulfilled');
    expect(await codes().release(payments[winner]!)).to.equal(true);
    expect(await codes().release(payments[winner]!)).to.equal(false);
    expect(Number((await db()('discount_codes').where({ id }).first('uses')).uses)).to.equal(0);
    const next = (winner + 1) % 10;
    await codes().reserve({ paymentId: payments[next]!, userId: buyers[next]!.id, siteId: 1, codeId: id });
    expect(await codes().confirm(payments[next]!)).to.equal('confirmed');
    expect(await codes().confirm(payments[next]!)).to.equal('already');
    expect(await codes().release(payments[next]!)).to.equal(false); // paid: it stays used
    const row = await db()('discount_redemptions').where({ payment_id: payments[next]! }).first('status');
    expect(row.status).to.equal('used');
    expect(Number((await db()('discount_codes').where({ id }).first('uses')).uses)).to.equal(1);
  });

  it('one member starting two checkouts at once with a code holds it for one of them', async () => {
    await create('TWO-TABS', { maxUses: 50 });
    const id = await codeId('TWO-TABS');
    const m = await buyer();
    const [p1, p2] = [await newPayment(m.id, id), await newPayment(m.id, id)];
    const results = await Promise.allSettled([p1, p2].map((paymentId) => codes().reserve({ paymentId, userId: m.id, siteId: 1, codeId: id })));
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect((lost.reason as AppError).code).to.equal('discount_code_reserved');
    expect(Number((await db()('discount_codes').where({ id }).first('uses')).uses)).to.equal(1);
  });

  it("a payment paid after its reservation was given back still counts its use (the member paid that price)", async () => {
    await create('LATE-PAY', { maxUses: 1 });
    const id = await codeId('LATE-PAY');
    const [m1, m2] = [await buyer(), await buyer()];
    const p1 = await newPayment(m1.id, id);
    await codes().reserve({ paymentId: p1, userId: m1.id, siteId: 1, codeId: id });
    await codes().release(p1); // expired by reconcile
    const p2 = await newPayment(m2.id, id);
    await codes().reserve({ paymentId: p2, userId: m2.id, siteId: 1, codeId: id });
    expect(await codes().confirm(p1)).to.equal('late'); // then the provider reports the first one paid after all
    expect(Number((await db()('discount_codes').where({ id }).first('uses')).uses)).to.equal(2);
    expect(await codes().confirm(await newPayment(m2.id))).to.equal('none');
    const other = (await codes().reserve({ paymentId: await newPayment(m1.id, id), userId: m1.id, siteId: 1, codeId: id }).catch((e: unknown) => e)) as AppError;
    expect(other.code).to.equal('discount_code_used');
  });

  const bundleId = async (credits: number) => Number((await db()('bundles').where({ currency: 'GBP', credits }).first('id')).id);
});
