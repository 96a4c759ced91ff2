// Where mail goes: SMTP when SMTP_URL is set; otherwise each message is written as an .eml file
// (and logged), so that mail in development or on a box without SMTP is never lost.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  /** Resolves with the message id once the receiving server (or the file) has the message. */
  send(mail: OutgoingMail): Promise<string | null>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const u = new URL(url);
  const transporter = nodemailer.createTransport({
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)),
    secure: u.protocol === 'smtps:',
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    // Local test servers and relays without TLS; real relays upgrade with STARTTLS when offered.
    ignoreTLS: u.searchParams.get('tls') === 'off',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return typeof info.messageId === 'string' ? info.messageId : null;
    },
    close: () => transporter.close(),
  };
}

export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      const id = String(info.messageId ?? Date.now()).replace(/[^A-Za-z0-9._-]/g, '');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`), info.message as Buffer);
      return info.messageId ?? null;
    },
    close: () => transporter.close(),
  };
}
