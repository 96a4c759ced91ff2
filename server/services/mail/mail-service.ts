// Mail leaves through the outbox: callers enqueue (inside their own transaction when they have
// one), and a worker delivers with retries. A mail survives SMTP outages and process restarts,
// and a lease makes sure two processes never send the same row. A server that refuses a mail
// for good (5xx) is not asked again; while its circuit is open the worker leaves the outbox alone.
//
// Transactional mail (no notification type: activation, password reset, e-mail change, receipts)
// always goes out. A notification mail is checked against the member's switch and the address's
// suppressions when it is queued and again when it is sent, so a switch turned off or a bounce
// recorded in between drops it; so does a block between the member and the profile it is about
// (issue 18.5). A recipient refused for good (5xx to RCPT) becomes a bounce.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { BULK_NOTIFICATION_TYPES, isNotificationType, type NotificationType } from '../../../types/notifications.js';
import type { Db, Runner } from '../../db.js';
import { parseJson } from '../../lib/json.js';
import { memberBlocksEitherWay } from '../../repos/blocks-repo.js';
import * as outbox from '../../repos/mail-outbox-repo.js';
import { siteDomainOf } from '../../repos/sites-repo.js';
import { NotificationSettingsService } from '../notifications/notification-settings-service.js';
import { SuppressionsService } from '../notifications/suppressions-service.js';
import type { UnsubscribeLinks } from '../notifications/unsubscribe-links.js';
import { assertHeaderSafe, HeaderInjectionError, isPermanentSmtpFailure, isRecipientRefusal, type MailTransport } from './transport.js';

/** Minutes to wait after the 1st, 2nd, … failed attempt; after the last one the mail has failed. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 180, 360, 720, 1440];
/** Far longer than a send may take (SMTP_DEADLINES.sendMs), so a lease never runs out mid-send. */
const LEASE_MS = 120_000;

export class MailService {
  private readonly worker = `mail-${randomUUID()}`;
  private running: Promise<number> | undefined;
  private readonly settings: NotificationSettingsService;
  private readonly suppressions: SuppressionsService;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly logger: Logger,
    /** Signs the List-Unsubscribe links of bulk notification mails; without it they carry none. */
    private readonly unsubscribe?: UnsubscribeLinks,
  ) {
    this.settings = new NotificationSettingsService(db);
    this.suppressions = new SuppressionsService(db);
  }

  /**
   * Stores a mail for delivery. Bulk notification types get RFC 8058 one-click unsubscribe
   * headers; a notification the member does not want now is kept as 'suppressed' and never sent.
   * Throws HeaderInjectionError for a line break in an address, the subject or a header.
   */
  async enqueue(mail: outbox.NewMail, tx: Runner = this.db): Promise<number> {
    const to = mail.to.trim().toLowerCase();
    const type = mail.notificationType ?? null;
    const headers = { ...mail.headers, ...(type ? await this.unsubscribeHeaders(mail.siteId, mail.userId, to, type, tx) : {}) };
    assertHeaderSafe({ from: this.from, to, subject: mail.subject, headers });
    const wanted = type === null || (await this.wanted(mail.userId, type, to, tx));
    const stored = { ...mail, to, headers: Object.keys(headers).length ? headers : null };
    return outbox.insertMail(tx, stored, wanted ? 'pending' : 'suppressed', Date.now());
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
      if (mail.notification_type !== null && !(await this.stillWanted(mail))) {
        await outbox.markSuppressed(this.db, id, 'not wanted at send time (switch off or address suppressed)');
        this.logger.info({ mailId: id, type: mail.notification_type }, 'mail dropped: not wanted any more');
        continue;
      }
      if (await this.blockedSinceQueued(mail)) {
        await outbox.markSuppressed(this.db, id, 'a block stands between the member and the profile it is about');
        this.logger.info({ mailId: id }, 'mail dropped: blocked since it was queued');
        continue;
      }
      if (await this.send(mail)) sent++;
    }
    return sent;
  }

  private async send(mail: outbox.OutboxMail): Promise<boolean> {
    try {
      const headers = parseJson<Record<string, string> | null>(mail.headers, null) ?? undefined;
      const messageId = await this.transport.send({ from: this.from, to: mail.to_address, subject: mail.subject, html: mail.html, text: mail.text, headers });
      await outbox.markSent(this.db, mail.id, messageId, Date.now());
      this.logger.info({ mailId: mail.id, messageId }, 'mail sent');
      return true;
    } catch (err) {
      const attempts = mail.attempts + 1;
      const permanent = isPermanentSmtpFailure(err) || err instanceof HeaderInjectionError;
      const wait = permanent ? undefined : BACKOFF_MINUTES[attempts - 1];
      const next = wait === undefined ? null : Date.now() + wait * 60_000;
      const message = err instanceof Error ? err.message : String(err);
      await outbox.markFailedAttempt(this.db, mail.id, attempts, message, next);
      this.logger.warn({ mailId: mail.id, attempts, retry: next !== null, err: message }, 'mail delivery failed');
      if (isRecipientRefusal(err) && (await this.suppressions.add(mail.to_address, 'bounce'))) {
        this.logger.info({ mailId: mail.id }, 'address refused for good: bounce suppression recorded');
      }
      return false;
    }
  }

  /** The member's switch for the type (e-mail) is on and the address is not suppressed. */
  private async wanted(userId: number | null, type: NotificationType, to: string, db: Runner): Promise<boolean> {
    if (userId === null) return this.suppressions.reasonsOf(to, db).then((r) => r.length === 0);
    return this.settings.allows(userId, type, 'email', to, db);
  }

  private stillWanted(mail: outbox.OutboxMail): Promise<boolean> {
    // A type this code does not know (a newer release wrote it): the safe answer is not to send.
    if (!isNotificationType(mail.notification_type)) return Promise.resolve(false);
    return this.wanted(mail.user_id === null ? null : Number(mail.user_id), mail.notification_type, mail.to_address, this.db);
  }

  /** A notification about profiles that the member blocked, or that blocked the member, since it was queued. */
  private blockedSinceQueued(mail: outbox.OutboxMail): Promise<boolean> {
    if (mail.notification_type === null || mail.user_id === null) return Promise.resolve(false);
    const listed = parseJson<unknown>(mail.about_profile_ids, []);
    const about = [mail.about_profile_id, ...(Array.isArray(listed) ? listed : [])].map(Number);
    return memberBlocksEitherWay(this.db, Number(mail.user_id), about.filter((id) => Number.isSafeInteger(id) && id > 0));
  }

  private async unsubscribeHeaders(siteId: number | null, userId: number | null, to: string, type: NotificationType, tx: Runner): Promise<Record<string, string>> {
    if (!BULK_NOTIFICATION_TYPES.includes(type) || !this.unsubscribe || userId === null || siteId === null) return {};
    const domain = await siteDomainOf(tx, siteId);
    if (!domain) return {};
    const url = await this.unsubscribe.url(domain, userId, to, type, tx);
    return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }

  counts(): Promise<Record<string, number>> {
    return outbox.outboxCounts(this.db);
  }

  close(): void {
    this.transport.close();
  }
}
