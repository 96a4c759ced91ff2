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
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post), checked by assertHeaderSafe(). */
  headers?: Record<string, string>;
}

/** A mail whose header would carry a line break: it is never sent (and never retried). */
export class HeaderInjectionError extends Error {
  readonly permanent = true;
  constructor(field: string) {
    super(`refused header ${field}: line breaks or an invalid name`);
  }
}

const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
// eslint-disable-next-line no-control-regex
const LINE_BREAK = /[\r\n\u0000\u2028\u2029]/;

/**
 * No CR/LF in any header value or address: text a member controls (a name in a subject, an
 * address) could otherwise add headers or a second body. Throws HeaderInjectionError.
 */
export function assertHeaderSafe(mail: Pick<OutgoingMail, 'from' | 'to' | 'subject' | 'headers'>): void {
  for (const [field, value] of [['from', mail.from], ['to', mail.to], ['subject', mail.subject]] as const) {
    if (LINE_BREAK.test(value)) throw new HeaderInjectionError(field);
  }
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME.test(name) || typeof value !== 'string' || LINE_BREAK.test(value)) throw new HeaderInjectionError(HEADER_NAME.test(name) ? name : 'name');
  }
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

/**
 * A permanent refusal of the recipient itself (5xx to RCPT TO, or a mailbox code 550/551/553 where
 * the step is not known): the address is bad, so it becomes a `bounce` suppression. A 5xx to our
 * own login or sender (530 at AUTH, 550 at MAIL FROM) is the relay's problem, never the member's.
 */
export function isRecipientRefusal(err: unknown): boolean {
  if (!isPermanentSmtpFailure(err)) return false;
  const e = err as { responseCode?: unknown; command?: unknown };
  if (typeof e.command === 'string') return /^RCPT\b/i.test(e.command);
  return [550, 551, 553].includes(Number(e.responseCode));
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
      assertHeaderSafe(mail);
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
      assertHeaderSafe(mail);
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
