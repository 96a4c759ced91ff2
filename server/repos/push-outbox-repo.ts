// SQL for queueing pushes: one push_outbox row per notification, delivered by the push worker
// (push-delivery-repo.ts) to each of the member's subscriptions.
import type { NotificationType, PushPayload } from '../../types/notifications.js';
import type { Runner } from '../db.js';

export interface NewPush {
  userId: number;
  notificationType: NotificationType | null;
  payload: PushPayload;
  /** The profile the push is about (its name is in the title): erased with that profile. */
  aboutProfileId?: number | null;
}

export async function insertPush(db: Runner, p: NewPush, now: number): Promise<number> {
  const [id] = await db('push_outbox').insert({
    user_id: p.userId, payload: JSON.stringify(p.payload), notification_type: p.notificationType, about_profile_id: p.aboutProfileId ?? null,
    status: 'pending', attempts: 0, next_attempt_at: now, created_at: now,
  });
  return Number(id);
}
