// Abandoned checkouts expire (`amora payments reconcile`, checkout-expiry.ts): after asking the
// provider, never instead of fulfilling. A payment the provider reports paid after we expired it
// is fulfilled all the same, and a late paid webhook racing reconcile credits exactly once.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import supertest from 'supertest';
import { BANK_EXPIRY_MS, OPEN_EXPIRY_MS } from '../../server/services/payments/checkout-expiry.js';
import type { PaymentProvider, ProviderPayment } from '../../server/services/payments/payment-provider.js';
import { PaymentsService } from '../../server/services/payments/payments-service.js';
import type { TestProvider } from '../../server/services/payments/test-provider.js';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { csrfFrom } from '../helpers/http.js';
import { memberOverHttp } from '../helpers/members.js';

describeEachBackend('payments: abandoned checkouts expire', (env) => {
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

  const balance = async (id: number) => Number((await db()('users').where({ id }).first('credits')).credits);
  const paymentRow = (publicId: string) => db()('payments').where({ public_id: publicId }).first();
  const providerStatus = async (ref: string) => String((await db()('test_provider_payments').where({ ref }).first('status')).status);
  const eurBundle = async () => (await db()('bundles').where({ currency: 'EUR', credits: 100 }).first('id')) as { id: number };
  const dutchMember = () => memberOverHttp(db(), server, host, { name: 'Payer', country: 'NL' });
  const webhook = (id: string) => supertest(server).post('/webhooks/test').set('Host', host).type('form').send({ id });
  /** Moves a payment's start into the past, as if the payer had left the checkout that long ago. */
  const age = (publicId: string, ms: number) => db()('payments').where({ public_id: publicId }).update({ created_at: Date.now() - ms });

  async function startPurchase(a: supertest.Agent, bundleId: number, method = 'ideal') {
    const page = await a.get(`/credits/${bundleId}`).expect(200);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(page.text)![1]!;
    const res = await a.post(`/credits/${bundleId}`).type('form').send({ _csrf: csrfFrom(page.text), method, idempotency_key: key }).expect(303);
    const location = res.headers.location as string;
    const row = location.startsWith('/transactions/')
      ? await db()('payments').where({ public_id: location.split('/')[2] }).first('public_id', 'provider_ref')
      : await db()('payments').where({ provider_ref: new URL(location).pathname.split('/').pop() }).first('public_id', 'provider_ref');
    return { ref: String(row.provider_ref), publicId: String(row.public_id) };
  }

  /** The provider as Mollie behaves: it cannot be told to expire a payment, so only ours expires. */
  function withoutExpire(real: PaymentProvider, hooks: { onFetch?: (word: ProviderPayment) => Promise<ProviderPayment> } = {}): PaymentProvider {
    return {
      name: real.name,
      checkoutOrigins: real.checkoutOrigins,
      methods: (c, a, cur) => real.methods(c, a, cur),
      create: (r) => real.create(r),
      refund: (r, a) => real.refund(r, a),
      fetch: async (ref) => {
        const word = await real.fetch(ref);
        return word && hooks.onFetch ? hooks.onFetch(word) : word;
      },
    };
  }
  const serviceWith = (p: PaymentProvider) => new PaymentsService(db(), p, services().bundles, services().badges, env().rt.logger);

  it('an open checkout expires after an hour, and a bank transfer after 14 days; both say so with a retry offer', async function () {
    this.timeout(120_000); // runs the amora command three times
    const m = await dutchMember();
    const bundle = await eurBundle();
    const recent = await startPurchase(m.a, bundle.id, 'ideal');
    const abandoned = await startPurchase(m.a, bundle.id, 'ideal');
    const transfer = await startPurchase(m.a, bundle.id, 'sct');
    await age(recent.publicId, 30 * 60_000);
    await age(abandoned.publicId, OPEN_EXPIRY_MS + 60_000);
    await age(transfer.publicId, 2 * 60 * 60_000);

    const run = await amoraCli(env(), 'payments', 'reconcile');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.match(/expired 1/);
    expect((await paymentRow(abandoned.publicId)).status).to.equal('expired');
    expect(await providerStatus(abandoned.ref)).to.equal('expired');
    expect((await paymentRow(recent.publicId)).status).to.equal('open');
    expect((await paymentRow(transfer.publicId)).status).to.equal('open');

    await age(transfer.publicId, BANK_EXPIRY_MS + 60_000);
    expect((await amoraCli(env(), 'payments', 'reconcile')).stdout).to.match(/expired 1/);
    expect((await paymentRow(transfer.publicId)).status).to.equal('expired');

    // Shown as expired, with the same purchase one click away; the payer can no longer pay it.
    const list = await m.a.get('/transactions').expect(200);
    expect(list.text).to.include('status-pill--expired').and.include('>Expired<').and.include(`href="/credits/${bundle.id}/ideal"`);
    const one = await m.a.get(`/transactions/${abandoned.publicId}`).expect(200);
    expect(one.text).to.include('data-status="expired"').and.include('Payment expired').and.include('data-testid="retry-same"');
    expect(one.text).to.include(`href="/credits/${bundle.id}/ideal"`).and.include(`href="/credits/${bundle.id}/paypal"`);
    const api = await m.a.get(`/api/payment.php?id=${abandoned.publicId}`).expect(200);
    expect(api.body).to.include({ status: 'expired', state: 'failed' });
    expect(await provider().decide(abandoned.ref, 'pay')).to.include({ status: 'expired' });
    expect(await balance(m.id)).to.equal(0);
    // In every language.
    for (const [lng, word] of [['de', 'Abgelaufen'], ['pl', 'Wygasła'], ['fr', 'Expiré']] as const) {
      const page = await m.a.get('/transactions').set('Cookie', `amora_lang=${lng}`).expect(200);
      expect(page.text, lng).to.include(word);
    }
  });

  it('a checkout the provider reports paid is fulfilled by reconcile, never expired', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle();
    const { ref, publicId } = await startPurchase(m.a, bundle.id);
    await db()('test_provider_payments').where({ ref }).update({ status: 'paid' });
    await age(publicId, OPEN_EXPIRY_MS * 3);
    const result = await services().payments.reconcile();
    expect(result.outcomes).to.include({ fulfilled: 1, expired: 0 });
    expect(await paymentRow(publicId)).to.include({ status: 'paid' });
    expect(await balance(m.id)).to.equal(100);
  });

  it('a payment the provider reports paid after we expired it is fulfilled (webhook, or reconcile when it was lost)', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle();
    const mollieLike = serviceWith(withoutExpire(provider()));
    const first = await startPurchase(m.a, bundle.id);
    const second = await startPurchase(m.a, bundle.id);
    await age(first.publicId, OPEN_EXPIRY_MS * 2);
    await age(second.publicId, OPEN_EXPIRY_MS * 2);
    expect((await mollieLike.reconcile()).outcomes.expired).to.be.at.least(2);
    expect(await paymentRow(first.publicId)).to.include({ status: 'expired' });
    expect(await providerStatus(first.ref)).to.equal('open'); // still open at the provider
    // Asked again while the provider still says open: it stays expired, without flapping.
    expect((await mollieLike.reconcile()).outcomes).to.include({ expired: 0 });
    expect(await paymentRow(first.publicId)).to.include({ status: 'expired' });

    // The payer finishes late: the provider's webhook fulfils it.
    await db()('test_provider_payments').where({ ref: first.ref }).update({ status: 'paid' });
    await webhook(first.ref).expect(200);
    expect(await paymentRow(first.publicId)).to.include({ status: 'paid' });
    expect(await balance(m.id)).to.equal(100);
    // The second one's webhook is lost: the next reconcile finds it paid.
    await db()('test_provider_payments').where({ ref: second.ref }).update({ status: 'paid' });
    expect((await mollieLike.reconcile()).outcomes).to.include({ fulfilled: 1 });
    expect(await paymentRow(second.publicId)).to.include({ status: 'paid' });
    expect(await balance(m.id)).to.equal(200);
    expect((await services().credits.audit({ userId: m.id })).mismatches).to.deep.equal([]);
  });

  it('a late paid webhook racing reconcile credits once and the payment ends paid, never expired', async () => {
    const m = await dutchMember();
    const bundle = await eurBundle();
    // Paid at the provider at the last moment; its webhook and the expiring reconcile arrive together.
    const raced = await startPurchase(m.a, bundle.id);
    await age(raced.publicId, OPEN_EXPIRY_MS * 2);
    await db()('test_provider_payments').where({ ref: raced.ref }).update({ status: 'paid' });
    const [r1, , , r2] = await Promise.all([services().payments.reconcile(), webhook(raced.ref), webhook(raced.ref), services().payments.reconcile()]);
    expect(r1.outcomes.expired + r2.outcomes.expired).to.equal(0);
    expect(await paymentRow(raced.publicId)).to.include({ status: 'paid' });
    expect(await balance(m.id)).to.equal(100);

    // Worst order: reconcile reads "open", the paid webhook lands before reconcile expires ours.
    const stale = await startPurchase(m.a, bundle.id);
    await age(stale.publicId, OPEN_EXPIRY_MS * 2);
    const real = services().payments;
    const racing = serviceWith(
      withoutExpire(provider(), {
        onFetch: async (word) => {
          if (word.ref !== stale.ref) return word;
          await db()('test_provider_payments').where({ ref: stale.ref }).update({ status: 'paid' });
          await webhook(stale.ref).expect(200); // settles through the app's own service
          return { ...word, status: 'open' };
        },
      }),
    );
    const result = await racing.reconcile();
    expect(result.outcomes.expired).to.equal(0);
    expect(await paymentRow(stale.publicId)).to.include({ status: 'paid' });
    expect(await real.view(m.id, stale.publicId, 14)).to.include({ state: 'completed' });
    expect(await balance(m.id)).to.equal(200);
    expect(Number((await db()('credit_ledger').where({ user_id: m.id, reason: 'purchase' }).count({ n: '*' }).first())!.n)).to.equal(2);
    expect((await services().credits.audit({ userId: m.id })).mismatches).to.deep.equal([]);
  });
});
