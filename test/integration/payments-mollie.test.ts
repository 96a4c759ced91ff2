// The Mollie adapter (MollieProvider) against a local stand-in of Mollie's API: what it sends
// (Mollie's method codes, amounts as decimal strings, metadata, the direct-debit mandate), how it
// reads Mollie's answers (statuses, refunds, chargebacks), and that every failure is a
// ProviderError that carries none of Mollie's words. Then a purchase end to end, through an app
// configured with PAYMENT_PROVIDER=mollie and the stand-in calling its webhook over HTTP.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type supertest from 'supertest';
import { createApp } from '../../server/app.js';
import { bootstrap, type Runtime } from '../../server/boot.js';
import { loadConfig } from '../../server/config.js';
import { createLogger } from '../../server/logger.js';
import { MOLLIE_METHODS } from '../../server/services/payments/mollie-mapping.js';
import { MollieProvider } from '../../server/services/payments/mollie-provider.js';
import { ProviderError, type CreatePaymentRequest } from '../../server/services/payments/payment-provider.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../../types/payments.js';
import { describeEachBackend, type TestEnv } from '../helpers/backends.js';
import { csrfFrom } from '../helpers/http.js';
import { memberOverHttp } from '../helpers/members.js';
import { startMollieStandin, type MollieStandin } from '../helpers/mollie-standin.js';
import { testAssets } from '../helpers/test-assets.js';

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to fail');
}

let counter = 0;

function request(o: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest {
  return {
    reference: `ref${Date.now().toString(16)}${counter++}`,
    amountCents: 1250,
    currency: 'EUR',
    description: '100 credits (abcdef01)',
    method: 'ideal',
    locale: 'nl',
    country: 'BE',
    email: 'payer@example.com',
    redirectUrl: 'http://localhost:3000/transactions/abc',
    webhookUrl: 'http://localhost:3000/webhooks/mollie',
    ...o,
  };
}

describe('Mollie provider against the Mollie stand-in', function () {
  this.timeout(20_000);
  let standin: MollieStandin;
  let mollie: MollieProvider;

  before(async () => {
    standin = await startMollieStandin();
    mollie = new MollieProvider({ apiKey: standin.apiKey, apiEndpoint: standin.apiUrl });
  });
  after(async () => {
    await standin.stop();
  });

  const lastPaymentBody = () => standin.requestsTo('POST', '/v2/payments').at(-1)!.body!;

  it('creates a payment with Mollie’s code for each of our methods that Mollie can do', async () => {
    const doable = PAYMENT_METHODS.filter((m) => MOLLIE_METHODS[m] !== null && m !== 'sdd');
    for (const method of doable) {
      const currency = method === 'blik' ? 'PLN' : 'EUR';
      const req = request({ method, currency });
      const payment = await mollie.create(req);
      const sent = lastPaymentBody();
      expect(sent.method, method).to.equal(MOLLIE_METHODS[method]);
      expect(sent).to.deep.include({
        amount: { currency, value: '12.50' },
        description: req.description,
        redirectUrl: req.redirectUrl,
        webhookUrl: req.webhookUrl,
        locale: 'nl_BE',
        metadata: { reference: req.reference, method },
      });
      expect(payment).to.deep.include({
        status: 'open', amountCents: 1250, currency, method, refundedCents: 0, chargedBackCents: 0, reference: req.reference,
      });
      expect(payment.ref).to.match(/^tr_/);
      expect(payment.checkoutUrl).to.equal(`${standin.origin}/checkout/${payment.ref}`);
    }
    expect(mollie.checkoutOrigins).to.deep.equal(['https://www.mollie.com', standin.origin]);
  });

  it('never asks Mollie for methods it no longer has (Sofort, giropay)', async () => {
    const before = standin.requests.length;
    for (const method of ['sofort', 'giropay'] as PaymentMethod[]) {
      expect(await rejection(mollie.create(request({ method, country: 'DE', locale: 'de' })))).to.be.instanceOf(ProviderError);
    }
    expect(standin.requests.length).to.equal(before);
  });

  it('sends amounts as strings with two decimals and the locale Mollie knows for the member', async () => {
    const cases: [number, string, string, string, string][] = [
      [5, '0.05', 'en', 'US', 'en_US'],
      [1999, '19.99', 'en', 'IE', 'en_GB'],
      [100_000, '1000.00', 'fr', 'CH', 'fr_FR'],
      [700, '7.00', 'de', 'AT', 'de_AT'],
    ];
    for (const [cents, value, lng, country, locale] of cases) {
      await mollie.create(request({ amountCents: cents, method: 'creditcard', locale: lng, country }));
      expect(lastPaymentBody()).to.deep.include({ amount: { currency: 'EUR', value }, locale });
    }
  });

  it('reads Mollie’s statuses (authorized is pending) and drops the checkout once the payment left open', async () => {
    const created = await mollie.create(request({ method: 'visa' }));
    const cases: [Parameters<MollieStandin['setStatus']>[1], string][] = [
      ['pending', 'pending'], ['authorized', 'pending'], ['failed', 'failed'], ['canceled', 'canceled'], ['expired', 'expired'], ['paid', 'paid'],
    ];
    for (const [theirs, ours] of cases) {
      standin.setStatus(created.ref, theirs);
      const fetched = await mollie.fetch(created.ref);
      expect(fetched, theirs).to.deep.include({ ref: created.ref, status: ours, checkoutUrl: null, amountCents: 1250, currency: 'EUR' });
    }
    // Mollie says `creditcard`; the brand the member chose comes back from the metadata.
    expect((await mollie.fetch(created.ref))!.method).to.equal('visa');
  });

  it('reads refunds and chargebacks as cents, and refunds through Mollie’s refunds API in the payment’s currency', async () => {
    const created = await mollie.create(request({ method: 'blik', currency: 'PLN', amountCents: 5000, locale: 'pl', country: 'PL' }));
    standin.setStatus(created.ref, 'paid');
    standin.refund(created.ref, 250); // in Mollie's dashboard
    await mollie.refund(created.ref, 300);
    const sent = standin.requestsTo('POST', `/v2/payments/${created.ref}/refunds`);
    expect(sent).to.have.length(1);
    expect(sent[0]!.body).to.deep.equal({ amount: { currency: 'PLN', value: '3.00' } });
    expect(await mollie.fetch(created.ref)).to.deep.include({ status: 'paid', refundedCents: 550, chargedBackCents: 0, method: 'blik' });
    standin.chargeback(created.ref, 1000);
    expect(await mollie.fetch(created.ref)).to.deep.include({ refundedCents: 550, chargedBackCents: 1000 });
    // More than is left is Mollie's 422: a ProviderError, and nothing refunded.
    expect(await rejection(mollie.refund(created.ref, 3451))).to.be.instanceOf(ProviderError);
    expect((await mollie.fetch(created.ref))!.refundedCents).to.equal(550);
  });

  it('knows nothing of an unknown id: null, and no question at all for an id that is not Mollie’s', async () => {
    expect(await mollie.fetch('tr_unknown1234')).to.equal(null);
    const before = standin.requests.length;
    expect(await mollie.fetch('tp_0123456789abcdef')).to.equal(null);
    expect(standin.requests.length).to.equal(before);
  });

  it('turns a refused key into a ProviderError', async () => {
    const wrong = new MollieProvider({ apiKey: 'test_wrongwrongwrongwrongwrongwrong', apiEndpoint: standin.apiUrl });
    for (const call of [wrong.fetch('tr_unknown1234'), wrong.create(request()), wrong.methods('NL', 1250, 'EUR')]) {
      const err = await rejection(call);
      expect(err).to.be.instanceOf(ProviderError);
      expect(err.message).to.match(/HTTP 401/);
    }
  });

  it('turns an outage (5xx after the client’s own retries) and an unreachable Mollie into ProviderErrors', async () => {
    const created = await mollie.create(request());
    standin.failWith(503);
    try {
      const before = standin.requestsTo('GET', `/v2/payments/${created.ref}`).length;
      const err = await rejection(mollie.fetch(created.ref));
      expect(err).to.be.instanceOf(ProviderError);
      expect(err.message).to.equal('mollie payments.get failed (HTTP 503)');
      expect(standin.requestsTo('GET', `/v2/payments/${created.ref}`).length - before).to.equal(3);
      expect(await rejection(mollie.create(request()))).to.be.instanceOf(ProviderError);
    } finally {
      standin.failWith(null);
    }
    await standin.stop();
    try {
      expect(await rejection(mollie.fetch(created.ref))).to.be.instanceOf(ProviderError);
    } finally {
      await standin.start();
    }
    // Three faults opened the circuit: calls are refused at once until a probe gets through, which
    // heals it within its reset time (2 s).
    const refused = Date.now();
    const err = await rejection(mollie.fetch(created.ref));
    expect(err).to.be.instanceOf(ProviderError);
    expect((err as ProviderError).unavailable).to.equal(true);
    expect(Date.now() - refused).to.be.below(100);
    for (let tries = 0; ; tries++) {
      const answer = await mollie.fetch(created.ref).catch((e: Error) => e);
      if (!(answer instanceof Error)) {
        expect(answer?.status).to.equal('open');
        break;
      }
      if (tries > 40) throw answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('keeps Mollie’s words out of the error message (they stay in the cause, for the log)', async () => {
    // iDEAL takes euros only: Mollie refuses with a 422 that explains why.
    const err = await rejection(mollie.create(request({ method: 'ideal', currency: 'PLN' })));
    expect(err).to.be.instanceOf(ProviderError);
    expect(err.message).to.equal('mollie payments.create failed (HTTP 422)');
    expect(String((err as ProviderError).cause)).to.match(/currency/);
  });

  it('offers what Mollie lists for the amount and currency, as far as it makes sense in the member’s country', async () => {
    const fresh = new MollieProvider({ apiKey: standin.apiKey, apiEndpoint: standin.apiUrl });
    expect(await fresh.methods('NL', 1250, 'EUR')).to.deep.equal(['ideal', 'creditcard', 'paypal', 'applepay', 'paysafecard', 'sdd', 'sct']);
    expect(await fresh.methods('BE', 1250, 'EUR')).to.include('bancontact').and.not.include('ideal');
    expect(await fresh.methods('AT', 1250, 'EUR')).to.include('eps').and.not.include('sofort');
    expect(await fresh.methods('DE', 1250, 'EUR')).to.not.include.members(['giropay', 'sofort']);
    // Cartes Bancaires are paid through the one card choice, first in France.
    expect((await fresh.methods('FR', 1250, 'EUR'))[0]).to.equal('creditcard');
    expect(await fresh.methods('PL', 1250, 'PLN')).to.deep.equal(['blik', 'prezelewy24', 'creditcard', 'paypal', 'applepay', 'paysafecard']);
    expect(await fresh.methods('US', 1250, 'USD')).to.deep.equal(['creditcard', 'paypal', 'applepay', 'paysafecard']);
    expect(await fresh.methods('AU', 1250, 'AUD')).to.deep.equal(['creditcard', 'paypal', 'applepay']);
    // Above paysafecard's maximum (1,000.00) Mollie does not list it.
    expect(await fresh.methods('NL', 150_000, 'EUR')).to.not.include('paysafecard');

    const asked = standin.requestsTo('GET', '/v2/methods').filter((r) => r.query.billingCountry === 'NL' && r.query['amount[value]'] === '12.50');
    expect(asked.map((r) => r.query)).to.deep.include.members([
      { sequenceType: 'oneoff', 'amount[value]': '12.50', 'amount[currency]': 'EUR', billingCountry: 'NL', includeWallets: 'applepay' },
      { sequenceType: 'recurring', 'amount[value]': '12.50', 'amount[currency]': 'EUR', billingCountry: 'NL' },
    ]);
  });

  it('keeps Mollie’s methods list for a while, and leaves out what the account has not switched on', async () => {
    const fresh = new MollieProvider({ apiKey: standin.apiKey, apiEndpoint: standin.apiUrl });
    const count = () => standin.requestsTo('GET', '/v2/methods').length;
    const before = count();
    await fresh.methods('NL', 2500, 'EUR');
    await fresh.methods('NL', 2500, 'EUR');
    expect(count() - before).to.equal(2); // one-off and recurring, once each

    const saved = standin.methods;
    standin.methods = saved.filter((m) => m.id !== 'ideal' && m.id !== 'directdebit');
    try {
      const other = new MollieProvider({ apiKey: standin.apiKey, apiEndpoint: standin.apiUrl });
      expect(await other.methods('NL', 2500, 'EUR')).to.not.include.members(['ideal', 'sdd']);
      expect(await fresh.methods('NL', 2500, 'EUR')).to.include.members(['ideal', 'sdd']); // still the cached list
    } finally {
      standin.methods = saved;
    }
  });

  it('collects a direct debit as Mollie does: a customer, the member’s mandate, then a recurring payment without a checkout', async () => {
    const req = request({
      method: 'sdd', locale: 'de', country: 'DE',
      directDebit: { accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000', mandateReference: 'AMORA-MDT-000042' },
    });
    const payment = await mollie.create(req);
    const customer = standin.requestsTo('POST', '/v2/customers').at(-1)!;
    expect(customer.body).to.deep.include({ name: 'Erika Mustermann', email: 'payer@example.com', locale: 'de_DE' });
    const mandate = standin.requestsTo('POST', /^\/v2\/customers\/cst_\w+\/mandates$/).at(-1)!;
    expect(mandate.body).to.deep.equal({
      method: 'directdebit', consumerName: 'Erika Mustermann', consumerAccount: 'DE89370400440532013000', mandateReference: 'AMORA-MDT-000042',
    });
    const sent = lastPaymentBody();
    expect(sent).to.deep.include({ method: 'directdebit', sequenceType: 'recurring', amount: { currency: 'EUR', value: '12.50' } });
    expect(mandate.path).to.equal(`/v2/customers/${sent.customerId as string}/mandates`);
    expect(sent.mandateId).to.match(/^mdt_/);
    expect(sent).to.not.have.property('redirectUrl');
    expect(payment).to.deep.include({ status: 'pending', checkoutUrl: null, method: 'sdd', reference: req.reference });

    // Without the confirmed mandate there is nothing Mollie could collect.
    expect(await rejection(mollie.create(request({ method: 'sdd' })))).to.be.instanceOf(ProviderError);
  });
});

/**
 * A second runtime on the backend's (already migrated and seeded) database, configured for Mollie
 * at the stand-in: the shared test environment keeps the built-in test provider.
 */
async function mollieRuntime(base: TestEnv, standin: MollieStandin): Promise<Runtime> {
  const config = loadConfig(
    {
      NODE_ENV: 'test', DATABASE_URL: base.backend.databaseUrl, REDIS_URL: base.backend.redisUrl, DATA_DIR: base.rt.config.dataDir, SEED_DEMO: 'false',
      PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: standin.apiKey, MOLLIE_API_URL: standin.apiUrl,
    },
    { envFile: false },
  );
  return bootstrap(config, createLogger({ logLevel: 'silent' }), { migrate: false });
}

describeEachBackend('buying credits through Mollie', (env) => {
  let standin: MollieStandin;
  let rt: Runtime;
  let server: Server;
  let host: string;
  const db = () => rt.db;

  before(async () => {
    standin = await startMollieStandin();
    rt = await mollieRuntime(env(), standin);
    server = createApp({ ...rt, assets: testAssets() }).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    host = `localhost:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rt.close();
    await standin.stop();
  });

  const user = (id: number) => db()('users').where({ id }).first('credits', 'paid_user', 'premium_since');
  const balance = async (id: number) => Number((await user(id)).credits);
  const purchases = async (id: number) => Number((await db()('credit_ledger').where({ user_id: id, reason: 'purchase' }).count({ n: '*' }).first())!.n);

  const dutchMember = () => memberOverHttp(db(), server, host, { name: 'Mollie Payer', country: 'NL' });

  /**
   * The buy form leads to our hop page, whose refresh (a navigation of its own, so that the CSP
   * form-action does not govern Mollie's redirects to the bank) goes to Mollie's checkout.
   */
  async function checkoutBehind(a: supertest.Agent, location: string): Promise<URL> {
    expect(location).to.match(/^\/transactions\/[0-9a-f]{24}\/checkout$/);
    const hop = await a.get(location).expect(200);
    const url = /<meta http-equiv="refresh" content="0;url=([^"]+)"/.exec(hop.text)?.[1];
    expect(url, hop.text.slice(0, 400)).to.be.a('string');
    return new URL(url!.replace(/&amp;/g, '&'));
  }

  it('a member pays a bundle at Mollie; the webhook credits it once and makes them premium; a refund takes the credits back', async () => {
    const m = await dutchMember();
    const bundle = (await db()('bundles').where({ currency: 'EUR', credits: 100 }).first('id', 'price_cents')) as { id: number; price_cents: number };

    // The chooser offers what Mollie lists for the Netherlands; the buy form goes to Mollie's checkout.
    const chooser = await m.a.get(`/credits/${bundle.id}`).expect(200);
    expect(chooser.text).to.include('value="ideal"').and.include('value="creditcard"').and.not.include('value="giropay"');
    expect(chooser.headers['content-security-policy']).to.include(`form-action 'self' https://www.mollie.com ${standin.origin}`);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(chooser.text)![1]!;
    const bought = await m.a.post(`/credits/${bundle.id}`).type('form').send({ _csrf: csrfFrom(chooser.text), method: 'ideal', idempotency_key: key }).expect(303);
    const checkout = await checkoutBehind(m.a, bought.headers.location as string);
    expect(checkout.origin).to.equal(standin.origin);
    const ref = checkout.pathname.split('/').pop()!;
    const row = await db()('payments').where({ provider_ref: ref }).first();
    expect(row).to.include({ provider: 'mollie', status: 'open', method: 'ideal', amount_cents: bundle.price_cents, currency: 'EUR' });
    const sent = standin.requestsTo('POST', '/v2/payments').at(-1)!.body!;
    expect(sent).to.deep.include({
      method: 'ideal', locale: 'en_GB', metadata: { reference: row.public_id, method: 'ideal' },
      webhookUrl: `http://${host}/webhooks/mollie`, redirectUrl: `http://${host}/transactions/${row.public_id}`,
    });
    expect(sent.amount).to.deep.equal({ currency: 'EUR', value: (bundle.price_cents / 100).toFixed(2) });

    // A webhook before the payer paid credits nothing.
    expect((await standin.callWebhook(ref)).status).to.equal(200);
    expect(await balance(m.id)).to.equal(0);

    // Paid at Mollie: the webhook (and every replay, even concurrent ones) credits the bundle once.
    standin.setStatus(ref, 'paid');
    const answers = await Promise.all(Array.from({ length: 4 }, () => standin.callWebhook(ref)));
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200]);
    expect(await balance(m.id)).to.equal(100);
    const u = await user(m.id);
    expect(Boolean(u.paid_user)).to.equal(true);
    expect(u.premium_since).to.not.equal(null);
    expect((await standin.callWebhook(ref)).status).to.equal(200);
    expect(await balance(m.id)).to.equal(100);
    expect(await purchases(m.id)).to.equal(1);
    expect(await db()('payments').where({ id: row.id }).first('status')).to.deep.equal({ status: 'paid' });
    expect((await m.a.get(`/transactions/${row.public_id}`).expect(200)).text).to.include('data-state="completed"');

    // Half refunded through our refund (Mollie's refunds API), the rest in Mollie's dashboard:
    // each webhook takes its share of the credits back, once.
    await rt.services.payments.refund(row.public_id, Math.floor(bundle.price_cents / 2));
    expect(standin.requestsTo('POST', `/v2/payments/${ref}/refunds`)).to.have.length(1);
    await standin.callWebhook(ref);
    await standin.callWebhook(ref);
    expect(await balance(m.id)).to.be.within(49, 51);
    standin.refund(ref, bundle.price_cents - Math.floor(bundle.price_cents / 2));
    await standin.callWebhook(ref);
    expect(await balance(m.id)).to.equal(0);
    expect(await db()('payments').where({ id: row.id }).first('status', 'refunded_cents', 'credits_reversed')).to.deep.equal({
      status: 'refunded', refunded_cents: bundle.price_cents, credits_reversed: 100,
    });
    expect((await rt.services.credits.audit({ userId: m.id })).mismatches).to.deep.equal([]);
  });

  it('answers Mollie 503 while Mollie does not answer, so that Mollie calls again; then credits', async () => {
    const m = await dutchMember();
    const bundle = (await db()('bundles').where({ currency: 'EUR', credits: 100 }).first('id')) as { id: number };
    const chooser = await m.a.get(`/credits/${bundle.id}`).expect(200);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(chooser.text)![1]!;
    const bought = await m.a.post(`/credits/${bundle.id}`).type('form').send({ _csrf: csrfFrom(chooser.text), method: 'paypal', idempotency_key: key }).expect(303);
    const ref = (await checkoutBehind(m.a, bought.headers.location as string)).pathname.split('/').pop()!;
    standin.setStatus(ref, 'paid');
    standin.failWith(503);
    try {
      expect((await standin.callWebhook(ref)).status).to.equal(503);
    } finally {
      standin.failWith(null);
    }
    expect(await balance(m.id)).to.equal(0);
    expect((await standin.callWebhook(ref)).status).to.equal(200);
    expect(await balance(m.id)).to.equal(100);
  });
});
