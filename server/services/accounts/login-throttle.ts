// Login lockout (SPEC.md §8: 'Too many incorrect attempts, account blocked for {minutes} min.'),
// counted per account and per client address in Redis or in the database, so that every app
// process sees the same counts. Counting is rate-limiter-flexible's job; this decides the policy.
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../../db.js';
import { RateLimitedError } from '../../errors.js';
import { createLimiter } from '../../lib/rate-limiter.js';
import type { RedisClient } from '../../sessions.js';

export const LOCKOUT = {
  /** The wrong password that blocks an account: the 5th within the window. */
  accountAttempts: 5,
  /** The wrong password that blocks a client address, whatever the accounts tried. */
  addressAttempts: 30,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
};

export class LoginThrottle {
  private readonly account: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;

  constructor(db: Db, redis: RedisClient | undefined) {
    // The limiter refuses the consume after `points`; that refused one is the blocking attempt.
    const make = (keyPrefix: string, attempts: number) =>
      createLimiter(db, redis, { keyPrefix, points: attempts - 1, durationSeconds: LOCKOUT.windowSeconds, blockSeconds: LOCKOUT.blockSeconds });
    this.account = make('login_account', LOCKOUT.accountAttempts);
    this.address = make('login_address', LOCKOUT.addressAttempts);
  }

  private static accountKey(siteId: number, email: string) {
    return `${siteId}:${email.trim().toLowerCase()}`;
  }

  /** Throws the lockout error while either the account or the address is blocked. */
  async assertAllowed(siteId: number, email: string, ip: string): Promise<void> {
    const [acct, addr] = await Promise.all([this.account.get(LoginThrottle.accountKey(siteId, email)), this.address.get(ip)]);
    const blockedMs = Math.max(blockedFor(acct, LOCKOUT.accountAttempts), blockedFor(addr, LOCKOUT.addressAttempts));
    if (blockedMs > 0) throw lockoutError(blockedMs);
  }

  /** Counts a wrong password; throws the lockout error when this attempt used up the allowance. */
  async recordFailure(siteId: number, email: string, ip: string): Promise<void> {
    const results = await Promise.allSettled([this.account.consume(LoginThrottle.accountKey(siteId, email)), this.address.consume(ip)]);
    const blocked = results
      .map((r) => (r.status === 'rejected' && r.reason instanceof RateLimiterRes ? r.reason.msBeforeNext : 0))
      .reduce((a, b) => Math.max(a, b), 0);
    const failure = results.find((r) => r.status === 'rejected' && !(r.reason instanceof RateLimiterRes));
    if (failure && failure.status === 'rejected') throw failure.reason;
    if (blocked > 0) throw lockoutError(blocked);
  }

  /** A successful login clears the account's count (not the address's). */
  async recordSuccess(siteId: number, email: string): Promise<void> {
    await this.account.delete(LoginThrottle.accountKey(siteId, email));
  }
}

function blockedFor(res: RateLimiterRes | null, attempts: number): number {
  return res && res.consumedPoints >= attempts ? res.msBeforeNext : 0;
}

function lockoutError(ms: number): RateLimitedError {
  return new RateLimitedError('tooManyAttempts', { minutes: Math.max(1, Math.ceil(ms / 60_000)) });
}
