// Login limits that cannot be turned against members (DESIGN.md §7, OWASP ASVS 6.1.1; the Ghost and
// Mastodon models). Wrong passwords count three ways, in Redis or else the database, so every app
// process counts together:
// - per account and address pair: the 5th wrong password locks that pair for 15 minutes with the
//   SPEC.md §8 message ('Too many incorrect attempts, account blocked for {minutes} min.'). The
//   member still gets in from any other address, so a stranger cannot lock them out;
// - per address (an IPv6 /64), across accounts: one network guessing at many accounts, with room
//   for the many members behind one office or mobile carrier NAT;
// - per account, across addresses: far more, and it slows the answers down instead of locking, so
//   a guesser with many addresses gets few guesses an hour while the member still gets in.
// The point is taken before the password is hashed (each consume is one atomic step in the store)
// and given back when the password was right, so concurrent guesses never hash more passwords than
// the limits allow. A counter that cannot be reached refuses the login: no password is checked
// without its limiter.
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../../db.js';
import { AppError, RateLimitedError } from '../../errors.js';
import { ServiceUnavailableError } from '../../lib/circuit.js';
import { addressKey } from '../../lib/client-address.js';
import { createLimiter } from '../../lib/rate-limiter.js';
import type { RedisClient } from '../../sessions.js';

export interface LoginLimits {
  /** Wrong passwords for one account from one address: the one that reaches this locks the pair. */
  pairAttempts: number;
  pairWindowSeconds: number;
  /** How long a locked pair stays locked (the {minutes} of the SPEC message). */
  pairBlockSeconds: number;
  /** Wrong passwords from one address, whatever the accounts; the next one is refused. */
  addressAttempts: number;
  addressWindowSeconds: number;
  /** Wrong passwords for one account, from every address, answered without delay. */
  accountSlowAfter: number;
  accountWindowSeconds: number;
  /** The delay after the first one over `accountSlowAfter`; it doubles with each further one… */
  slowDelayMs: number;
  /** …up to this, so a member under attack waits a few seconds at most, and is never locked out. */
  maxSlowDelayMs: number;
}

export const LOGIN_LIMITS: LoginLimits = {
  pairAttempts: 5,
  pairWindowSeconds: 15 * 60,
  pairBlockSeconds: 15 * 60,
  addressAttempts: 100,
  addressWindowSeconds: 3600,
  accountSlowAfter: 20,
  accountWindowSeconds: 3600,
  slowDelayMs: 250,
  maxSlowDelayMs: 3000,
};

/** Who is trying: the account's e-mail on a site, from a client address. */
export interface LoginWho {
  siteId: number;
  email: string;
  ip: string;
  /**
   * When the account's password was last set (0 for none or no account): part of the pair's key,
   * so a password reset starts every pair of the account afresh.
   */
  passwordSetAt: number;
}

/** One attempt's points, taken by take(), settled by failed() or succeeded(). */
export interface LoginAttempt {
  readonly keys: { pair: string; address: string; account: string };
  /** This attempt used the pair's last point: if the password is wrong, the pair locks. */
  readonly lastForPair: boolean;
  /** How long the answer was held back (the account's slowdown). */
  readonly delayMs: number;
}

export class LoginThrottle {
  private readonly limits: LoginLimits;
  private readonly pair: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;

  constructor(
    db: Db,
    redis: RedisClient | undefined,
    limits: Partial<LoginLimits> = {},
    private readonly sleep: (ms: number) => Promise<unknown> = delay,
  ) {
    const l = (this.limits = { ...LOGIN_LIMITS, ...limits });
    this.pair = createLimiter(db, redis, { keyPrefix: 'login_pair', points: l.pairAttempts, durationSeconds: l.pairWindowSeconds, blockSeconds: l.pairBlockSeconds });
    this.address = createLimiter(db, redis, { keyPrefix: 'login_address', points: l.addressAttempts, durationSeconds: l.addressWindowSeconds });
    // Counts only: the account limit slows down and never refuses.
    this.account = createLimiter(db, redis, { keyPrefix: 'login_account', points: 1e9, durationSeconds: l.accountWindowSeconds });
  }

  /**
   * Takes this attempt's points before the password is checked, then holds the answer back while
   * the account is slowed down. Throws the pair's lockout, the address's limit, or a 503 when a
   * counter cannot be reached.
   */
  async take(who: LoginWho): Promise<LoginAttempt> {
    const keys = keysOf(who);
    // The address first: a network over its limit does not use up its members' pair allowances.
    const address = await consume(this.address, keys.address);
    if (!address.allowed) throw new RateLimitedError('tooManyAttemptsFromAddress', { minutes: minutesOf(address.res.msBeforeNext) });
    const pair = await consume(this.pair, keys.pair);
    if (!pair.allowed) throw lockout(pair.res.msBeforeNext);
    const account = await consume(this.account, keys.account);
    const delayMs = this.slowdownFor(account.res.consumedPoints);
    if (delayMs > 0) await this.sleep(delayMs);
    return { keys, lastForPair: pair.res.consumedPoints >= this.limits.pairAttempts, delayMs };
  }

  /** A wrong password: throws the lockout when it was the pair's last allowed one. */
  async failed(attempt: LoginAttempt): Promise<void> {
    if (!attempt.lastForPair) return;
    // Block from now, so the minutes said are the minutes it lasts. Should the store fail here,
    // the pair is still at its limit and refuses until its window ends.
    await this.pair.block(attempt.keys.pair, this.limits.pairBlockSeconds).catch(() => undefined);
    throw lockout(this.limits.pairBlockSeconds * 1000);
  }

  /** The right password: the pair starts afresh; the address and account get their point back. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    // Best effort: the counts expire by themselves, and a member who got in is not turned away
    // because a counter could not be lowered.
    await Promise.allSettled([this.pair.delete(attempt.keys.pair), this.address.reward(attempt.keys.address, 1), this.account.reward(attempt.keys.account, 1)]);
  }

  /** 0 up to `accountSlowAfter` wrong passwords, then slowDelayMs doubling up to maxSlowDelayMs. */
  private slowdownFor(consumed: number): number {
    const over = consumed - this.limits.accountSlowAfter;
    if (over <= 0) return 0;
    return Math.min(this.limits.maxSlowDelayMs, this.limits.slowDelayMs * 2 ** Math.min(over - 1, 30));
  }
}

/**
 * The counters' keys, hashed: the store then holds no e-mail or IP address (nothing to erase), and
 * a key never outgrows the rate_limits column (191).
 */
function keysOf(who: LoginWho): LoginAttempt['keys'] {
  const email = who.email.trim().toLowerCase();
  const address = addressKey(who.ip);
  const digest = (...parts: (string | number)[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');
  return {
    pair: digest(who.siteId, email, who.passwordSetAt, address),
    address: digest(address),
    account: digest(who.siteId, email),
  };
}

/** Takes a point: allowed, or refused. Anything else (the store down or too slow) fails closed: a 503. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<{ allowed: boolean; res: RateLimiterRes }> {
  try {
    return { allowed: true, res: await limiter.consume(key) };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { allowed: false, res: err };
    if (err instanceof AppError) throw err;
    throw Object.assign(new ServiceUnavailableError('login limits'), { cause: err });
  }
}

function minutesOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

function lockout(ms: number): RateLimitedError {
  return new RateLimitedError('tooManyAttempts', { minutes: minutesOf(ms) });
}
