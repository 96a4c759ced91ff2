// SQL for members' push subscriptions.
import type { Runner } from '../db.js';

/** One row per browser endpoint; a re-subscription moves the endpoint to the current member. */
export async function upsertSubscription(db: Runner, userId: number, endpointHash: string, json: string): Promise<void> {
  const now = Date.now();
  const changed = await db('push_subscriptions').where('endpoint_hash', endpointHash).update({ user_id: userId, subscription: json });
  if (Number(changed) === 0) {
    await db('push_subscriptions')
      .insert({ user_id: userId, endpoint_hash: endpointHash, subscription: json, created_at: now })
      .onConflict('endpoint_hash')
      .merge(['user_id', 'subscription']);
  }
}

export async function countSubscriptions(db: Runner, userId: number): Promise<number> {
  const row = await db('push_subscriptions').where('user_id', userId).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export async function deleteSubscriptionsOf(db: Runner, userId: number): Promise<void> {
  await db('push_subscriptions').where('user_id', userId).delete();
}
