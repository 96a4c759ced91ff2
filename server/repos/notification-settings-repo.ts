// SQL for members' notification switches: a row only where a member changed one.
import type { NotificationChannel, NotificationType } from '../../types/notifications.js';
import type { Runner } from '../db.js';
import { isUniqueViolation } from '../lib/db-errors.js';

export interface NotificationSettingRow {
  type: string;
  channel: string;
  enabled: boolean | number;
  /** Why it is off when the member did not switch it off by hand (listunsubscribe). */
  disabled_reason: string | null;
}

export async function settingsOf(db: Runner, userId: number): Promise<NotificationSettingRow[]> {
  return (await db('notification_settings').where('user_id', userId).select('type', 'channel', 'enabled', 'disabled_reason')) as NotificationSettingRow[];
}

/** Saves one switch; `reason` says why it went off when not by the member's hand (else null). */
export async function setSetting(
  db: Runner, userId: number, type: NotificationType, channel: NotificationChannel, enabled: boolean, reason: string | null = null,
): Promise<void> {
  await db('notification_settings')
    .insert({ user_id: userId, type, channel, enabled, disabled_reason: enabled ? null : reason, updated_at: Date.now() })
    .onConflict(['user_id', 'type', 'channel'])
    .merge(['enabled', 'disabled_reason', 'updated_at']);
}

/** Whether the member switched this type off on this channel (no row: on). */
export async function isDisabled(db: Runner, userId: number, type: NotificationType, channel: NotificationChannel): Promise<boolean> {
  const row = await db('notification_settings').where({ user_id: userId, type, channel, enabled: false }).first('user_id');
  return Boolean(row);
}

/** Of `userIds`, those who switched the type off on the channel: for batched cron sends. */
export async function disabledAmong(db: Runner, userIds: number[], type: NotificationType, channel: NotificationChannel): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = (await db('notification_settings').whereIn('user_id', userIds).where({ type, channel, enabled: false }).select('user_id')) as { user_id: number }[];
  return new Set(rows.map((r) => Number(r.user_id)));
}

/** Records one send of `kind` in `period`; false when it was already recorded (send nothing). */
export async function claimSend(db: Runner, userId: number, kind: string, periodKey: string): Promise<boolean> {
  try {
    await db('notification_sends').insert({ user_id: userId, kind: kind.slice(0, 48), period_key: periodKey.slice(0, 64), created_at: Date.now() });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
