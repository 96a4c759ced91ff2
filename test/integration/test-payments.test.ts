// No free credits in production (issue 13 §7): the test provider's checkout moves no money, so the
// demo's default provider serves only this machine's hosts, an explicit PAYMENT_PROVIDER=test serves
// all, and every page says that payments are simulated while the test provider is active.
import { expect } from 'chai';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp } from '../../server/app.js';
import { MollieProvider } from '../../server/services/payments/mollie-provider.js';
import { PaymentsService } from '../../server/services/payments/payments-service.js';
import type { PaymentProvider } from '../../server/services/payments/payment-provider.js';
import { TestProvider } from '../../server/services/payments/test-provider.js';
import { describeEachBackend, type TestEnv } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { testAssets } from '../helpers/test-assets.js';

const OUTSIDE = 'demo.example';
const NOTICE = 'data-testid="test-payments-notice"';
const UNKNOWN_REF = `tp_${'0'.repeat(20)}`;

/** The shared environment's app with another payment provider. */
function appWith(env: TestEnv, provider: PaymentProvider): Express {
  const { rt } = env;
  const payments = new PaymentsService(rt.db, provider, rt.services.bundles, rt.services.badges, rt.logger);
  return createApp({ ...rt, services: { ...rt.services, payments }, assets: testAssets() });
}

describeEachBackend('test payments', (env) => {
  let demoApp: Express;
  let siteId: number;

  before(async () => {
    // The embedded demo's default: PAYMENT_PROVIDER unset (config.testPaymentsLocalOnly).
    demoApp = appWith(env(), new TestProvider(env().rt.db, env().rt.logger, true));
    const sites = env().rt.services.sites;
    const site = (await sites.findByDomain(OUTSIDE)) ?? (await sites.add({ domain: OUTSIDE, name: 'Amora', aliases: [], settings: { countries: ['GB'], domain_language: 'en-GB', support_email: 'support@amora.example' } }));
    siteId = site.id;
  });

  it('the demo\'s default provider refuses its checkout and purchases on a host from outside', async () => {
    const refused = await supertest(demoApp).get(`/test-checkout/${UNKNOWN_REF}`).set('Host', OUTSIDE).expect(403);
    expect(refused.text).to.include('only available when the site is opened on this computer');
    const post = await supertest(demoApp).post(`/test-checkout/${UNKNOWN_REF}`).set('Host', OUTSIDE).set('Accept', 'application/json').send({}).expect(403);
    expect(post.body.error.code).to.be.oneOf(['test_payments_local_only', 'invalid_csrf_token']);

    const m = await createMember(env().rt.db, { siteId });
    const a = agent(demoApp, OUTSIDE);
    const login = await a.get('/login').expect(200);
    await a.post('/login').type('form').send({ _csrf: csrfFrom(login.text), email: m.email, password: m.password }).expect(303);
    const page = await a.get('/credits').expect(200);
    const bundle = await env().rt.db('bundles').where({ currency: 'EUR', credits: 100 }).first('id');
    const buy = await a.post('/api/payments.php').set('x-csrf-token', csrfFrom(page.text)).set('Idempotency-Key', 'outside-key-1234').send({ bundle: bundle.id, method: 'creditcard' }).expect(403);
    expect(buy.body.error).to.include({ code: 'test_payments_local_only' });
    expect(buy.body.error.message).to.match(/localhost/);
    expect(await env().rt.db('payments').where({ user_id: m.id }).first()).to.equal(undefined);
  });

  it('serves this machine\'s hosts, and every host when PAYMENT_PROVIDER=test is explicit', async () => {
    for (const host of ['localhost', 'nl.localhost', '127.0.0.1']) {
      await supertest(demoApp).get(`/test-checkout/${UNKNOWN_REF}`).set('Host', host).expect(404);
    }
    await supertest(env().app).get(`/test-checkout/${UNKNOWN_REF}`).set('Host', OUTSIDE).expect(404);
  });

  it('every page says that payments are simulated while the test provider is active, and none with Mollie', async () => {
    for (const path of ['/', '/members', '/login', '/no-such-page']) {
      const res = await supertest(demoApp).get(path).set('Host', 'localhost').set('Cookie', 'amora_lang=de');
      expect(res.text, path).to.include(NOTICE).and.include('Testmodus: Zahlungen werden nur simuliert.').and.match(/<body class="layout-\w+" data-test-payments>/);
    }
    const mollie = appWith(env(), new MollieProvider({ apiKey: 'test_abcdefghijklmnopqrstuvwxyz1234' }));
    const page = await supertest(mollie).get('/members').set('Host', 'localhost').expect(200);
    expect(page.text).not.to.include(NOTICE);
  });
});
