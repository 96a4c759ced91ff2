// Password reset by e-mail (SPEC.md §5, §8): a single-use link valid for two hours; setting the
// new password ends every other session of the member.
import type { i18n as I18n } from 'i18next';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../../db.js';
import { AppError, RateLimitedError, ValidationError } from '../../errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { createLimiter } from '../../lib/rate-limiter.js';
import { findAccountByEmail, findEmailOf, updatePassword } from '../../repos/auth-repo.js';
import type { RedisClient } from '../../sessions.js';
import { actionEmail } from '../mail/email-templates.js';
import type { MailService } from '../mail/mail-service.js';
import type { TokensService } from '../tokens/tokens-service.js';
import { passwordProblem } from './password-policy.js';

export const RESET_TTL_MS = 2 * 3600_000;

export class PasswordResetService {
  private readonly perAddress: RateLimiterAbstract;
  private readonly perAccount: RateLimiterAbstract;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
    private readonly i18n: I18n,
    redis: RedisClient | undefined,
  ) {
    this.perAccount = createLimiter(db, redis, { keyPrefix: 'reset_account', points: 5, durationSeconds: 3600 });
    this.perAddress = createLimiter(db, redis, { keyPrefix: 'reset_address', points: 20, durationSeconds: 3600 });
  }

  /** Sends the reset link; 'E-mail address not found' when no account on this site has it. */
  async request(o: { siteId: number; siteName: string; supportEmail: string; email: string; ip: string; baseUrl: string }): Promise<void> {
    const email = o.email.trim().toLowerCase();
    try {
      await Promise.all([this.perAccount.consume(`${o.siteId}:${email}`), this.perAddress.consume(o.ip)]);
    } catch (err) {
      // The limiter rejects with a RateLimiterRes when the limit is reached; anything else is a fault.
      if (err instanceof RateLimiterRes) throw new RateLimitedError();
      throw err;
    }
    const account = await findAccountByEmail(this.db, o.siteId, email);
    if (!account || account.status === 'deleted') throw new AppError('email_not_found', 404, 'emailNotFound');
    const token = await this.tokens.issue(account.id, 'password_reset', RESET_TTL_MS);
    const t = this.i18n.getFixedT(account.language);
    const content = actionEmail(t, {
      template: 'passwordReset',
      name: account.name,
      siteName: o.siteName,
      supportEmail: o.supportEmail,
      url: `${o.baseUrl}/reset-password/do?token=${token}`,
      vars: { hours: RESET_TTL_MS / 3600_000 },
    });
    await this.mail.enqueue({ siteId: o.siteId, userId: account.id, to: email, template: 'passwordReset', language: account.language, ...content });
    void this.mail.deliverDue().catch(() => undefined);
  }

  /** Whether a link still works (to show the form or the 'expired' message). */
  async isValid(token: string): Promise<boolean> {
    return Boolean(await this.tokens.peek('password_reset', token));
  }

  /** Sets the new password; returns the member's id. */
  async reset(o: { token: string; password: string; confirm: string }): Promise<number> {
    if (o.password !== o.confirm) throw new ValidationError({ password_confirm: 'passwordsDiffer' }, 'passwordsDiffer');
    const owner = await this.tokens.peek('password_reset', o.token);
    if (!owner) throw new AppError('reset_link_invalid', 400, 'resetLinkInvalid');
    const problem = passwordProblem(o.password, { email: await findEmailOf(this.db, owner.userId) });
    if (problem) throw new ValidationError({ password: problem }, problem);
    const hash = await hashPassword(o.password);
    return this.db.transaction(async (tx) => {
      const used = await this.tokens.consume('password_reset', o.token, tx);
      if (!used) throw new AppError('reset_link_invalid', 400, 'resetLinkInvalid');
      await updatePassword(tx, used.userId, hash, Date.now());
      return used.userId;
    });
  }
}
