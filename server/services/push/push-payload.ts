// What may travel in a push (types/notifications.ts PushPayload). A lock screen is public, so the
// payload is checked field by field at send time: a title, a short line, a path on the site, an
// icon, a tag and a count; nothing else gets through (no message text, password or payment data
// can ride along in an extra field), and the whole stays far below the 4 KB a push service takes.
import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType, type PushPayload } from '../../../types/notifications.js';

/** Encrypted push bodies may hold about 4 KB; half of that leaves room for every service's framing. */
export const MAX_PAYLOAD_BYTES = 2048;

/** A path on the same site ("/chats/12"): never another origin ("//evil", "https://…"). */
const sitePath = z.string().max(300).regex(/^\/(?![/\\])[^\s\\]*$/);

const payloadSchema = z.strictObject({
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().trim().min(1).max(100),
  body: z.string().max(200),
  url: sitePath,
  tag: z.string().regex(/^[\w:.-]{1,64}$/).optional(),
  icon: z.union([sitePath, z.url({ protocol: /^https$/ }).max(500)]).optional(),
  badge: z.number().int().min(0).max(99_999).optional(),
});

/** The payload as stored, checked; undefined when it is not a PushPayload or too big even shrunk. */
export function validPayload(raw: string): PushPayload | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const result = payloadSchema.safeParse(parsed);
  if (!result.success) return undefined;
  const payload = result.data;
  if (byteSize(payload) <= MAX_PAYLOAD_BYTES) return payload;
  const small = shrunk(payload);
  return byteSize(small) <= MAX_PAYLOAD_BYTES ? small : undefined;
}

/** The payload without its optional weight (body, icon): what a 413 from a push service gets. */
export function shrunk(payload: PushPayload): PushPayload {
  const { icon: _icon, body: _body, ...rest } = payload;
  return { ...rest, body: '' };
}

export function byteSize(payload: PushPayload): number {
  return Buffer.byteLength(JSON.stringify(payload));
}

type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/** RFC 8030 urgency: a message may wake a sleeping phone; a newsletter waits until it is awake anyway. */
const URGENCY: Record<NotificationType, Urgency> = {
  new_conversations: 'high',
  new_messages: 'high',
  like: 'normal',
  unread_message_reminders: 'normal',
  reminders: 'normal',
  promotions: 'low',
  weekly_updates: 'low',
  news: 'low',
};

/** How long a push service keeps a push for an offline browser; a day-old "new like" is still news. */
const TTL_SECONDS: Record<Urgency, number> = { 'very-low': 3 * 86_400, low: 3 * 86_400, normal: 86_400, high: 86_400 };

export function urgencyOf(type: NotificationType): Urgency {
  return URGENCY[type];
}

export function ttlSecondsOf(type: NotificationType): number {
  return TTL_SECONDS[URGENCY[type]];
}

/** RFC 8030 Topic: queued pushes with the same topic replace each other at the push service. */
export function topicOf(payload: PushPayload): string | undefined {
  return payload.tag && /^[A-Za-z0-9_-]{1,32}$/.test(payload.tag) ? payload.tag : undefined;
}
