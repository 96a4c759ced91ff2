// The retention offer (issue 14 point 6): a member who opens account deletion on /settings is
// offered the company's delete_discount off the next purchase when it is above 0. The offer's
// button makes the member's personal single-use code once (a reload or two tabs make no second
// one) and applies it on /credits, where every bundle is priced with the discount exactly once;
// the payment then uses the code like any other, and the member may still delete.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type supertest from 'supertest';
import { formatMoney, priceOf } from '../../server/services/payments/pricing.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom } from '../helpers/http.js';
import { memberOverHttp } from '../helpers/members.js';

describeEachBackend('retention offer before account deletion', (env) => {
  let server: Server;
  let host: string;
  const db = () => env().rt.db;
  const services = () => env().rt.services;

  before(async () => {
    server = env().app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    host = `localhost:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await services().company.update({ delete_discount: 25 }); // the seed's value, for the tests after these
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function member(name: string, o: { paid: boolean }) {
    const m = await memberOverHttp(db(), server, host, { name, country: 'NL' });
    if (o.paid) await db()('users').where({ id: m.id }).update({ paid_user: true, premium_since: Date.now() });
    return m;
  }
  const codesOf = (userId: number) => db()('discount_codes').where({ user_id: userId }).select('code', 'value_percentage', 'max_uses', 'campaign', 'expires_at', 'site_id');
  const claim = async (a: supertest.Agent) => {
    const csrf = csrfFrom((await a.get('/settings').expect(200)).text);
    return a.post('/settings/retention-offer').type('form').send({ _csrf: csrf });
  };

  it('is shown when delete_discount is above 0 and not when it is 0; a page view creates no code', async () => {
    await services().company.update({ delete_discount: 20 });
    const ann = await member('Ann', { paid: true });
    const page = await ann.a.get('/settings').expect(200);
    expect(page.text).to.include('data-testid="retention-offer"').and.include('Before you go: 20% off your next purchase');
    expect(page.text).to.include('action="/settings/retention-offer"').and.include('Valid for 7 days after you claim it');
    expect(page.text).to.include('data-testid="delete-form"'); // the member may still go on and delete
    expect(await codesOf(ann.id)).to.deep.equal([]);

    await services().company.update({ delete_discount: 0 });
    expect((await ann.a.get('/settings').expect(200)).text).not.to.include('retention-offer');
    expect((await claim(ann.a)).status).to.equal(404);
    expect(await codesOf(ann.id)).to.deep.equal([]);
  });

  it('is not offered to a member who never paid (their first purchase has the welcome offer)', async () => {
    await services().company.update({ delete_discount: 20 });
    const bob = await member('Bob', { paid: false });
    expect((await bob.a.get('/settings').expect(200)).text).not.to.include('retention-offer');
    expect((await claim(bob.a)).status).to.equal(404);
    expect(await codesOf(bob.id)).to.deep.equal([]);
  });

  it('makes one personal single-use code, however often it is claimed, and prices every bundle with it exactly once', async () => {
    await services().company.update({ delete_discount: 20 });
    const cleo = await member('Cleo', { paid: true });
    const first = await claim(cleo.a);
    expect(first.status).to.equal(303);
    const code = new URL(first.headers.location as string, 'http://x').searchParams.get('code')!;
    expect(first.headers.location).to.equal(`/credits?code=${code}`);
    expect(code).to.match(/^STAY-[A-Z2-9]{10}$/);
    // A reload, and two tabs at once: the same code, still one row.
    expect((await claim(cleo.a)).headers.location).to.equal(`/credits?code=${code}`);
    const csrf = csrfFrom((await cleo.a.get('/settings').expect(200)).text);
    const racing = await Promise.all([1, 2, 3].map(() => cleo.a.post('/settings/retention-offer').type('form').send({ _csrf: csrf })));
    expect(racing.map((r) => r.headers.location)).to.deep.equal(Array(3).fill(`/credits?code=${code}`));
    const rows = await codesOf(cleo.id);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ code, value_percentage: 20, max_uses: 1, campaign: 'retention', site_id: 1 });
    const days = (Number(rows[0].expires_at) - Date.now()) / 86_400_000;
    expect(days).to.be.within(6.99, 7);
    // The offer box now names the code and until when it is valid.
    expect((await cleo.a.get('/settings').expect(200)).text).to.include(`Your code ${code} is valid until`);

    // On /credits each bundle shows the list price struck through and the price with 20% off once (not 36%).
    const bundles = await services().bundles.forCountry(1, 'NL', 10);
    const list = await cleo.a.get('/credits').query({ code }).expect(200);
    expect(list.text).to.include(`Code ${code}: 20% off`);
    for (const b of bundles) {
      const once = priceOf(b, { codeId: 0, percent: 20, currency: null, minimumOrderCents: null });
      const twice = priceOf({ ...b, priceCents: once.amountCents }, { codeId: 0, percent: 20, currency: null, minimumOrderCents: null });
      expect(list.text).to.include(formatMoney('en', once.amountCents, b.currency)).and.not.include(`>${formatMoney('en', twice.amountCents, b.currency)}<`);
    }

    // Paid with it: the payment is at that price, the code is used, and no offer is made again.
    const bundle = bundles.find((b) => b.credits === 100)!;
    const buy = await cleo.a.post('/api/payments.php').set('x-csrf-token', csrf).set('Idempotency-Key', 'retention-key-01').send({ bundle: bundle.id, method: 'ideal', code: code.toLowerCase() }).expect(201);
    expect(buy.body.amount_cents).to.equal(priceOf(bundle, { codeId: 0, percent: 20, currency: null, minimumOrderCents: null }).amountCents);
    const ref = new URL(buy.body.checkout_url as string).pathname.split('/').pop()!;
    const checkout = await cleo.a.get(`/test-checkout/${ref}`).expect(200);
    await cleo.a.post(`/test-checkout/${ref}`).type('form').send({ _csrf: csrfFrom(checkout.text), action: 'pay' }).expect(303);
    expect((await cleo.a.get('/settings').expect(200)).text).not.to.include('retention-offer');
    expect((await claim(cleo.a)).status).to.equal(404);
    // /transactions shows the list price struck through, the price paid and the discount with its code.
    const paid = priceOf(bundle, { codeId: 0, percent: 20, currency: null, minimumOrderCents: null });
    const transactions = await cleo.a.get('/transactions').expect(200);
    const cell = /<span class="transactions__amount" data-testid="payment-discount">.*?<\/span><\/td>/.exec(transactions.text)![0];
    expect(cell).to.include(`${formatMoney('en', paid.listCents, 'EUR')}</s>`).and.include(`<strong>${formatMoney('en', paid.amountCents, 'EUR')}</strong>`);
    expect(cell).to.include(`Discount −20% (${code}): −${formatMoney('en', paid.discountCents, 'EUR')}`);
    expect((await cleo.a.get(`/transactions/${buy.body.payment_id}`).expect(200)).text).to.include('data-testid="payment-discount"').and.include(`Discount −20% (${code})`);
    const view = await cleo.a.get(`/api/payment.php?id=${buy.body.payment_id}`).expect(200);
    expect(view.body.discount).to.deep.equal({ code, percent: 20, cents: paid.discountCents });
    await cleo.a.post('/settings/language').type('form').send({ _csrf: csrf, language: 'de' }).expect(303);
    expect((await cleo.a.get('/transactions').expect(200)).text).to.include(`Rabatt −20 % (${code})`);
    const again = await cleo.a.post('/api/payments.php').set('x-csrf-token', csrf).set('Idempotency-Key', 'retention-key-02').send({ bundle: bundle.id, method: 'ideal', code }).expect(409);
    expect(again.body.error.code).to.equal('discount_code_used');
    expect(await codesOf(cleo.id)).to.have.length(1);
  });

  it('is for that member alone, and the member may still delete the account after seeing it', async () => {
    await services().company.update({ delete_discount: 15 });
    const dan = await member('Dan', { paid: true });
    const eve = await member('Eve', { paid: true });
    const code = new URL((await claim(dan.a)).headers.location as string, 'http://x').searchParams.get('code')!;
    expect((await eve.a.get('/credits').query({ code }).expect(200)).text).to.include('Code not found');

    const page = await dan.a.get('/settings').expect(200);
    expect(page.text).to.include('15% off');
    await dan.a.post('/settings/delete').type('form')
      .send({ _csrf: csrfFrom(page.text), reason: 'time', remarks: '', delete_password: dan.password }).expect(303).expect('location', '/account-deleted');
    expect((await db()('users').where({ id: dan.id }).first('status')).status).to.equal('pending_deletion');
  });

  it('refuses a delete_discount above what a code may take off, and keeps the old value', async () => {
    await services().company.update({ delete_discount: 20 });
    for (const bad of [91, 100, -1, 12.5]) {
      let error: unknown;
      await services().company.update({ delete_discount: bad }).catch((err: unknown) => (error = err));
      expect(error, String(bad)).to.have.property('code', 'validation_failed');
    }
    expect((await services().company.get()).delete_discount).to.equal(20);
  });
});
