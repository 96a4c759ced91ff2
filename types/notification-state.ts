// What a member's notifications look like on /notifications and in the disabled-notifications
// alert (SPEC.md §2, §3): the switches, why one is off, and the address's suppressions.
import type { NotificationChannel, NotificationType, SuppressionReason } from './notifications.js';

export interface NotificationSwitch {
  enabled: boolean;
  /** 'listunsubscribe' when the one-click link in an e-mail turned it off; null for the member's own choice. */
  reason: 'listunsubscribe' | null;
}

export interface NotificationsState {
  /** The address the suppressions belong to (the member's current one). */
  email: string;
  switches: Record<NotificationType, Record<NotificationChannel, NotificationSwitch>>;
  /** The address's suppressions, oldest first (ISO dates). */
  suppressions: { reason: SuppressionReason; since: string }[];
}

/**
 * The logged-in member's `notifications_disabled` list (SPEC.md §3): the reasons that apply
 * (address suppressions fbl, bounce, listunsubscribe, and listunsubscribe for a type turned off by
 * an e-mail's link), then each type with a switch off. Empty exactly when nothing is disabled.
 */
export function disabledListOf(state: Pick<NotificationsState, 'switches' | 'suppressions'>): string[] {
  const reasons = new Set<string>(state.suppressions.map((s) => s.reason));
  const types: string[] = [];
  for (const [type, channels] of Object.entries(state.switches)) {
    const off = Object.values(channels).filter((c) => !c.enabled);
    if (off.length) types.push(type);
    if (off.some((c) => c.reason === 'listunsubscribe')) reasons.add('listunsubscribe');
  }
  return [...reasons, ...types];
}

/** The one rule the disabled-notifications alert and the activation reminder share (SPEC.md §2). */
export function hasDisabledNotifications(user: { notifications_disabled: readonly string[] }): boolean {
  return user.notifications_disabled.length > 0;
}
