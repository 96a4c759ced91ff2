// SQL for sms_outbox: the record of text messages the embedded SMS default "sent" (DESIGN.md §2).
import type { Runner } from '../db.js';

export interface NewSms {
  userId: number | null;
  phone: string;
  body: string;
  /** 'logged': written here and to the log only (no gateway). */
  status: 'logged';
}

export async function insertSms(db: Runner, m: NewSms, now: number): Promise<number> {
  const [id] = await db('sms_outbox').insert({
    user_id: m.userId, phone: m.phone, body: m.body.slice(0, 480), status: m.status, attempts: 0, next_attempt_at: now, created_at: now,
  });
  return Number(id);
}
