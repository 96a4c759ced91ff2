// Buying credits through the built-in test provider (DESIGN.md §6): a checkout starts at the
// provider, the provider's hosted page calls our webhook over real HTTP, and only the provider's
// answer to our status fetch credits the member: once, whatever the replays or their concurrency.
// Forged, unknown, open and mismatched payments credit nothing; refunds and chargebacks take
// credits back; repeat orders, the Idempotency-Key and `amora payments reconcile`.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import supertest from 'supertest';
import type { TestProvider } from '../../server/services/payments/test-provider.js';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { csrfFrom } from '../helpers/http.js';
import { memberOverHttp } from '../helpers/members.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';

describeEachBackend('payments', (env) => {
  let server: Server;
  let host: string;
  const db = () => env().rt.db;
  const services = () => env().rt.services;
  const provider = () => services().payments.provider as TestProvider;

  before(async () => {
    server = env().app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    host = `localhost:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const user = async (id: number) => db()('users').where({ id }).first('credits', 'paid_user', 'premium_since', 'direct_debit_blocked_at');
  const balance = async (id: number) => Number((await user(id)).credits);
  const paymentRow = (publicId: string) => db()('payments').where({ public_id: publicId }).first();
  const eurBundle = async (credits = 100) => (await db()('bundles').where({ currency: 'EUR', credits }).first('id', 'price_cents')) as { id: number; price_cents: number };

  /** A Dutch member logged in over real HTTP (the provider's webhook needs a listening server). */
  const dutchMember = () => memberOverHttp(db(), server, host, { name: 'Payer', country: 'NL' });

  /** Chooses a bundle and method and submits the form: returns the checkout URL and the payment id. */
  async function startPurchase(a: supertest.Agent, bundleId: number, method = 'ideal') {
    const page = await a.get(`/credits/${bundleId}`).expect(200);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(page.text)![1]!;
    const res = await a.post(`/credits/${bundleId}`).type('form').send({ _csrf: csrfFrom(page.text), method, idempotency_key: key }).expect(303);
    const checkout = new URL(res.headers.location as string);
    const ref = checkout.pathname.split('/').pop()!;
    const row = await db()('payments').where({ provider_ref: ref }).first('public_id');
    return { checkout, ref, publicId: String(row.public_id), key, csrf: csrfFrom(page.text) };
  }

  /** The payer's choice on the hosted page; the provider calls our webhook before redirecting. */
  async function decide(a: supertest.Agent, ref: string, action: 'pay' | 'fail' | 'cancel' | 'pending') {
    const page = await a.get(`/test-checkout/${ref}`).expect(200);
    const res = await a.post(`/test-checkout/${ref}`).type('form').send({ _csrf: csrfFrom(page.text), action }).expect(303);
    return new URL(res.headers.location as string).pathname;
  }

  const webhook = (id: string) => supertest(server).post('/webhooks/test').set('Host', host).type('form').send({ id });

  it('shows the bundles with the price per message, and the methods offered in the member\'s country', async () => {
    const { a } = await dutchMember();
    const credits = await a.get('/credits').expect(200);
    expect(credits.text).to.include('bundle--p0').and.include('bundle--p3').and.include('per message').and.include('Your credits: 0');
    // The balance as it is at the view (read with the member for the page), in the page and its header alike.
    const granted = await dutchMember();
    await db().transaction((tx) => applyCreditDelta(tx, { userId: granted.id, delta: 37, reason: 'grant' }));
    expect((await granted.a.get('/credits').expect(200)).text).to.include('Your credits: 37');
    const bundle = await eurBundle();
    const chooser = await a.get(`/credits/${bundle.id}`).expect(200);
    expect(chooser.text).to.include('value="ideal"').and.include('value="paypal"').and.include('value="creditcard"');
    expect(chooser.text).not.to.include('value="bancontact"').and.not.include('value="blik"');
    expect(chooser.text.indexOf('value="ideal"')).to.be.lessThan(chooser.text.indexOf('value="creditcard"'));
    // A GBP bundle is not offered to a member paying in euros; unknown methods are 404s.
    const gbp = await db()('bundles').where({ currency: 'GBP' }).first('id');
    await a.get(`/credits/${gbp.id}`).expect(404);
    await a.get(`/credits/${bundle.id}/bitcoin`).expect(404);
    // Visitors are sent to log in first.
    const visitor = await supertest(server).get('/credits').set('Host', host).expect(303);
    expect(visitor.headers.location).to.equal('/login?next=%2Fcredits');
  });

  it('a paid checkout credits the bundle once, makes the member premium for life, and the page says completed', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle();
    const { checkout, ref, publicId } = await startPurchase(m.a, bundle.id);
    expect(checkout.pathname).to.equal(`/test-checkout/${ref}`);
    expect((await m.a.get(`/transactions/${publicId}`).expect(200)).text).to.include('data-state="loading"');
    expect(await balance(m.id)).to.equal(0);

    const back = await decide(m.a, ref, 'pay');
    expect(back).to.equal(`/transactions/${publicId}`);
    const done = await m.a.get(back).expect(200);
    expect(done.text).to.include('data-state="completed"').and.include('Payment completed');
    expect(await balance(m.id)).to.equal(100);
    const u = await user(m.id);
    expect(Boolean(u.paid_user)).to.equal(true);
    expect(u.premium_since).to.not.equal(null);
    const row = await paymentRow(publicId);
    expect(row).to.include({ status: 'paid', amount_cents: bundle.price_cents, currency: 'EUR', method: 'ideal', provider: 'test' });
    const ledger = await db()('credit_ledger').where({ user_id: m.id }).select('delta', 'reason', 'idempotency_key');
    expect(ledger).to.deep.equal([{ delta: 100, reason: 'purchase', idempotency_key: `purchase:${row.id}` }]);

    // Top bar: Credits instead of Get Premium; the API and the transactions page agree.
    const credits = await m.a.get('/credits').expect(200);
    expect(credits.text).to.include('data-testid="credits-badge"').and.include('Your credits: 100');
    const api = await m.a.get(`/api/payment.php?id=${publicId}`).expect(200);
    expect(api.body).to.include({ payment_id: publicId, status: 'paid', state: 'completed', credits: 100, refund_days: 14 });
    const tx = await m.a.get('/transactions').expect(200);
    expect(tx.text).to.include(`/transactions/${publicId}`).and.include('Credits bought').and.include('14 days');

    // Premium stays when the credits are spent.
    await db()('users').where({ id: m.id }).update({ credits: 0 });
    await db()('credit_ledger').insert({ user_id: m.id, delta: -100, balance_after: 0, reason: 'message', created_at: Date.now() });
    expect(Boolean((await user(m.id)).paid_user)).to.equal(true);
  });

  it('replayed and concurrent webhooks credit once', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle(250);
    const { ref, publicId } = await startPurchase(m.a, bundle.id, 'paypal');
    await db()('test_provider_payments').where({ ref }).update({ status: 'paid' }); // paid at the provider, webhook not yet sent
    const answers = await Promise.all(Array.from({ length: 8 }, () => webhook(ref)));
    expect(answers.map((r) => r.status)).to.deep.equal(Array(8).fill(200));
    await webhook(ref).expect(200);
    expect(await balance(m.id)).to.equal(250);
    expect(await db()('credit_ledger').where({ user_id: m.id, reason: 'purchase' }).count({ n: '*' }).first()).to.satisfy((r: { n: number | string }) => Number(r.n) === 1);
    expect((await paymentRow(publicId)).status).to.equal('paid');
    expect((await services().credits.audit({ userId: m.id })).mismatches).to.deep.equal([]);
  });

  it('forged, unknown, open and mismatched webhooks credit nothing', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle();
    // An id nobody issued, and malformed bodies.
    await webhook('tp_00000000000000000000').expect(200);
    await supertest(server).post('/webhooks/test').set('Host', host).type('form').send({ id: '../../etc' }).expect(400);
    await supertest(server).post('/webhooks/mollie').set('Host', host).type('form').send({ id: 'tr_abc' }).expect(404);
    // Our own payment, still open at the provider: a webhook claiming otherwise changes nothing.
    const open = await startPurchase(m.a, bundle.id);
    await webhook(open.ref).expect(200);
    expect((await paymentRow(open.publicId)).status).to.equal('open');
    // Paid at the provider, but for another amount than ours: logged, not credited.
    const other = await startPurchase(m.a, bundle.id, 'creditcard');
    await db()('test_provider_payments').where({ ref: other.ref }).update({ status: 'paid', amount_cents: 1 });
    expect(await services().payments.settle(other.ref)).to.equal('mismatch');
    await webhook(other.ref).expect(200);
    expect(await balance(m.id)).to.equal(0);
    expect(Boolean((await user(m.id)).paid_user)).to.equal(false);
  });

  it('a failed or cancelled payment says so and offers the other methods; nothing is credited', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle();
    const failed = await startPurchase(m.a, bundle.id, 'ideal');
    const page = await m.a.get(await decide(m.a, failed.ref, 'fail')).expect(200);
    expect(page.text).to.include('data-state="failed"').and.include('Payment failed or has been cancelled.');
    expect(page.text).to.include(`href="/credits/${bundle.id}/paypal"`).and.not.include(`href="/credits/${bundle.id}/ideal"`);
    const canceled = await startPurchase(m.a, bundle.id, 'paypal');
    expect((await m.a.get(await decide(m.a, canceled.ref, 'cancel')).expect(200)).text).to.include('Payment failed or has been cancelled.');
    const pending = await startPurchase(m.a, bundle.id, 'creditcard');
    const waiting = await m.a.get(await decide(m.a, pending.ref, 'pending')).expect(200);
    expect(waiting.text).to.include('data-state="pending"').and.include('Processing your payment');
    expect(await balance(m.id)).to.equal(0);
    // The method page after a retry link preselects that method.
    const retry = await m.a.get(`/credits/${bundle.id}/paypal`).expect(200);
    expect(/<input[^>]*value="paypal"[^>]*>/.exec(retry.text)?.[0]).to.match(/checked/);
  });

  it('a refund and a chargeback take the credits back, never below zero; a chargeback ends direct debit', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle();
    const first = await startPurchase(m.a, bundle.id);
    await decide(m.a, first.ref, 'pay');
    expect(await balance(m.id)).to.equal(100);
    // Half refunded: half the credits go back.
    await services().payments.refund(first.publicId, Math.round(bundle.price_cents / 2));
    expect(await balance(m.id)).to.equal(50);
    expect((await paymentRow(first.publicId)).status).to.equal('paid');
    const cli = await amoraCli(env(), 'payments', 'refund', '--payment', first.publicId);
    expect(cli.code, cli.stderr).to.equal(0);
    expect(await balance(m.id)).to.equal(0);
    expect((await paymentRow(first.publicId))).to.include({ status: 'refunded', credits_reversed: 100 });
    expect((await m.a.get(`/transactions/${first.publicId}`).expect(200)).text).to.include('data-state="reversed"');

    // Spent most of it, then the bank charges back: the balance stops at zero.
    const second = await startPurchase(m.a, bundle.id, 'creditcard');
    await decide(m.a, second.ref, 'pay');
    await services().credits.grant(m.id, -80, 'spent in chat (test)', { actor: 'test' });
    await provider().chargeback(second.ref, bundle.price_cents);
    expect(await balance(m.id)).to.equal(0);
    expect((await paymentRow(second.publicId)).status).to.equal('charged_back');
    expect((await user(m.id)).direct_debit_blocked_at).to.not.equal(null);
    expect(Boolean((await user(m.id)).paid_user)).to.equal(true);
    const reasons = await db()('credit_ledger').where({ user_id: m.id }).orderBy('id').pluck('reason');
    expect(reasons).to.deep.equal(['purchase', 'refund', 'refund', 'purchase', 'grant', 'chargeback']);
    expect((await services().credits.audit({ userId: m.id })).mismatches).to.deep.equal([]);
  });

  it('the buy request honours its idempotency key: a resent form or API call starts one checkout', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle();
    const page = await m.a.get(`/credits/${bundle.id}`).expect(200);
    const form = { _csrf: csrfFrom(page.text), method: 'ideal', idempotency_key: 'form-key-0123456789' };
    const [r1, r2] = await Promise.all([m.a.post(`/credits/${bundle.id}`).type('form').send(form), m.a.post(`/credits/${bundle.id}`).type('form').send(form)]);
    expect([r1.status, r2.status]).to.deep.equal([303, 303]);
    expect(await db()('payments').where({ user_id: m.id }).count({ n: '*' }).first()).to.satisfy((r: { n: number | string }) => Number(r.n) === 1);

    const csrf = csrfFrom(page.text);
    const call = () => m.a.post('/api/payments.php').set('x-csrf-token', csrf).set('Idempotency-Key', 'api-key-abcdefgh').send({ bundle: bundle.id, method: 'paypal' });
    const answers = await Promise.all([call(), call(), call(), call()]);
    const ids = new Set(answers.map((r) => r.body.payment_id as string));
    expect(ids.size, JSON.stringify(answers.map((r) => r.body))).to.equal(1);
    expect(answers.map((r) => r.status).sort()).to.deep.equal([200, 200, 200, 201]);
    expect(await db()('payments').where({ user_id: m.id }).count({ n: '*' }).first()).to.satisfy((r: { n: number | string }) => Number(r.n) === 2);
    // A tampered form key is refused on the chooser page with a clear message, and starts nothing.
    const tampered = await m.a.post(`/credits/${bundle.id}`).type('form').send({ ...form, idempotency_key: 'short' }).expect(400);
    expect(tampered.text).to.include('notice--error').and.not.include('not available for this purchase');
    expect(await db()('payments').where({ user_id: m.id }).count({ n: '*' }).first()).to.satisfy((r: { n: number | string }) => Number(r.n) === 2);
    // The same key for another purchase is refused (422, as the IETF Idempotency-Key draft asks); no key at all too.
    const reused = await m.a.post('/api/payments.php').set('x-csrf-token', csrf).set('Idempotency-Key', 'api-key-abcdefgh').send({ bundle: bundle.id, method: 'ideal' }).expect(422);
    expect(reused.body.error).to.include({ code: 'idempotency_key_reused' });
    await m.a.post('/api/payments.php').set('x-csrf-token', csrf).send({ bundle: bundle.id, method: 'ideal' }).expect(400);
    // Another member cannot see these payments.
    const other = await dutchMember();
    await other.a.get(`/api/payment.php?id=${[...ids][0]}`).expect(404);
    await other.a.get(`/transactions/${[...ids][0]}`).expect(404);
  });

  it('repeat order buys the last bundle with the last method; a failed repeat card payment offers card entry or PayPal', async () => {
    const m = await dutchMember();
    await m.a.get('/credits/repeat-order').expect(303).expect('location', '/credits');
    const bundle = await eurBundle(250);
    const first = await startPurchase(m.a, bundle.id, 'creditcard');
    await decide(m.a, first.ref, 'pay');
    const credits = await m.a.get('/credits').expect(200);
    expect(credits.text).to.include('href="/credits/repeat-order"').and.include('Buy 250 credits again');
    const page = await m.a.get('/credits/repeat-order').expect(200);
    expect(page.text).to.include('You pay with Card');
    const key = /name="idempotency_key" value="([^"]+)"/.exec(page.text)![1]!;
    const res = await m.a.post('/credits/repeat-order').type('form').send({ _csrf: csrfFrom(page.text), idempotency_key: key }).expect(303);
    const ref = new URL(res.headers.location as string).pathname.split('/').pop()!;
    const row = await db()('payments').where({ provider_ref: ref }).first();
    expect(row).to.include({ bundle_id: bundle.id, method: 'creditcard' });
    expect(Boolean(row.is_repeat)).to.equal(true);
    const failed = await m.a.get(await decide(m.a, ref, 'fail')).expect(200);
    expect(failed.text).to.include('data-testid="recurring-retry"').and.include(`/credits/${bundle.id}/creditcard`).and.include(`/credits/${bundle.id}/paypal`);
    expect(await balance(m.id)).to.equal(250);
  });

  it('amora payments reconcile settles a payment whose webhook never came', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle(250);
    const { ref, publicId } = await startPurchase(m.a, bundle.id, 'paypal');
    await db()('test_provider_payments').where({ ref }).update({ status: 'paid' });
    // Younger than --older-than: left for its webhook.
    expect((await amoraCli(env(), 'payments', 'reconcile')).stdout).to.not.match(/fulfilled/);
    await db()('payments').where({ public_id: publicId }).update({ created_at: Date.now() - 30 * 60_000 });
    const run = await amoraCli(env(), 'payments', 'reconcile');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.match(/fulfilled 1/);
    expect(await balance(m.id)).to.equal(250);
    expect((await amoraCli(env(), 'payments', 'reconcile')).stdout).to.not.match(/fulfilled/);
    expect(await balance(m.id)).to.equal(250);
  });
});
