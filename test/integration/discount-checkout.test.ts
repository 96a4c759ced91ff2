// A discount code through the real checkout (issue 14): the price the member is told is the one
// the provider is asked for and the one the payment row and the webhook's check hold; the code is
// reserved when the payment starts, used when the provider reports it paid, and given back when
// the payment fails. Ten members racing for one single-use code get one discounted payment.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type supertest from 'supertest';
import type { TestProvider } from '../../server/services/payments/test-provider.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom } from '../helpers/http.js';
import { memberOverHttp } from '../helpers/members.js';
import type { CodeRules } from '../../server/services/promotions/discount-codes-admin-service.js';

const RULES: CodeRules = {
  percent: 10, currency: null, minimumOrderCents: null, country: null, userId: null, siteId: null, expiresAt: null, paymentMethods: null,
  maxUses: 1, campaign: null,
};

describeEachBackend('discount codes at checkout', (env) => {
  let server: Server;
  let host: string;
  const db = () => env().rt.db;
  const services = () => env().rt.services;

  before(async () => {
    server = env().app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    host = `localhost:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Dutch members pay in EUR: the 100-credit bundle costs 19.95, 17.95 with 10% off (1.995 → 2.00). */
  const eurBundle = async () => Number((await db()('bundles').where({ currency: 'EUR', credits: 100 }).first('id')).id);

  async function buyer(name: string) {
    const m = await memberOverHttp(db(), server, host, { name, country: 'NL' });
    const csrf = csrfFrom((await m.a.get('/credits').expect(200)).text);
    const buy = (bundle: number, code: string, key: string) =>
      m.a.post('/api/payments.php').set('x-csrf-token', csrf).set('Idempotency-Key', key).send({ bundle, method: 'ideal', code });
    return { ...m, buy };
  }

  async function decide(a: supertest.Agent, ref: string, action: 'pay' | 'fail') {
    const page = await a.get(`/test-checkout/${ref}`).expect(200);
    await a.post(`/test-checkout/${ref}`).type('form').send({ _csrf: csrfFrom(page.text), action }).expect(303);
  }

  const redemption = async (publicId: string) => {
    const p = await db()('payments').where({ public_id: publicId }).first('id');
    return db()('discount_redemptions').where({ payment_id: p.id }).first('status');
  };

  it('charges the discounted price everywhere, credits the bundle, uses the code when paid and frees it when a payment fails', async () => {
    await services().discountCodesAdmin.create('CHECKOUT-10', RULES);
    const bundle = await eurBundle();
    const ann = await buyer('Ann');
    const started = await ann.buy(bundle, ' checkout-10 ', 'discount-key-0001').expect(201);
    expect(started.body).to.include({ amount_cents: 1795, credits: 100, currency: 'EUR' });
    const row = await db()('payments').where({ public_id: started.body.payment_id }).first();
    expect(row).to.include({ amount_cents: 1795, discount_cents: 200 });
    expect(Number(row.discount_code_id)).to.be.above(0);
    expect(await redemption(started.body.payment_id)).to.deep.equal({ status: 'reserved' });
    const ref = new URL(started.body.checkout_url as string).pathname.split('/').pop()!;
    const atProvider = await (services().payments.provider as TestProvider).fetch(ref);
    expect(atProvider).to.include({ amountCents: 1795, currency: 'EUR' });

    // Reserved for Ann: Bob is told at once, and no payment of his is left behind.
    const bob = await buyer('Bob');
    const refused = await bob.buy(bundle, 'CHECKOUT-10', 'discount-key-0002').expect(409);
    expect(refused.body.error).to.deep.equal({ code: 'discount_code_used', message: 'Code already used' });
    expect(await db()('payments').where({ user_id: bob.id }).first()).to.equal(undefined);

    // Ann's payment fails: the code is free again; Bob pays with it; it is used for good.
    await decide(ann.a, ref, 'fail');
    expect(await redemption(started.body.payment_id)).to.equal(undefined);
    const credits = async () => Number((await db()('users').where({ id: bob.id }).first('credits')).credits);
    const before = await credits();
    const bobs = await bob.buy(bundle, 'CHECKOUT-10', 'discount-key-0003').expect(201);
    await decide(bob.a, new URL(bobs.body.checkout_url as string).pathname.split('/').pop()!, 'pay');
    expect(await redemption(bobs.body.payment_id)).to.deep.equal({ status: 'used' });
    expect(await credits()).to.equal(before + 100); // the bundle's credits, not more
    const view = await bob.a.get(`/api/payment.php?id=${bobs.body.payment_id}`).expect(200);
    expect(view.body).to.include({ state: 'completed', amount_cents: 1795, credits: 100 });
    expect(Number((await db()('discount_codes').where({ code: 'CHECKOUT-10' }).first('uses')).uses)).to.equal(1);
    expect((await ann.buy(bundle, 'CHECKOUT-10', 'discount-key-0004').expect(409)).body.error.code).to.equal('discount_code_used');
    // Without a code the list price, as before.
    expect((await ann.buy(bundle, '', 'discount-key-0005').expect(201)).body.amount_cents).to.equal(1995);
  });

  it('without JavaScript: the code field on /credits and the payment page, struck-through prices, and the price paid', async () => {
    await services().discountCodesAdmin.create('PAGE-20', { ...RULES, percent: 20 });
    const bundle = await eurBundle();
    const dora = await buyer('Dora');
    const list = await dora.a.get('/credits').query({ code: ' page-20 ' }).expect(200);
    expect(list.text).to.include('data-testid="code-applied"').and.include('Code PAGE-20: 20% off');
    expect(list.text).to.match(/<s class="price__old">.*€19\.95<\/s>/).and.include('€15.96').and.include('You save €3.99');
    expect(list.text).to.include(`href="/credits/${bundle}?code=PAGE-20"`);
    // 100 credits at €15.96 instead of €19.95: a message (10 credits) costs €1.60, not €2.00.
    expect(list.text).to.include('€1.60 per message').and.not.include('€2.00 per message');
    const refused = await dora.a.get('/credits').query({ code: 'NOT-A-CODE' }).expect(200);
    expect(refused.text).to.include('Code not found').and.not.include('price__old');
    expect((await dora.a.get('/credits').query({ code: 'x'.repeat(10_000) }).expect(200)).text).to.include('Enter a discount code of 3 to 32');

    const chooser = await dora.a.get(`/credits/${bundle}`).query({ code: 'PAGE-20' }).expect(200);
    expect(chooser.text).to.include('Pay €15.96').and.include('name="code" value="PAGE-20"').and.include('€1.60 per message');
    const key = /name="idempotency_key" value="([^"]+)"/.exec(chooser.text)![1]!;
    const form = { _csrf: csrfFrom(chooser.text), method: 'ideal', idempotency_key: key, code: 'PAGE-20' };
    await dora.a.post(`/credits/${bundle}`).type('form').send(form).expect(303);
    expect(await db()('payments').where({ user_id: dora.id }).pluck('amount_cents')).to.deep.equal([1596]);

    // Taken meanwhile: the payment page says so, and starts nothing.
    const ed = await buyer('Ed');
    const page = await ed.a.get(`/credits/${bundle}`).query({ code: 'PAGE-20' }).expect(200);
    expect(page.text).to.include('Code already used');
    const edKey = /name="idempotency_key" value="([^"]+)"/.exec(page.text)![1]!;
    const late = await ed.a.post(`/credits/${bundle}`).type('form').send({ _csrf: csrfFrom(page.text), method: 'ideal', idempotency_key: edKey, code: 'PAGE-20' }).expect(409);
    expect(late.text).to.include('Code already used').and.include('Pay €19.95');
    expect(await db()('payments').where({ user_id: ed.id }).first()).to.equal(undefined);
  });

  it('gives the code back when reconcile expires an abandoned checkout', async () => {
    await services().discountCodesAdmin.create('LEFT-OPEN', RULES);
    const carl = await buyer('Carl');
    const started = await carl.buy(await eurBundle(), 'LEFT-OPEN', 'discount-key-0006').expect(201);
    expect(await redemption(started.body.payment_id)).to.deep.equal({ status: 'reserved' });
    await services().payments.reconcile({ olderThanMinutes: 0, now: Date.now() + 2 * 3600_000 });
    expect((await db()('payments').where({ public_id: started.body.payment_id }).first('status')).status).to.equal('expired');
    expect(await redemption(started.body.payment_id)).to.equal(undefined);
    expect(Number((await db()('discount_codes').where({ code: 'LEFT-OPEN' }).first('uses')).uses)).to.equal(0);
  });

  it('ten members starting checkouts at once with one single-use code: one discounted payment, nine "Code already used"', async () => {
    await services().discountCodesAdmin.create('RACE-ONCE', RULES);
    const bundle = await eurBundle();
    const buyers = [];
    for (let i = 0; i < 10; i++) buyers.push(await buyer(`Racer${i}`));
    const answers = await Promise.all(buyers.map((b, i) => b.buy(bundle, 'race-once', `race-key-000${i}`)));
    expect(answers.map((r) => r.status).sort()).to.deep.equal([201, ...Array(9).fill(409)]);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.error.message)).to.deep.equal(Array(9).fill('Code already used'));
    const id = Number((await db()('discount_codes').where({ code: 'RACE-ONCE' }).first('id')).id);
    expect(await db()('payments').where({ discount_code_id: id }).pluck('amount_cents')).to.deep.equal([1795]);
    expect(Number((await db()('discount_codes').where({ id }).first('uses')).uses)).to.equal(1);
  });
});
