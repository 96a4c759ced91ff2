// SQL for the event relay between processes without Redis (see migrations/…_event_relay.ts).
import type { Runner } from '../db.js';

export interface RelayedEvent {
  id: number;
  userId: number;
  json: string;
}

export async function insertRelayedEvent(db: Runner, userId: number, json: string): Promise<void> {
  await db('event_relay').insert({ user_id: userId, event: json, created_at: Date.now() });
}

export async function relayedEventsAfter(db: Runner, afterId: number, limit: number): Promise<RelayedEvent[]> {
  const rows = (await db('event_relay').where('id', '>', afterId).orderBy('id').limit(limit).select('id', 'user_id', 'event')) as { id: number | string; user_id: number; event: string }[];
  return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), json: r.event }));
}

export async function lastRelayedEventId(db: Runner): Promise<number> {
  const row = (await db('event_relay').max({ id: 'id' }).first()) as { id: number | string | null } | undefined;
  return Number(row?.id ?? 0);
}

export async function deleteRelayedEventsBefore(db: Runner, createdBefore: number): Promise<void> {
  await db('event_relay').where('created_at', '<', createdBefore).delete();
}
