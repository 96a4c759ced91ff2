// A discount code's payment methods at direct debit and on repeat orders (issue 14): a code that
// allows the method is priced by pricing.ts and reserved like at any checkout; one that does not is
// refused with its message and starts nothing. A repeat order is the list price unless the member
// enters a code for it (the last purchase's discount was that payment's).
import { expect } from 'chai';
import type supertest from 'supertest';
import type { BundleOffer } from '../../server/services/payments/bundles-service.js';
import type { CodeRules } from '../../server/services/promotions/discount-codes-admin-service.js';
import type { PaymentMethod } from '../../types/payments.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const RULES: CodeRules = {
  percent: 20, currency: null, minimumOrderCents: null, country: null, userId: null, siteId: null, expiresAt: null, paymentMethods: null,
  maxUses: null, campaign: null,
};
const FORM = {
  account_holder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', street: 'Hauptstraße', house_number: '12a', zip: '10115',
  city: 'Berlin', phone: '0151 2345 6789', authorize: '1',
};

describeEachBackend('discount codes at direct debit and on repeat orders', (env) => {
  const db = () => env().rt.db;
  const services = () => env().rt.services;
  let offer: BundleOffer;

  before(async () => {
    offer = (await services().bundles.forCountry(1, 'DE', 10)).find((b) => b.credits === 100)!; // €19.95; 20% off: €15.96
    await services().discountCodesAdmin.create('DM-SEPA-TWENTY', { ...RULES, paymentMethods: ['sdd', 'ideal'] });
    await services().discountCodesAdmin.create('DM-IDEAL-ONLY', { ...RULES, paymentMethods: ['ideal'] });
    await services().discountCodesAdmin.create('DM-CARD-TWENTY', { ...RULES, paymentMethods: ['creditcard'] });
  });

  async function german() {
    const m = await createMember(db(), { name: 'Erika' });
    await db()('profiles').where({ user_id: m.id }).update({ country: 'DE' });
    return { ...m, a: await loggedInAgent(env().app, m.email, m.password) };
  }
  const otpOf = async (userId: number) => /\b(\d{6})\b/.exec((await db()('sms_outbox').where({ user_id: userId }).orderBy('id', 'desc').first('body')).body)![1]!;
  const paymentsOf = (userId: number) => db()('payments').where({ user_id: userId }).select('amount_cents', 'discount_cents', 'method', 'discount_code_id');

  /** The mandate form with `code`, then the SMS step: returns the code step's URL and page. */
  async function mandate(a: supertest.Agent, code: string) {
    const form = await a.get(`/directdebit?bundle=${offer.id}&code=${code}`).expect(200);
    const sent = await a.post('/directdebit').type('form').send({ _csrf: csrfFrom(form.text), bundle: offer.id, ...FORM, code }).expect(303);
    const step = await a.get(sent.headers.location as string).expect(200);
    return { form, location: sent.headers.location as string, step, reference: /mandate=(AMR-[A-Z0-9]{12})/.exec(sent.headers.location as string)![1]! };
  }

  it('direct debit with a code that allows it: the code comes from the payment page, every step shows the price with it, and the payment is at that price', async () => {
    const m = await german();
    const chooser = await m.a.get(`/credits/${offer.id}`).query({ code: 'dm-sepa-twenty' }).expect(200);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(chooser.text)![1]!;
    const chosen = await m.a.post(`/credits/${offer.id}`).type('form').send({ _csrf: csrfFrom(chooser.text), method: 'sdd', idempotency_key: key, code: 'DM-SEPA-TWENTY' }).expect(303);
    expect(chosen.headers.location).to.equal(`/directdebit?bundle=${offer.id}&code=DM-SEPA-TWENTY`);
    await m.a.get(`/credits/${offer.id}/sdd?code=DM-SEPA-TWENTY`).expect(303).expect('location', `/directdebit?bundle=${offer.id}&code=DM-SEPA-TWENTY`);

    const { form, location, step, reference } = await mandate(m.a, 'DM-SEPA-TWENTY');
    expect(form.text).to.include('Code DM-SEPA-TWENTY: 20% off').and.match(/<s class="price__old">.*€19\.95<\/s>/).and.include('€15.96');
    expect(form.text).to.include('name="code" value="DM-SEPA-TWENTY"');
    expect(location).to.equal(`/directdebit?bundle=${offer.id}&mandate=${reference}&code=DM-SEPA-TWENTY`);
    expect(step.text).to.include('Confirm and pay €15.96').and.include('name="code" value="DM-SEPA-TWENTY"');

    await m.a.post('/directdebit/confirm').type('form')
      .send({ _csrf: csrfFrom(step.text), bundle: offer.id, mandate: reference, otp: await otpOf(m.id), code: 'DM-SEPA-TWENTY' }).expect(303);
    const [payment] = await paymentsOf(m.id);
    expect(payment).to.include({ amount_cents: 1596, discount_cents: 399, method: 'sdd' });
    expect(Number(payment.discount_code_id)).to.be.above(0);
    const redemption = await db()('discount_redemptions').where({ user_id: m.id }).first('status');
    expect(redemption).to.deep.equal({ status: 'reserved' });
  });

  it('direct debit with a code that does not allow it: refused with its message, at the list price, and a forged code starts no payment', async () => {
    const m = await german();
    const { form, step, reference } = await mandate(m.a, 'DM-IDEAL-ONLY');
    expect(form.text).to.include('data-testid="dd-code-error"').and.include('This code cannot be used with this payment method');
    expect(form.text).to.not.include('name="code" value=').and.not.include('price__old');
    expect(step.text).to.include('Confirm and pay €19.95');
    const otp = await otpOf(m.id);
    // A code put into the confirm form by hand is checked again: refused, nothing started.
    const forged = await m.a.post('/directdebit/confirm').type('form')
      .send({ _csrf: csrfFrom(step.text), bundle: offer.id, mandate: reference, otp, code: 'DM-IDEAL-ONLY' }).expect(422);
    expect(forged.text).to.include('This code cannot be used with this payment method').and.include('Confirm and pay €19.95');
    expect(await paymentsOf(m.id)).to.deep.equal([]);
    // The same SMS code still confirms, at the list price.
    await m.a.post('/directdebit/confirm').type('form').send({ _csrf: csrfFrom(forged.text), bundle: offer.id, mandate: reference, otp }).expect(303);
    expect(await paymentsOf(m.id)).to.deep.equal([{ amount_cents: 1995, discount_cents: 0, method: 'sdd', discount_code_id: null }]);
  });

  /** A German member whose last purchase, paid by `method`, was the 100-credit bundle. */
  async function repeatBuyer(method: PaymentMethod) {
    const m = await german();
    const now = Date.now();
    await db()('payments').insert({
      public_id: `${m.id}`.padStart(24, 'a'), user_id: m.id, site_id: 1, bundle_id: offer.id, credits: 100, amount_cents: 1596, discount_cents: 399,
      currency: 'EUR', method, provider: 'test', status: 'paid', paid_at: now - 60_000, fulfilled_at: now - 60_000, created_at: now - 120_000, updated_at: now,
    });
    return m;
  }

  it('a repeat order is the list price; a code entered for it that allows the method applies once, through the same checkout', async () => {
    const m = await repeatBuyer('creditcard');
    const plain = await m.a.get('/credits/repeat-order').expect(200);
    expect(plain.text).to.include('Pay €19.95').and.include('data-testid="code-form"').and.not.include('price__old');

    const page = await m.a.get('/credits/repeat-order').query({ code: ' dm-card-twenty ' }).expect(200);
    expect(page.text).to.include('Code DM-CARD-TWENTY: 20% off').and.include('Pay €15.96').and.include('name="code" value="DM-CARD-TWENTY"');
    const key = /name="idempotency_key" value="([^"]+)"/.exec(page.text)![1]!;
    await m.a.post('/credits/repeat-order').type('form').send({ _csrf: csrfFrom(page.text), idempotency_key: key, code: 'DM-CARD-TWENTY' }).expect(303);
    const rows = await db()('payments').where({ user_id: m.id, is_repeat: true }).select('amount_cents', 'discount_cents', 'method');
    expect(rows).to.deep.equal([{ amount_cents: 1596, discount_cents: 399, method: 'creditcard' }]);
  });

  it('a repeat order refuses a code that does not allow the last method, and starts nothing', async () => {
    const m = await repeatBuyer('creditcard');
    const page = await m.a.get('/credits/repeat-order').query({ code: 'DM-IDEAL-ONLY' }).expect(200);
    expect(page.text).to.include('This code cannot be used with this payment method').and.include('Pay €19.95').and.not.include('type="hidden" name="code"');
    const key = /name="idempotency_key" value="([^"]+)"/.exec(page.text)![1]!;
    const refused = await m.a.post('/credits/repeat-order').type('form').send({ _csrf: csrfFrom(page.text), idempotency_key: key, code: 'DM-IDEAL-ONLY' }).expect(422);
    expect(refused.text).to.include('This code cannot be used with this payment method').and.include('Pay €19.95');
    expect(await db()('payments').where({ user_id: m.id, is_repeat: true }).first()).to.equal(undefined);

    // The last purchase was by direct debit: the repeat order goes to /directdebit with the code.
    const dd = await repeatBuyer('sdd');
    const ddPage = await dd.a.get('/credits/repeat-order').query({ code: 'DM-SEPA-TWENTY' }).expect(200);
    const ddKey = /name="idempotency_key" value="([^"]+)"/.exec(ddPage.text)![1]!;
    await dd.a.post('/credits/repeat-order').type('form').send({ _csrf: csrfFrom(ddPage.text), idempotency_key: ddKey, code: 'DM-SEPA-TWENTY' })
      .expect(303).expect('location', `/directdebit?bundle=${offer.id}&code=DM-SEPA-TWENTY`);
  });
});
