// What a member changes on the settings page: invisible mode and password (language: MembersService).
import type { i18n as I18n } from 'i18next';
import { z } from 'zod';
import type { Db } from '../../db.js';
import { AppError, ValidationError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { updatePassword } from '../../repos/auth-repo.js';
import * as suppressionsRepo from '../../repos/suppressions-repo.js';
import { actionEmail } from '../mail/email-templates.js';
import type { MailService } from '../mail/mail-service.js';
import type { TokensService } from '../tokens/tokens-service.js';
import { passwordProblem } from './password-policy.js';

export const MAIL_CHANGE_TTL_MS = 24 * 3600_000;

export class AccountSettingsService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
    private readonly i18n: I18n,
  ) {}

  /**
   * Sends a confirmation link to the new address; the address changes only when that link is
   * opened (SPEC.md §5's 'New email adress is invalid.' and 'This email address already owns an
   * account on this website.').
   */
  async requestEmailChange(userId: number, o: { email: string; password: string; siteName: string; supportEmail: string; baseUrl: string }): Promise<string> {
    const email = o.email.trim().toLowerCase();
    if (!z.email().safeParse(email).success || email.length > 191) throw new ValidationError({ new_email: 'newEmailInvalid' }, 'newEmailInvalid');
    const user = await this.db({ u: 'users' }).join({ p: 'profiles' }, 'p.user_id', 'u.id').where('u.id', userId).first('u.site_id', 'u.password_hash', 'u.language', 'p.name');
    if (!user || !(await verifyPassword(o.password, user.password_hash))) {
      throw new ValidationError({ email_password: 'oldPasswordWrong' }, 'oldPasswordWrong');
    }
    if (await this.db('users').where({ site_id: user.site_id, email }).first('id')) {
      throw new ValidationError({ new_email: 'emailOwned' }, 'emailOwned');
    }
    const token = await this.tokens.issue(userId, 'mail_change', MAIL_CHANGE_TTL_MS, { email });
    const content = actionEmail(this.i18n.getFixedT(user.language), {
      template: 'mailChange', name: user.name, siteName: o.siteName, supportEmail: o.supportEmail,
      url: `${o.baseUrl}/mail-change/do?token=${token}`, vars: { email },
    });
    await this.mail.enqueue({ siteId: user.site_id, userId, to: email, template: 'mailChange', language: user.language, ...content });
    void this.mail.deliverDue().catch(() => undefined);
    return email;
  }

  /**
   * Sends the e-mail change link to the member's current address (/notifications, after a bounce):
   * opening it proves the address receives mail, which lifts its bounce suppression. It goes out
   * although the address is suppressed: it is transactional mail.
   */
  async requestAddressConfirmation(userId: number, o: { siteName: string; supportEmail: string; baseUrl: string }): Promise<string> {
    const user = await this.db({ u: 'users' }).join({ p: 'profiles' }, 'p.user_id', 'u.id').where('u.id', userId).first('u.site_id', 'u.email', 'u.language', 'p.name');
    if (!user) throw new AppError('not_found', 404, 'notFound');
    const email = String(user.email);
    const token = await this.tokens.issue(userId, 'mail_change', MAIL_CHANGE_TTL_MS, { email });
    const content = actionEmail(this.i18n.getFixedT(user.language), {
      template: 'mailChange', name: user.name, siteName: o.siteName, supportEmail: o.supportEmail,
      url: `${o.baseUrl}/mail-change/do?token=${token}`, vars: { email },
    });
    await this.mail.enqueue({ siteId: user.site_id, userId, to: email, template: 'mailChange', language: user.language, ...content });
    void this.mail.deliverDue().catch(() => undefined);
    return email;
  }

  /**
   * Applies a confirmed e-mail change; undefined when the link is unusable or the address got taken.
   * The opened link proves the address receives mail, so a bounce recorded for it no longer holds.
   */
  async confirmEmailChange(token: string): Promise<number | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const used = await this.tokens.consume('mail_change', token, tx);
        const email = (used?.payload as { email?: string } | null)?.email;
        if (!used || !email) return undefined;
        await tx('users').where({ id: used.userId }).update({ email, updated_at: Date.now() });
        await suppressionsRepo.remove(tx, email, 'bounce');
        return used.userId;
      });
    } catch (err) {
      // Someone took the address since the link was sent: the unique index refuses it.
      if (String((err as { code?: string }).code).match(/ER_DUP_ENTRY|SQLITE_CONSTRAINT/)) return undefined;
      throw err;
    }
  }

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
