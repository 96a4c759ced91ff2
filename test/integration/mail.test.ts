// Mail leaves through the outbox: it survives an SMTP outage and is delivered exactly once, even
// when two workers run at the same time. The peer is a real SMTP server (smtp-server).
import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { pino } from 'pino';
import { MailService } from '../../server/services/mail/mail-service.js';
import { fileTransport, smtpTransport } from '../../server/services/mail/transport.js';
import { describeEachBackend } from '../helpers/backends.js';
import { testSmtp } from '../helpers/smtp.js';

const silent = pino({ level: 'silent' });
const mail = (to: string, subject: string) => ({
  siteId: null, userId: null, to, template: 'test', language: 'en', subject, html: `<p>${subject}</p>`, text: subject,
});

describeEachBackend('mail outbox', (env) => {
  it('keeps a mail while SMTP is down and delivers it once when SMTP is back', async () => {
    const smtp = await testSmtp();
    const service = new MailService(env().rt.db, smtpTransport(smtp.url), 'Amora <no-reply@amora.example>', silent);
    const subject = `Welcome ${Date.now()}`;
    // Other tests' mails in the shared outbox (event notifications, say) wait, so this one is the
    // first the dead server refuses, before its circuit opens.
    const others = (await env().rt.db('mail_outbox').where({ status: 'pending' }).pluck('id')) as number[];
    if (others.length) await env().rt.db('mail_outbox').whereIn('id', others).update({ next_attempt_at: Date.now() + 24 * 3600_000 });
    const id = await service.enqueue(mail('Member@Example.com', subject));
    expect(await service.deliverDue()).to.equal(0);
    const waiting = await env().rt.db('mail_outbox').where({ id }).first();
    expect(waiting).to.include({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).to.match(/ECONNREFUSED|connect/i);

    await smtp.start();
    try {
      // Not due yet (back-off); then, once due, it goes out exactly once.
      await service.deliverDue();
      expect(smtp.mails.filter((m) => m.raw.includes(subject))).to.have.length(0);
      await service.deliverDue({ now: Date.now() + 2 * 60_000 });
      await service.deliverDue({ now: Date.now() + 60 * 60_000 });
      const received = smtp.mails.filter((m) => m.raw.includes(subject));
      expect(received).to.have.length(1);
      expect(received[0]!.to).to.deep.equal(['member@example.com']);
      expect(received[0]!.from).to.equal('no-reply@amora.example');
      expect(await env().rt.db('mail_outbox').where({ id }).first()).to.include({ status: 'sent' });
    } finally {
      await smtp.stop();
      service.close();
      if (others.length) await env().rt.db('mail_outbox').whereIn('id', others).update({ next_attempt_at: Date.now() });
    }
  });

  it('sends each mail once when two workers run at the same time', async () => {
    const smtp = await testSmtp();
    await smtp.start();
    const a = new MailService(env().rt.db, smtpTransport(smtp.url), 'a@amora.example', silent);
    const b = new MailService(env().rt.db, smtpTransport(smtp.url), 'b@amora.example', silent);
    try {
      const tag = `batch-${Date.now()}`;
      for (let i = 0; i < 6; i++) await a.enqueue(mail(`m${i}@example.com`, `${tag} ${i}`));
      const [sentA, sentB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
      expect(sentA + sentB).to.be.at.least(6);
      const got = smtp.mails.filter((m) => m.raw.includes(tag));
      expect(got).to.have.length(6);
      expect(new Set(got.map((m) => m.to[0])).size).to.equal(6);
    } finally {
      await smtp.stop();
      a.close();
      b.close();
    }
  });

  it('keeps but never sends notification mail to a suppressed address (transactional mail: mail-suppressions.test.ts)', async () => {
    const db = env().rt.db;
    await db('suppressions').insert({ email: 'bounced@example.com', reason: 'bounce', created_at: Date.now() }).onConflict(['email', 'reason']).ignore();
    const service = new MailService(db, fileTransport(mkdtempSync(join(tmpdir(), 'amora-mail-'))), 'x@amora.example', silent);
    const id = await service.enqueue({ ...mail('Bounced@example.com', 'Never'), notificationType: 'news' });
    expect(await db('mail_outbox').where({ id }).first()).to.include({ status: 'suppressed' });
    service.close();
  });

  it('writes .eml files when no SMTP server is configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-mail-'));
    const service = new MailService(env().rt.db, fileTransport(dir), 'Amora <no-reply@localhost>', silent);
    const subject = `File mail ${Date.now()}`;
    await service.enqueue(mail('someone@example.com', subject));
    expect(await service.deliverDue()).to.be.at.least(1);
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files.map((f) => readFileSync(join(dir, f), 'utf8')).some((raw) => raw.includes(`Subject: ${subject}`))).to.equal(true);
    service.close();
  });
});
