// What a member changes on the settings page: invisible mode and password (language: MembersService).
import type { Db } from '../../db.js';
import { AppError, ValidationError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { updatePassword } from '../../repos/auth-repo.js';
import { passwordProblem } from './password-policy.js';

export class AccountSettingsService {
  constructor(private readonly db: Db) {}

  /** Invisible members are hidden from search and profile views; their chats go on. */
  async setInvisible(userId: number, invisible: boolean): Promise<void> {
    const now = Date.now();
    await this.db.transaction(async (tx) => {
      const user = await tx('users').where({ id: userId }).first('status');
      await tx('users').where({ id: userId }).update({ invisible, updated_at: now });
      const visibleStatus = user?.status === 'active' ? 'active' : 'disabled';
      await tx('profiles').where({ user_id: userId }).update({ status: invisible ? 'hidden' : visibleStatus, updated_at: now });
    });
  }

  /** Needs the current password; the member's other sessions end (see MembersService). */
  async changePassword(userId: number, o: { current: string; password: string; confirm: string }): Promise<number> {
    const row = await this.db('users').where({ id: userId }).first('password_hash', 'email');
    if (!row || !(await verifyPassword(o.current, row.password_hash))) {
      throw new ValidationError({ current_password: 'oldPasswordWrong' }, 'oldPasswordWrong');
    }
    if (o.password !== o.confirm) throw new ValidationError({ password_confirm: 'passwordsDiffer' }, 'passwordsDiffer');
    const problem = passwordProblem(o.password, { email: row.email });
    if (problem) throw new ValidationError({ password: problem }, problem);
    if (o.password === o.current) throw new AppError('password_unchanged', 400, 'passwordUnchanged');
    const now = Date.now();
    await updatePassword(this.db, userId, await hashPassword(o.password), now);
    return now;
  }
}
