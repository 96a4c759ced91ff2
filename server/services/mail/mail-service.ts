// Mail leaves through the outbox: callers enqueue (inside their own transaction when they have
// one), and a worker delivers with retries. A mail survives SMTP outages and process restarts,
// and a lease makes sure two processes never send the same row. A server that refuses a mail
// for good (5xx) is not asked again; while its circuit is open the worker leaves the outbox alone.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db, Runner } from '../../db.js';
import * as outbox from '../../repos/mail-outbox-repo.js';
import { isPermanentSmtpFailure, type MailTransport } from './transport.js';

/** Minutes to wait after the 1st, 2nd, … failed attempt; after the last one the mail has failed. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 180, 360, 720, 1440];
/** Far longer than a send may take (SMTP_DEADLINES.sendMs), so a lease never runs out mid-send. */
const LEASE_MS = 120_000;

export class MailService {
  private readonly worker = `mail-${randomUUID()}`;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly logger: Logger,
  ) {}

  /** Stores a mail for delivery; suppressed addresses (spam complaints, bounces) are kept but not sent. */
  async enqueue(mail: outbox.NewMail, tx: Runner = this.db): Promise<number> {
    const to = mail.to.trim().toLowerCase();
    const status = (await outbox.isSuppressed(tx, to)) ? 'suppressed' : 'pending';
    return outbox.insertMail(tx, { ...mail, to }, status, Date.now());
  }

  /** Sends what is due; returns how many were sent. Calls that overlap share one run. */
  deliverDue(opts: { limit?: number; now?: number } = {}): Promise<number> {
    this.running ??= this.deliver(opts.limit ?? 50, opts.now ?? Date.now()).finally(() => (this.running = undefined));
    return this.running;
  }

  private async deliver(limit: number, now: number): Promise<number> {
    let sent = 0;
    for (const id of await outbox.dueMailIds(this.db, now, limit)) {
      // The server is down: the rest waits for the next run, without spending an attempt.
      if (!this.transport.available()) break;
      const mail = await outbox.claimMail(this.db, id, this.worker, now, LEASE_MS);
      if (!mail) continue;
      try {
        const messageId = await this.transport.send({ from: this.from, to: mail.to_address, subject: mail.subject, html: mail.html, text: mail.text });
        await outbox.markSent(this.db, id, messageId, Date.now());
        this.logger.info({ mailId: id, messageId }, 'mail sent');
        sent++;
      } catch (err) {
        const attempts = mail.attempts + 1;
        const wait = isPermanentSmtpFailure(err) ? undefined : BACKOFF_MINUTES[attempts - 1];
        const next = wait === undefined ? null : Date.now() + wait * 60_000;
        await outbox.markFailedAttempt(this.db, id, attempts, err instanceof Error ? err.message : String(err), next);
        this.logger.warn({ mailId: id, attempts, retry: next !== null, err: err instanceof Error ? err.message : String(err) }, 'mail delivery failed');
      }
    }
    return sent;
  }

  counts(): Promise<Record<string, number>> {
    return outbox.outboxCounts(this.db);
  }

  close(): void {
    this.transport.close();
  }
}
