// Logging in with e-mail and password. Every failure looks the same to the caller, and a wrong
// e-mail costs as much time as a wrong password, so accounts cannot be discovered this way.
import type { Db } from '../../db.js';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { findCredentials, markLoggedIn } from '../../repos/auth-repo.js';
import type { LoginThrottle } from './login-throttle.js';

export class LoginFailedError extends AppError {
  constructor() {
    super('login_failed', 401, 'loginFailed');
  }
}

export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * The user id for valid credentials; throws LoginFailedError otherwise, or the lockout error
   * when the account or the client address has had too many wrong passwords.
   */
  async login(siteId: number, email: string, password: string, ip: string): Promise<number> {
    await this.throttle.assertAllowed(siteId, email, ip);
    const user = await findCredentials(this.db, siteId, email.trim().toLowerCase());
    let ok = false;
    if (user) ok = await verifyPassword(password, user.password_hash);
    else {
      this.dummyHash ??= hashPassword('not a real password');
      await verifyPassword(password, await this.dummyHash);
    }
    if (!user || !ok || user.status === 'deleted') {
      await this.throttle.recordFailure(siteId, email, ip);
      throw new LoginFailedError();
    }
    await this.throttle.recordSuccess(siteId, email);
    // The right password, but the account waits to be deleted: say how to get it back.
    if (user.status === 'pending_deletion') throw new AppError('account_pending_deletion', 403, 'accountPendingDeletion');
    await markLoggedIn(this.db, user.id);
    return user.id;
  }
}
