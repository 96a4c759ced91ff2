// SQL for one-time codes sent by SMS (otp_codes): stored as a hash, counted tries, single use.
// Every change is one guarded UPDATE, so parallel requests can neither exceed the tries nor use a
// code twice: the database decides which request wins.
import type { Runner } from '../db.js';

export interface OtpRow {
  id: number;
  codeHash: string;
  attempts: number;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

type Raw = Record<string, unknown>;
const toOtp = (r: Raw): OtpRow => ({
  id: Number(r.id),
  codeHash: String(r.code_hash),
  attempts: Number(r.attempts),
  expiresAt: Number(r.expires_at),
  usedAt: r.used_at === null || r.used_at === undefined ? null : Number(r.used_at),
  createdAt: Number(r.created_at),
});

export async function insertOtp(db: Runner, o: { userId: number; purpose: string; reference: string; codeHash: string; expiresAt: number }, now: number): Promise<number> {
  const [id] = await db('otp_codes').insert({
    user_id: o.userId, purpose: o.purpose, reference: o.reference, code_hash: o.codeHash, attempts: 0, expires_at: o.expiresAt, created_at: now,
  });
  return Number(id);
}

/** The newest code sent for `reference` (earlier ones were retired when it was sent). */
export async function latestOtp(db: Runner, userId: number, purpose: string, reference: string): Promise<OtpRow | undefined> {
  const row = (await db('otp_codes').where({ user_id: userId, purpose, reference }).orderBy('id', 'desc').first()) as Raw | undefined;
  return row && toOtp(row);
}

/** Codes not used yet stop working (they expire now) when a new one is sent. */
export async function retireOtps(db: Runner, userId: number, purpose: string, now: number): Promise<void> {
  await db('otp_codes').where({ user_id: userId, purpose }).whereNull('used_at').andWhere('expires_at', '>', now).update({ expires_at: now });
}

/** Books one try; false when the code is used, expired or out of tries (nothing booked). */
export async function countOtpAttempt(db: Runner, id: number, maxAttempts: number, now: number): Promise<boolean> {
  const changed = await db('otp_codes')
    .where({ id })
    .andWhere('attempts', '<', maxAttempts)
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .update({ attempts: db.raw('attempts + 1') });
  return changed === 1;
}

export async function findOtp(db: Runner, id: number): Promise<OtpRow | undefined> {
  const row = (await db('otp_codes').where({ id }).first()) as Raw | undefined;
  return row && toOtp(row);
}

/** Uses the code; false when another request used it first. */
export async function consumeOtp(db: Runner, id: number, now: number): Promise<boolean> {
  const changed = await db('otp_codes').where({ id }).whereNull('used_at').update({ used_at: now });
  return changed === 1;
}
