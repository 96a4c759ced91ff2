// Six-digit one-time codes sent by SMS (the direct-debit confirmation): valid for minutes, a few
// tries, single use. Tries and use are booked with guarded updates (otp-repo), so parallel guesses
// can neither exceed the tries nor use a code twice.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Runner } from '../../db.js';
import { consumeOtp, countOtpAttempt, findOtp, insertOtp, latestOtp, retireOtps, type OtpRow } from '../../repos/otp-repo.js';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_TRIES = 5;

export type OtpCheck =
  /** The right code; the try is booked, the code is not used yet (consume() does that). */
  | { result: 'valid'; otpId: number }
  | { result: 'wrong'; triesLeft: number }
  /** None sent, expired, out of tries, or replaced by a newer code. */
  | { result: 'unusable' }
  /** Already used; `matches` when this is that code, still within its validity (a form sent twice). */
  | { result: 'used'; matches: boolean };

/**
 * Only a hash is stored, bound to the member, purpose and reference. A million possible codes cannot
 * be hidden from someone holding the database, so the hash keeps codes out of dumps and logs; what
 * protects a code is its ten minutes and its five tries.
 */
const hashOf = (userId: number, purpose: string, reference: string, code: string) =>
  createHash('sha256').update(`${userId}:${purpose}:${reference}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class OtpCodes {
  constructor(private readonly db: Runner) {}

  /** A new code for `reference`; the member's earlier unused codes of this purpose stop working. */
  async issue(tx: Runner, o: { userId: number; purpose: string; reference: string }): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = Date.now();
    await retireOtps(tx, o.userId, o.purpose, now);
    await insertOtp(tx, { ...o, codeHash: hashOf(o.userId, o.purpose, o.reference, code), expiresAt: now + OTP_TTL_MS }, now);
    return code;
  }

  /** Checks a well-formed code (6 digits), booking a try unless the code cannot be used anyway. */
  async verify(o: { userId: number; purpose: string; reference: string; code: string }): Promise<OtpCheck> {
    const row = await latestOtp(this.db, o.userId, o.purpose, o.reference);
    if (!row) return { result: 'unusable' };
    const hash = hashOf(o.userId, o.purpose, o.reference, o.code);
    const now = Date.now();
    if (row.usedAt !== null) return usedCheck(row, hash, now);
    if (!(await countOtpAttempt(this.db, row.id, OTP_MAX_TRIES, now))) {
      // Another request may have used the code a moment ago (a double submit): say so.
      const again = await findOtp(this.db, row.id);
      return again?.usedAt != null ? usedCheck(again, hash, now) : { result: 'unusable' };
    }
    if (sameHash(row.codeHash, hash)) return { result: 'valid', otpId: row.id };
    const booked = await findOtp(this.db, row.id);
    return { result: 'wrong', triesLeft: Math.max(OTP_MAX_TRIES - (booked?.attempts ?? OTP_MAX_TRIES), 0) };
  }

  /** Uses a verified code inside the caller's transaction; false when a parallel request used it first. */
  consume(tx: Runner, otpId: number): Promise<boolean> {
    return consumeOtp(tx, otpId, Date.now());
  }

  /** When the newest code for `reference` was sent (for the resend pause). */
  async lastSentAt(userId: number, purpose: string, reference: string): Promise<number | undefined> {
    return (await latestOtp(this.db, userId, purpose, reference))?.createdAt;
  }
}

function usedCheck(row: OtpRow, hash: string, now: number): OtpCheck {
  return { result: 'used', matches: row.expiresAt > now && sameHash(row.codeHash, hash) };
}
