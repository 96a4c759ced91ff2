// Logging in with e-mail and password. Every failure looks the same to the caller, and a wrong
// e-mail costs as much time and counts as much as a wrong password, so accounts cannot be
// discovered this way. The login limits (login-throttle.ts) take their points before any
// password is hashed. A right password stored the old way (scrypt) is stored again as argon2id.
import type { Db } from '../../db.js';
import { AppError } from '../../errors.js';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.js';
import { findCredentials, markLoggedIn, rehashPassword } from '../../repos/auth-repo.js';
import type { LoginThrottle } from './login-throttle.js';

export class LoginFailedError extends AppError {
  constructor() {
    super('login_failed', 401, 'loginFailed');
  }
}

export interface AuthDeps {
  /** The password check (argon2id, or scrypt for old hashes); tests count its calls. */
  verifyPassword?: (password: string, stored: string) => Promise<boolean>;
}

export class AuthService {
  private dummyHash: Promise<string> | undefined;
  private readonly verify: (password: string, stored: string) => Promise<boolean>;

  constructor(
    private readonly db: Db,
    private readonly throttle: LoginThrottle,
    deps: AuthDeps = {},
  ) {
    this.verify = deps.verifyPassword ?? verifyPassword;
  }

  /**
   * The user id for valid credentials; throws LoginFailedError otherwise, the lockout or address
   * limit (429) when there were too many wrong passwords, or 503 when the limits cannot be counted.
   */
  async login(siteId: number, email: string, password: string, ip: string): Promise<number> {
    const user = await findCredentials(this.db, siteId, email.trim().toLowerCase());
    const attempt = await this.throttle.take({ siteId, email, ip, passwordSetAt: Number(user?.password_changed_at ?? 0) });
    let ok = false;
    if (user) ok = await this.verify(password, user.password_hash);
    else {
      // An unknown e-mail checks a password against an argon2id hash of today's cost, as a member's would.
      this.dummyHash ??= hashPassword('not a real password');
      await this.verify(password, await this.dummyHash);
    }
    if (!user || !ok || user.status === 'deleted') {
      await this.throttle.failed(attempt);
      throw new LoginFailedError();
    }
    await this.throttle.succeeded(attempt);
    // The right password, but the account waits to be deleted: say how to get it back.
    if (user.status === 'pending_deletion') throw new AppError('account_pending_deletion', 403, 'accountPendingDeletion');
    if (needsRehash(user.password_hash)) await rehashPassword(this.db, user.id, user.password_hash, await hashPassword(password));
    await markLoggedIn(this.db, user.id, ip);
    return user.id;
  }

  /** A login through an e-mailed link (password reset, reactivation): recorded like a password login. */
  async linkLogin(userId: number, ip: string, method: 'reset_link' | 'reactivation_link'): Promise<void> {
    await markLoggedIn(this.db, userId, ip, method);
  }
}
