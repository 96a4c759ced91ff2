// Receipts (issue 15.6): a paid payment queues one receipt mail, however often the provider calls
// the webhook, with the bundle, price, method, date, reference, the seller's details and the
// refund policy; transactional, so it goes out even when the member switched notifications off.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import supertest from 'supertest';
import { MailService } from '../../server/services/mail/mail-service.js';
import { smtpTransport } from '../../server/services/mail/transport.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom } from '../helpers/http.js';
import { memberOverHttp } from '../helpers/members.js';
import { testSmtp } from '../helpers/smtp.js';

describeEachBackend('payment receipts', (env) => {
  const db = () => env().rt.db;
  let server: Server;
  let host: string;

  before(async () => {
    server = env().app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    host = `localhost:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const webhook = (id: string) => supertest(server).post('/webhooks/test').set('Host', host).type('form').send({ id });

  it('a paid payment queues one receipt, also when the webhook comes nine times, and it reaches the member', async () => {
    const m = await memberOverHttp(db(), server, host, { name: 'Payer', country: 'NL' });
    await db()('users').where({ id: m.id }).update({ language: 'nl' });
    for (const type of ['promotions', 'news', 'weekly_updates']) await env().rt.services.notificationSettings.set(m.id, type as 'news', 'email', false);
    const bundle = (await db()('bundles').where({ currency: 'EUR', credits: 250 }).first('id', 'price_cents')) as { id: number; price_cents: number };
    const page = await m.a.get(`/credits/${bundle.id}`).expect(200);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(page.text)![1]!;
    const res = await m.a.post(`/credits/${bundle.id}`).type('form').send({ _csrf: csrfFrom(page.text), method: 'paypal', idempotency_key: key }).expect(303);
    const ref = new URL(res.headers.location as string).pathname.split('/').pop()!;
    const publicId = String((await db()('payments').where({ provider_ref: ref }).first('public_id')).public_id);
    expect(await db()('mail_outbox').where({ user_id: m.id, template: 'receipt' })).to.have.length(0);

    await db()('test_provider_payments').where({ ref }).update({ status: 'paid' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => webhook(ref)));
    expect(answers.map((r) => r.status)).to.deep.equal(Array(8).fill(200));
    await webhook(ref).expect(200);
    await env().rt.services.payments.reconcile({ olderThanMinutes: -1 });

    const receipts = await db()('mail_outbox').where({ user_id: m.id, template: 'receipt' });
    expect(receipts).to.have.length(1);
    const r = receipts[0] as { subject: string; html: string; text: string; language: string; notification_type: string | null; status: string };
    expect(r).to.include({ language: 'nl', notification_type: null, status: 'pending' });
    expect(r.subject).to.equal('Je betaalbewijs: 250 credits bij Amora');
    const price = new Intl.NumberFormat('nl', { style: 'currency', currency: 'EUR' }).format(bundle.price_cents / 100);
    for (const part of [r.text, r.html]) {
      expect(part).to.include('250 credits').and.include(price).and.include('PayPal').and.include(publicId);
      expect(part).to.include('Amora Media B.V.').and.include('Herengracht 420').and.include('87654321');
      expect(part).to.include('14 dagen').and.include('https://localhost/pages/return-policy').and.include('https://localhost/notifications');
    }
    expect(r.html).to.include(`href="https://localhost/transactions/${publicId}"`);

    const smtp = await testSmtp();
    await smtp.start();
    const worker = new MailService(db(), smtpTransport(smtp.url), 'Amora <no-reply@amora.example>', pino({ level: 'silent' }));
    try {
      const others = (await db()('mail_outbox').where({ status: 'pending' }).whereNot({ template: 'receipt' }).pluck('id')) as number[];
      if (others.length) await db()('mail_outbox').whereIn('id', others).update({ next_attempt_at: Date.now() + 3600_000 });
      await worker.deliverDue();
      await worker.deliverDue();
      if (others.length) await db()('mail_outbox').whereIn('id', others).update({ next_attempt_at: Date.now() });
      expect(smtp.mails.filter((x) => x.to.includes(m.email.toLowerCase()))).to.have.length(1);
    } finally {
      worker.close();
      await smtp.stop();
    }
  });
});
