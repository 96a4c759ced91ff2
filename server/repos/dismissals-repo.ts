// SQL for dismissed alerts (SPEC.md §4): one row per member and alert, with the time.
import type { Runner } from '../db.js';

export async function dismissedAlerts(db: Runner, userId: number): Promise<string[]> {
  return (await db('dismissals').where('user_id', userId).pluck('alert')).map(String);
}

/** Records (or renews) the dismissal; dismissing twice is one row. */
export async function dismissAlert(db: Runner, userId: number, alert: string, now: number): Promise<void> {
  await db('dismissals').insert({ user_id: userId, alert, dismissed_at: now }).onConflict(['user_id', 'alert']).merge({ dismissed_at: now });
}
