// The push worker: claims due push_outbox rows with a lease (two processes never send one row),
// asks again at send time whether the member still wants this type by push and whether a block
// stands between the member and the profile it is about (issue 18.5), and sends it to every
// browser the member subscribed with. A gone subscription (404/410) is deleted; a push service
// that is busy or down (429, 5xx, no answer) is asked again later with a growing back-off, for the
// browsers that did not get it only; anything else is given up for that browser.
import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import type { Logger } from 'pino';
import { isNotificationType, type NotificationType } from '../../../types/notifications.js';
import type { Db } from '../../db.js';
import { parseJson } from '../../lib/json.js';
import { memberBlocksEitherWay } from '../../repos/blocks-repo.js';
import * as repo from '../../repos/push-delivery-repo.js';
import type { NotificationSettingsService } from '../notifications/notification-settings-service.js';
import { DEFAULT_SETTINGS } from '../sites/default-settings.js';
import type { SitesService } from '../sites/sites-service.js';
import { ttlSecondsOf, validPayload } from './push-payload.js';
import { PUSH_SEND_DEADLINE_MS, sendPush, type BrowserSubscription, type SendOutcome } from './push-sender.js';

/** Seconds to wait after the 1st, 2nd, … failed attempt; after the last one the push has failed. */
const BACKOFF_SECONDS = [30, 120, 600, 1800, 3600];
/** Longer than a row's sends may take (each has PUSH_SEND_DEADLINE_MS, 413 retried once). */
const LEASE_MS = 6 * PUSH_SEND_DEADLINE_MS;
/** A Retry-After beyond this is not waited for: the push would be stale. */
const MAX_RETRY_AFTER_MS = 6 * 3600_000;

export interface PushDeliveryDeps {
  db: Db;
  notificationSettings: NotificationSettingsService;
  sites: SitesService;
  vapidKeys: () => Promise<{ publicKey: string; privateKey: string }>;
  logger: Logger;
  /** Tests only: an agent that trusts the push service stand-in's certificate. */
  agent?: Agent;
}

export class PushDeliveryService {
  private readonly worker = `push-${randomUUID()}`;
  private running: Promise<number> | undefined;
  private stopped = false;
  private vapidKeys: Promise<{ publicKey: string; privateKey: string }> | undefined;

  constructor(private readonly deps: PushDeliveryDeps) {}

  /** Sends what is due; returns how many rows reached at least one browser. Overlapping calls share one run. */
  deliverDue(opts: { limit?: number; now?: number } = {}): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.running ??= this.deliver(opts.limit ?? 50, opts.now ?? Date.now()).finally(() => (this.running = undefined));
    return this.running;
  }

  counts(): Promise<Record<string, number>> {
    return repo.pushOutboxCounts(this.deps.db);
  }

  /** No new rows are claimed; resolves when the run under way has finished (shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  private async deliver(limit: number, now: number): Promise<number> {
    const { db } = this.deps;
    const supportEmails = new Map<number | null, string>();
    let sent = 0;
    for (const id of await repo.duePushIds(db, now, limit)) {
      if (this.stopped) break;
      const row = await repo.claimPush(db, id, this.worker, now, LEASE_MS);
      if (!row) continue;
      try {
        if (await this.deliverRow(row, now, supportEmails)) sent++;
      } catch (err) {
        // A database hiccup mid-row: the lease runs out and the row is tried again.
        this.deps.logger.warn({ pushId: id, err }, 'push delivery failed');
      }
    }
    return sent;
  }

  private async deliverRow(row: repo.ClaimedPush, now: number, supportEmails: Map<number | null, string>): Promise<boolean> {
    const { db } = this.deps;
    const payload = validPayload(row.payload);
    if (!payload) return this.finish(row, 'failed', 'invalid payload');
    const type: NotificationType = isNotificationType(row.notificationType) ? row.notificationType : payload.type;
    if (now - row.createdAt > ttlSecondsOf(type) * 1000) return this.finish(row, 'dropped', 'expired');
    if (!(await this.deps.notificationSettings.allows(row.userId, type, 'push'))) return this.finish(row, 'dropped', 'switched off');
    if (row.aboutProfileId !== null && (await memberBlocksEitherWay(db, row.userId, [row.aboutProfileId]))) return this.finish(row, 'dropped', 'blocked');
    const owed = row.retryEndpoints ? new Set(row.retryEndpoints) : undefined;
    const subscriptions = (await repo.subscriptionsOf(db, row.userId)).filter((s) => !owed || owed.has(s.endpointHash));
    if (subscriptions.length === 0) return this.finish(row, 'dropped', 'no subscription');

    const vapid = { subject: `mailto:${await this.supportEmail(row.siteId, supportEmails)}`, ...(await (this.vapidKeys ??= this.deps.vapidKeys())) };
    const outcomes = await Promise.all(
      subscriptions.map(async (s) => {
        const browser = parseJson<BrowserSubscription | null>(s.json, null);
        const outcome: SendOutcome = browser ? await sendPush(browser, { ...payload, type }, { vapid, agent: this.deps.agent, now }) : { kind: 'gone', status: 0 };
        if (outcome.kind === 'gone') await repo.deleteSubscription(db, s.id);
        return { endpointHash: s.endpointHash, outcome };
      }),
    );
    const delivered = outcomes.filter((o) => o.outcome.kind === 'delivered').length;
    const summary = outcomes.map((o) => (o.outcome.kind === 'retry' ? o.outcome.reason : o.outcome.kind)).join('; ');
    this.deps.logger.info({ pushId: row.id, userId: row.userId, type, delivered, of: outcomes.length }, 'push sent');

    const retries = outcomes.flatMap((o) => (o.outcome.kind === 'retry' ? [{ endpointHash: o.endpointHash, ...o.outcome }] : []));
    if (retries.length > 0) {
      const attempts = row.attempts + (retries.some((r) => r.countsAttempt) ? 1 : 0);
      const backoffMs = (BACKOFF_SECONDS[Math.max(0, attempts - 1)] ?? 0) * 1000;
      const waitMs = Math.max(backoffMs, ...retries.map((r) => r.afterMs));
      if (attempts <= BACKOFF_SECONDS.length && waitMs <= MAX_RETRY_AFTER_MS) {
        // Once a browser has it, only the others are tried again (keeping the earlier list on a later partial retry).
        const owedNext = delivered > 0 || row.retryEndpoints ? retries.map((r) => r.endpointHash) : null;
        await repo.retryPush(db, row.id, attempts, summary, now + waitMs, owedNext);
        return delivered > 0;
      }
    }
    // A list of endpoints still owed means an earlier run reached the member's other browsers.
    const reached = delivered > 0 || row.retryEndpoints !== null;
    await repo.finishPush(db, row.id, reached ? 'sent' : 'failed', row.attempts + 1, delivered === outcomes.length ? null : summary);
    return delivered > 0;
  }

  private async finish(row: repo.ClaimedPush, status: 'failed' | 'dropped', reason: string): Promise<false> {
    await repo.finishPush(this.deps.db, row.id, status, row.attempts, reason);
    this.deps.logger.info({ pushId: row.id, userId: row.userId, status, reason }, 'push not sent');
    return false;
  }

  /** VAPID's contact (RFC 8292 §2.1): the push service can reach the site's support if it misbehaves. */
  private async supportEmail(siteId: number | null, cache: Map<number | null, string>): Promise<string> {
    let email = cache.get(siteId);
    if (email === undefined) {
      const site = (await this.deps.sites.list()).find((s) => s.id === siteId);
      email = site?.stored.support_email ?? DEFAULT_SETTINGS.support_email;
      cache.set(siteId, email);
    }
    return email;
  }
}
