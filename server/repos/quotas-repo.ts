// SQL for per-member daily counters (swipe-game likes, automatic likes): one row per member, kind
// and UTC day, taken with a guarded update so parallel requests cannot pass the limit together.
import type { Runner } from '../db.js';

/** Makes sure today's row exists. Outside the taking transaction: on MariaDB an ignored insert
 * share-locks the row, and two transactions upgrading that lock together deadlock. */
export async function ensureQuotaRow(db: Runner, userId: number, kind: string, day: string): Promise<void> {
  await db('daily_quotas').insert({ user_id: userId, kind, day, used: 0 }).onConflict(['user_id', 'kind', 'day']).ignore();
}

/** Takes one unit if fewer than `max` are used; false when the limit is reached. */
export async function takeQuota(db: Runner, userId: number, kind: string, day: string, max: number): Promise<boolean> {
  const changed = await db('daily_quotas')
    .where({ user_id: userId, kind, day })
    .andWhere('used', '<', max)
    .update({ used: db.raw('used + 1') });
  return Number(changed) === 1;
}

export async function quotaUsed(db: Runner, userId: number, kind: string, day: string): Promise<number> {
  const row = await db('daily_quotas').where({ user_id: userId, kind, day }).first('used');
  return Number(row?.used ?? 0);
}

export function utcDay(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}
