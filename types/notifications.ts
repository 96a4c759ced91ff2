// Notification kinds and channels (SPEC.md §3 "Notification types", "Notification-disabled
// reasons"), shared by the settings page, the senders and the islands.

export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Why an address gets no notification mail: spam complaint, hard bounce, one-click unsubscribe. */
export const SUPPRESSION_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * Types a mail of carries RFC 8058 one-click unsubscribe headers (promotional and digest mail).
 * Event mails (a message, a like) still show the link to /notifications.
 */
export const BULK_NOTIFICATION_TYPES: readonly NotificationType[] = ['promotions', 'weekly_updates', 'news', 'unread_message_reminders', 'reminders'];

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** One switch per type and channel; a type/channel never saved is on. */
export type NotificationMatrix = Record<NotificationType, Record<NotificationChannel, boolean>>;

/**
 * What the push worker sends to a browser. A lock screen is public: a title such as
 * "New message from Anna" and a link, never the message text, a password or payment data.
 */
export interface PushPayload {
  type: NotificationType;
  title: string;
  body: string;
  /** A path on the site ("/chat/123"), opened when the notification is clicked. */
  url: string;
  /** Notifications with the same tag replace each other (one per conversation, say). */
  tag?: string;
  icon?: string;
  /** Unread messages plus new likes, for the app badge. */
  badge?: number;
}
