// Logging in with e-mail and password. Every failure looks the same to the caller, and a wrong
// e-mail costs as much time as a wrong password, so accounts cannot be discovered this way.
import type { Db } from '../../db.js';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { findCredentials, markLoggedIn } from '../../repos/auth-repo.js';

export class LoginFailedError extends AppError {
  constructor() {
    super('login_failed', 401, 'loginFailed');
  }
}

export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly db: Db) {}

  /** The user id for valid credentials; throws LoginFailedError otherwise. */
  async login(siteId: number, email: string, password: string): Promise<number> {
    const user = await findCredentials(this.db, siteId, email.trim().toLowerCase());
    if (!user) {
      this.dummyHash ??= hashPassword('not a real password');
      await verifyPassword(password, await this.dummyHash);
      throw new LoginFailedError();
    }
    const ok = await verifyPassword(password, user.password_hash);
    if (!ok || user.status === 'deleted') throw new LoginFailedError();
    await markLoggedIn(this.db, user.id);
    return user.id;
  }
}
