// The mail worker and the member's wishes, against a real SMTP peer (smtp-server): notification mail
// queued before a switch-off or a suppression is dropped at send time, transactional mail reaches a
// suppressed address anyway, a 550 to RCPT records a bounce by itself, bulk types arrive with the
// RFC 8058 headers (whose URL then unsubscribes with one cookieless POST), and a line break in a
// header never leaves the building.
import { expect } from 'chai';
import { pino } from 'pino';
import supertest from 'supertest';
import type { NewMail } from '../../server/repos/mail-outbox-repo.js';
import { MailService } from '../../server/services/mail/mail-service.js';
import { HeaderInjectionError, smtpTransport } from '../../server/services/mail/transport.js';
import { describeEachBackend } from '../helpers/backends.js';
import { faultySmtp, type FaultySmtp } from '../helpers/faulty-smtp.js';
import { createMember } from '../helpers/members.js';

const silent = pino({ level: 'silent' });
const WEEK = 7 * 24 * 3600_000;

describeEachBackend('mail worker: settings and suppressions at send time', (env) => {
  let peer: FaultySmtp;
  let service: MailService;
  const db = () => env().rt.db;

  before(async () => {
    peer = await faultySmtp();
    await peer.set('healthy');
    service = new MailService(env().rt.db, smtpTransport(peer.url), 'Amora <no-reply@amora.example>', silent, env().rt.services.unsubscribeLinks);
  });

  after(async () => {
    service?.close();
    await peer?.stop();
  });

  // Mail other tests left waiting goes out through the shared environment's .eml files first, so
  // only this test's mails meet the peer (a 550 peer would otherwise bounce their addresses).
  beforeEach(async () => {
    await env().rt.services.mail.deliverDue({ now: Date.now() + WEEK, limit: 10_000 });
  });

  const mailFor = (m: { id: number; email: string }, subject: string, type: NewMail['notificationType']): NewMail => ({
    siteId: 1, userId: m.id, to: m.email, template: 'test', language: 'en', subject, html: `<p>${subject}</p>`, text: subject, notificationType: type,
  });
  const statusOf = async (id: number) => (await db()('mail_outbox').where({ id }).first('status')).status as string;
  const received = (subject: string) => peer.mails.filter((m) => m.raw.includes(subject));

  it('drops queued notification mail after the member switches the type off, and sends the rest', async () => {
    const m = await createMember(db());
    const dropped = await service.enqueue(mailFor(m, `Like ${Date.now()}`, 'like'));
    const kept = await service.enqueue(mailFor(m, `Message ${Date.now()}`, 'new_messages'));
    await env().rt.services.notificationSettings.set(m.id, 'like', 'email', false);
    await service.deliverDue({ limit: 1000 });
    expect(await statusOf(dropped)).to.equal('suppressed');
    expect(await statusOf(kept)).to.equal('sent');
    expect(peer.mails.filter((x) => x.to.includes(m.email))).to.have.length(1);
    // Queued after the switch-off: kept, never sent.
    expect(await statusOf(await service.enqueue(mailFor(m, 'Later like', 'like')))).to.equal('suppressed');
  });

  it('drops queued notification mail after the address is suppressed, but still sends transactional mail', async () => {
    const m = await createMember(db());
    const subject = `Weekly ${Date.now()}`;
    const weekly = await service.enqueue(mailFor(m, subject, 'weekly_updates'));
    await env().rt.services.suppressions.importList(m.email.toUpperCase(), 'fbl');
    const reset = `Password reset ${Date.now()}`;
    const transactional = await service.enqueue({ ...mailFor(m, reset, null), template: 'passwordReset' });
    expect(await statusOf(transactional)).to.equal('pending');
    await service.deliverDue({ limit: 1000 });
    expect(await statusOf(weekly)).to.equal('suppressed');
    expect(received(subject)).to.have.length(0);
    expect(await statusOf(transactional)).to.equal('sent');
    expect(received(reset)).to.have.length(1);
  });

  it('records a bounce by itself when the peer refuses the recipient for good (550)', async () => {
    const m = await createMember(db());
    const id = await service.enqueue(mailFor(m, `Activation ${Date.now()}`, null));
    await peer.set('550');
    try {
      await service.deliverDue({ limit: 1000 });
    } finally {
      await peer.set('healthy');
    }
    const row = await db()('mail_outbox').where({ id }).first('status', 'attempts', 'last_error');
    expect(row).to.include({ status: 'failed', attempts: 1 });
    expect(row.last_error).to.match(/550|rejected/);
    expect((await env().rt.services.suppressions.reasonsOf(m.email)).map((s) => s.reason)).to.deep.equal(['bounce']);
    // Notification mail to it now stays home; a changed address leaves the bounce behind.
    expect(await statusOf(await service.enqueue(mailFor(m, 'News', 'news')))).to.equal('suppressed');
    expect(await statusOf(await service.enqueue(mailFor({ id: m.id, email: `new-${m.email}` }, 'News', 'news')))).to.equal('pending');
  });

  it('sends List-Unsubscribe headers with bulk types whose URL unsubscribes with one cookieless POST', async () => {
    const m = await createMember(db());
    const subject = `Promotion ${Date.now()}`;
    await service.enqueue(mailFor(m, subject, 'promotions'));
    const event = `New message ${Date.now()}`;
    await service.enqueue(mailFor(m, event, 'new_messages'));
    await service.deliverDue({ limit: 1000 });
    const [raw] = received(subject).map((x) => x.raw.replace(/\r?\n[ \t]+/g, ' '));
    expect(raw).to.match(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const header = /^List-Unsubscribe: <(https:\/\/localhost\/unsubscribe\/[A-Za-z0-9._-]+)>\r?$/m.exec(raw!);
    expect(header, 'List-Unsubscribe header').to.not.equal(null);
    // Event mails carry no one-click header (they link to /notifications in their body instead).
    expect(received(event)[0]!.raw).not.to.include('List-Unsubscribe');

    const res = await supertest(env().app).post(new URL(header![1]!).pathname).set('Host', 'localhost').type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(res.headers.location).to.equal(undefined);
    expect((await env().rt.services.notificationSettings.matrixOf(m.id)).promotions).to.deep.equal({ email: false, push: true });
    expect(await statusOf(await service.enqueue(mailFor(m, 'Another promotion', 'promotions')))).to.equal('suppressed');
  });

  it('refuses a line break in the subject, an address or a header, storing nothing', async () => {
    const m = await createMember(db());
    const before = await db()('mail_outbox').count({ n: '*' }).first();
    const bad: NewMail[] = [
      mailFor(m, 'Hello\r\nBcc: everyone@example.com', 'news'),
      { ...mailFor(m, 'Hello', null), to: `${m.email}\nBcc: x@example.com` },
      { ...mailFor(m, 'Hello', null), headers: { 'X-Note': 'a\r\nBcc: x@example.com' } },
      { ...mailFor(m, 'Hello', null), headers: { 'X Bad: y\r\nBcc': 'x' } },
    ];
    for (const mail of bad) {
      let err: unknown;
      await service.enqueue(mail).catch((e: unknown) => (err = e));
      expect(err).to.be.instanceOf(HeaderInjectionError);
    }
    expect(await db()('mail_outbox').count({ n: '*' }).first()).to.deep.equal(before);
  });
});
