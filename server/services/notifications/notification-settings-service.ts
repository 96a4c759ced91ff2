// A member's notification switches (SPEC.md §3: eight types, each by e-mail and by push) and the
// one question every sender asks at send time: may this member be told this way now?
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationMatrix,
  type NotificationType,
} from '../../../types/notifications.js';
import type { Db, Runner } from '../../db.js';
import * as repo from '../../repos/notification-settings-repo.js';
import { isSuppressed } from '../../repos/mail-outbox-repo.js';

export class NotificationSettingsService {
  constructor(private readonly db: Db) {}

  /** Every type and channel, on unless the member switched it off. */
  async matrixOf(userId: number, db: Runner = this.db): Promise<NotificationMatrix> {
    const matrix = Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, true]))]),
    ) as NotificationMatrix;
    for (const row of await repo.settingsOf(db, userId)) {
      const byChannel = matrix[row.type as NotificationType] as Record<string, boolean> | undefined;
      if (byChannel && row.channel in byChannel) byChannel[row.channel] = Boolean(row.enabled);
    }
    return matrix;
  }

  async set(userId: number, type: NotificationType, channel: NotificationChannel, enabled: boolean, db: Runner = this.db): Promise<void> {
    await repo.setSetting(db, userId, type, channel, enabled);
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
}
