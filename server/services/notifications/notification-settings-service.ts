// A member's notification switches (SPEC.md §3: eight types, each by e-mail and by push) and the
// one question every sender asks at send time: may this member be told this way now?
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationMatrix,
  type NotificationType,
  type SuppressionReason,
} from '../../../types/notifications.js';
import type { NotificationsState } from '../../../types/notification-state.js';
import type { Db, Runner } from '../../db.js';
import * as repo from '../../repos/notification-settings-repo.js';
import { isSuppressed } from '../../repos/mail-outbox-repo.js';
import * as suppressionsRepo from '../../repos/suppressions-repo.js';
import type { UnsubscribeClaim } from './unsubscribe-links.js';

/** Reasons a member may lift from /notifications: their own unsubscribe, and their own spam report. */
export const MEMBER_LIFTABLE_REASONS: readonly SuppressionReason[] = ['listunsubscribe', 'fbl'];

export class NotificationSettingsService {
  constructor(private readonly db: Db) {}

  /** Every type and channel, on unless the member switched it off. */
  async matrixOf(userId: number, db: Runner = this.db): Promise<NotificationMatrix> {
    const state = await this.switchesOf(userId, db);
    return Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, state[type][c].enabled]))]),
    ) as NotificationMatrix;
  }

  /** The switches with their reasons and the address's suppressions: /notifications and the alert. */
  async stateOf(userId: number, email: string, db: Runner = this.db, known: { switchesSet?: boolean; suppressed?: boolean } = {}): Promise<NotificationsState> {
    const address = email.trim().toLowerCase();
    // A caller that knows the member set no switch, or that the address has no suppression (every
    // page's: users-repo memberForPage), saves reading them.
    const [switches, suppressions] = await Promise.all([
      this.switchesOf(userId, db, known.switchesSet === false),
      known.suppressed === false ? [] : suppressionsRepo.reasonsOf(db, address),
    ]);
    return { email: address, switches, suppressions: suppressions.map((s) => ({ reason: s.reason, since: new Date(s.createdAt).toISOString() })) };
  }

  /** The member's own choice on /notifications (clears a reason an unsubscribe link left). */
  async set(userId: number, type: NotificationType, channel: NotificationChannel, enabled: boolean, db: Runner = this.db): Promise<void> {
    await repo.setSetting(db, userId, type, channel, enabled);
  }

  /**
   * A one-click unsubscribe (RFC 8058) from a mail of `type`: that type's e-mail switch goes off with
   * the reason listunsubscribe, so /notifications can say why. Idempotent; false when the member is gone.
   */
  async unsubscribeByLink(claim: UnsubscribeClaim): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await tx('users').where({ id: claim.userId }).whereNotIn('status', ['deleted']).first('id'))) return false;
      await repo.setSetting(tx, claim.userId, claim.type, 'email', false, 'listunsubscribe');
      return true;
    });
  }

  /** The member's language, for pages reached from a mail without the site's cookie (unsubscribe). */
  async languageOf(userId: number): Promise<string | undefined> {
    const row = (await this.db('users').where({ id: userId }).first('language')) as { language: string } | undefined;
    return row?.language;
  }

  /** The member lifts a suppression of their own address (only MEMBER_LIFTABLE_REASONS); how many went. */
  async liftSuppression(email: string, reason: SuppressionReason): Promise<number> {
    if (!MEMBER_LIFTABLE_REASONS.includes(reason)) return 0;
    return suppressionsRepo.remove(this.db, email.trim().toLowerCase(), reason);
  }

  /**
   * Whether a notification of `type` may reach the member on `channel`: the switch is on and, for
   * e-mail, the address (given by the caller, who has it at hand) is not suppressed.
   */
  async allows(userId: number, type: NotificationType, channel: NotificationChannel, email?: string, db: Runner = this.db): Promise<boolean> {
    if (await repo.isDisabled(db, userId, type, channel)) return false;
    if (channel === 'email' && email !== undefined && (await isSuppressed(db, email.trim().toLowerCase()))) return false;
    return true;
  }

  private async switchesOf(userId: number, db: Runner, noneSet = false): Promise<NotificationsState['switches']> {
    const switches = Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, { enabled: true, reason: null }]))]),
    ) as NotificationsState['switches'];
    for (const row of noneSet ? [] : await repo.settingsOf(db, userId)) {
      const byChannel = switches[row.type as NotificationType] as Record<string, NotificationsState['switches'][NotificationType]['email']> | undefined;
      if (!byChannel || !(row.channel in byChannel)) continue;
      const enabled = Boolean(row.enabled);
      byChannel[row.channel] = { enabled, reason: !enabled && row.disabled_reason === 'listunsubscribe' ? 'listunsubscribe' : null };
    }
    return switches;
  }
}
