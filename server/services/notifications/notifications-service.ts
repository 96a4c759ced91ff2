// Event notifications (issue 15): after a message, like or match has committed, the member it
// reached may be told by e-mail and by push. Both go through outboxes (mail_outbox, push_outbox)
// whose workers deliver them and re-check the member's settings and suppressions at send time.
//
// Who is told: the account behind the receiving profile (fictional profiles have none: their
// operators read the operator inbox), active, not blocked either way with the other profile, not
// online (an open event stream shows the event live), with the type switched on for the channel.
// No flood: one mail and one push per conversation until the member reads it (the period of the
// throttle is the conversation's last_read_at), and one per liker and per match.
import type { i18n as I18n } from 'i18next';
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import * as events from '../../repos/notification-events-repo.js';
import { claimSend } from '../../repos/notification-settings-repo.js';
import { findProfile } from '../../repos/profiles-repo.js';
import { insertPush } from '../../repos/push-outbox-repo.js';
import { findSiteById } from '../../repos/sites-repo.js';
import type { NotificationChannel, NotificationType } from '../../../types/notifications.js';
import type { MailService } from '../mail/mail-service.js';
import type { NotificationSettingsService } from './notification-settings-service.js';
import { eventMail, eventPush, type EventNotificationKind } from './notification-content.js';
import type { PresenceService } from '../presence/presence-service.js';
import { mailLanguage, siteMailContext } from './site-mail-context.js';

/** A message was stored; `opened`: it opened the conversation. */
export interface MessageNotice {
  conversationId: number;
  senderProfileId: number;
  recipientProfileId: number;
  /** The recipient's account when the sender knows it: a recipient online is then told apart before anything is read. */
  recipientUserId?: number;
  opened: boolean;
}

/** A like was stored; `match`: the liked profile had liked back before. */
export interface LikeNotice {
  fromProfileId: number;
  toProfileId: number;
  match: boolean;
}

/**
 * What the services that store events call after their commit. Never rejects: the event is stored,
 * and a notification that could not be queued is logged. Callers await it, so a request's answer
 * comes once its notifications are in the outboxes (nothing is left in memory to lose).
 */
export interface EventNotifier {
  messageSent(notice: MessageNotice): Promise<void>;
  liked(notice: LikeNotice): Promise<void>;
}

export const NO_NOTIFICATIONS: EventNotifier = { messageSent: async () => undefined, liked: async () => undefined };

interface Plan {
  kind: EventNotificationKind;
  type: NotificationType;
  fromProfileId: number;
  path: string;
  tag: string;
  /** notification_sends kinds per channel, and the period they are unique in. */
  throttle: Record<NotificationChannel, string>;
  period: string;
  /** The recipient was found offline a moment ago (onMessage): not asked again. */
  offline?: boolean;
}

export interface NotificationsDeps {
  db: Db;
  mail: Pick<MailService, 'enqueue'>;
  settings: Pick<NotificationSettingsService, 'allows'>;
  presence: Pick<PresenceService, 'isOnline'>;
  badges: { countsFor(userId: number): Promise<{ num_unread_messages: number; num_new_likes: number }> };
  i18n: I18n;
  logger: Logger;
}

export class NotificationsService implements EventNotifier {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: NotificationsDeps) {}

  messageSent(n: MessageNotice): Promise<void> {
    return this.track(this.onMessage(n), n);
  }

  liked(n: LikeNotice): Promise<void> {
    return this.track(this.onLike(n), n);
  }

  /** Resolves once every notification started so far is queued or dropped (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private track(work: Promise<void>, notice: MessageNotice | LikeNotice): Promise<void> {
    const tracked = work
      .catch((err: unknown) => this.deps.logger.warn({ err, notice }, 'event notification not queued'))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
    return tracked;
  }

  private async onMessage(n: MessageNotice): Promise<void> {
    // Online members get no mail or push (notify() below): most messages arrive on an open page,
    // and asking first saves reading the recipient for each of them.
    const asked = n.recipientUserId;
    if (asked !== undefined && (await this.deps.presence.isOnline(asked))) return;
    const r = await events.recipientOf(this.deps.db, n.recipientProfileId, n.senderProfileId, n.conversationId);
    const c = n.conversationId;
    await this.notify(r, {
      offline: r?.userId === asked,
      kind: n.opened ? 'newConversation' : 'newMessage',
      type: n.opened ? 'new_conversations' : 'new_messages',
      fromProfileId: n.senderProfileId,
      path: `/chats/${c}`,
      tag: `conversation-${c}`,
      throttle: { email: `mail:conversation:${c}`, push: `push:conversation:${c}` },
      period: `read:${r?.lastReadAt ?? 0}`,
    });
  }

  private async onLike(n: LikeNotice): Promise<void> {
    const r = await events.recipientOf(this.deps.db, n.toProfileId, n.fromProfileId, null);
    const kind = n.match ? 'match' : 'like';
    await this.notify(r, {
      kind,
      type: 'like',
      fromProfileId: n.fromProfileId,
      path: n.match ? `/members/${n.fromProfileId}` : '/likes',
      tag: n.match ? `match-${n.fromProfileId}` : 'likes',
      throttle: { email: `mail:${kind}:${n.fromProfileId}`, push: `push:${kind}:${n.fromProfileId}` },
      period: 'once',
    });
  }

  private async notify(r: events.NotificationRecipient | undefined, plan: Plan): Promise<void> {
    if (!r || r.status !== 'active' || r.blocked) return;
    if (!plan.offline && (await this.deps.presence.isOnline(r.userId))) return;
    const channels = await this.channelsFor(r, plan);
    if (channels.length === 0) return;
    const [from, siteRow] = await Promise.all([findProfile(this.deps.db, plan.fromProfileId), findSiteById(this.deps.db, r.siteId)]);
    if (!from || from.status !== 'active' || !siteRow) return;
    const site = siteMailContext(siteRow);
    const lng = mailLanguage(r.language, site);
    const t = this.deps.i18n.getFixedT(lng);
    const input = { kind: plan.kind, type: plan.type, site, recipientName: r.name, from, path: plan.path, tag: plan.tag };
    const badge = channels.includes('push') ? await this.deps.badges.countsFor(r.userId) : undefined;
    const now = Date.now();
    // The claim and the outbox row commit together: a claimed period always has its notification.
    await this.deps.db.transaction(async (tx) => {
      if (channels.includes('email') && (await claimSend(tx, r.userId, plan.throttle.email, plan.period))) {
        const mail = eventMail(t, input);
        await this.deps.mail.enqueue(
          { siteId: site.id, userId: r.userId, to: r.email, template: `notify.${plan.kind}`, language: lng, ...mail, notificationType: plan.type, aboutProfileId: from.id },
          tx,
        );
      }
      if (badge && (await claimSend(tx, r.userId, plan.throttle.push, plan.period))) {
        const payload = eventPush(t, input, badge.num_unread_messages + badge.num_new_likes);
        await insertPush(tx, { userId: r.userId, notificationType: plan.type, payload, aboutProfileId: from.id }, now);
      }
    });
  }

  /** The channels still open for this notification: not sent in this period, switched on, reachable. */
  private async channelsFor(r: events.NotificationRecipient, plan: Plan): Promise<NotificationChannel[]> {
    const sent = await events.sentKinds(this.deps.db, r.userId, [plan.throttle.email, plan.throttle.push], plan.period);
    const out: NotificationChannel[] = [];
    if (!sent.has(plan.throttle.email) && (await this.deps.settings.allows(r.userId, plan.type, 'email', r.email))) out.push('email');
    if (r.pushSubscriptions > 0 && !sent.has(plan.throttle.push) && (await this.deps.settings.allows(r.userId, plan.type, 'push'))) out.push('push');
    return out;
  }
}
