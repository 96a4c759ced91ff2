// Where mail goes: SMTP when SMTP_URL is set; otherwise each message is written as an .eml file
// (and logged), so that mail in development or on a box without SMTP is never lost.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { circuitFor, type Circuit } from '../../lib/circuit.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  /**
   * Resolves with the message id once the receiving server (or the file) has the message. Rejects
   * with the server's own error (its `responseCode` tells a refusal from a hiccup), or with a
   * ServiceUnavailableError while the circuit is open.
   */
  send(mail: OutgoingMail): Promise<string | null>;
  /** False while the server is known to be down (open circuit): the outbox then waits. */
  available(): boolean;
  close(): void;
}

/**
 * SMTP deadlines. The outbox sends in the background, so these protect the worker, not a visitor:
 * a dead or silent server costs a few seconds per run, never the lease (mail-service.ts), so no
 * other worker can take over a mail whose send is still under way.
 */
export const SMTP_DEADLINES = { connectionMs: 2000, greetingMs: 3000, socketMs: 10_000, sendMs: 60_000, resetMs: 5000 };

/**
 * A 5xx answer is the server's considered "no" to this mail (RFC 5321 §4.2.1: do not repeat it);
 * a 4xx, a timeout or a lost connection is a hiccup worth another try.
 */
export function isPermanentSmtpFailure(err: unknown): boolean {
  const code = Number((err as { responseCode?: unknown } | null)?.responseCode);
  return code >= 500 && code < 600;
}

export function smtpTransport(url: string): MailTransport {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'smtps:' ? 465 : 587));
  const transporter = nodemailer.createTransport({
    host: u.hostname,
    port,
    secure: u.protocol === 'smtps:',
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    // Local test servers and relays without TLS; real relays upgrade with STARTTLS when offered.
    ignoreTLS: u.searchParams.get('tls') === 'off',
    connectionTimeout: SMTP_DEADLINES.connectionMs,
    greetingTimeout: SMTP_DEADLINES.greetingMs,
    socketTimeout: SMTP_DEADLINES.socketMs,
  });
  // nodemailer's deadlines are per step; the circuit's is a backstop for a server that drips.
  const circuit: Circuit = circuitFor(`smtp ${u.hostname}:${port}`, {
    timeoutMs: SMTP_DEADLINES.sendMs,
    resetMs: SMTP_DEADLINES.resetMs,
    isServiceFault: (err) => !isPermanentSmtpFailure(err),
  });
  return {
    async send(mail) {
      let answer: unknown;
      try {
        const info = await circuit.run(() =>
          transporter.sendMail(mail).catch((err: unknown) => {
            answer = err;
            throw err;
          }),
        );
        return typeof info.messageId === 'string' ? info.messageId : null;
      } catch (err) {
        // The server's own words (421, 550, a timeout) say more than "unavailable", for the log and the outbox.
        throw answer ?? err;
      }
    },
    available: () => circuit.state() !== 'open',
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
    available: () => true,
    close: () => transporter.close(),
  };
}
