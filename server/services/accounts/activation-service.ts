// E-mail confirmation: the link from the activation mail makes a not_confirmed account active
// and its profile visible (SPEC.md §4). Links are single use; a member may ask for a new mail
// (a few times an hour), which leaves older links valid until they expire.
import type { i18n as I18n } from 'i18next';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db, Runner } from '../../db.js';
import { ConflictError, RateLimitedError } from '../../errors.js';
import { createLimiter } from '../../lib/rate-limiter.js';
import { findMember } from '../../repos/users-repo.js';
import { activateAccount } from '../../repos/signup-repo.js';
import type { RedisClient } from '../../sessions.js';
import { actionEmail } from '../mail/email-templates.js';
import type { MailService } from '../mail/mail-service.js';
import type { TokensService } from '../tokens/tokens-service.js';

export const ACTIVATION_TTL_MS = 14 * 24 * 3600_000;

/** Who gets the mail and how the site signs it. */
export interface ActivationMail {
  userId: number;
  siteId: number;
  email: string;
  name: string;
  language: string;
  siteName: string;
  supportEmail: string;
  baseUrl: string;
}

export class ActivationService {
  private readonly resends: RateLimiterAbstract;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
    private readonly i18n: I18n,
    redis?: RedisClient,
  ) {
    this.resends = createLimiter(db, redis, { keyPrefix: 'activation_resend', points: 3, durationSeconds: 3600 });
  }

  /** Issues a link and puts the mail in the outbox, inside the caller's transaction. */
  async queueMail(tx: Runner, m: ActivationMail): Promise<void> {
    const content = actionEmail(this.i18n.getFixedT(m.language), {
      template: 'activation', name: m.name, siteName: m.siteName, supportEmail: m.supportEmail, url: await this.newLink(tx, m.userId, m.baseUrl),
    });
    await this.mail.enqueue({ siteId: m.siteId, userId: m.userId, to: m.email, template: 'activation', language: m.language, ...content }, tx);
  }

  /** A fresh activation link (older unused ones stop working), inside the caller's transaction; also for reminder mails. */
  async newLink(tx: Runner, userId: number, baseUrl: string): Promise<string> {
    const token = await this.tokens.issue(userId, 'activation', ACTIVATION_TTL_MS, null, tx);
    return `${baseUrl}/activate?token=${token}`;
  }

  /** A new activation mail for a member who has not confirmed yet; the address they get it at. */
  async resend(userId: number, site: { siteName: string; supportEmail: string; baseUrl: string }): Promise<string> {
    const m = await findMember(this.db, userId);
    if (!m || m.status !== 'not_confirmed') throw new ConflictError('already_confirmed', 'alreadyConfirmed');
    try {
      await this.resends.consume(String(userId));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new RateLimitedError();
      throw err;
    }
    await this.db.transaction((tx) =>
      this.queueMail(tx, { userId, siteId: m.site_id, email: m.email, name: m.profile_name, language: m.language, ...site }),
    );
    void this.mail.deliverDue().catch(() => undefined);
    return m.email;
  }

  /** The activated member's id, or undefined for an unknown, used or expired link. */
  async activate(token: string): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const used = await this.tokens.consume('activation', token, tx);
      if (!used) return undefined;
      await activateAccount(tx, used.userId, Date.now());
      return used.userId;
    });
  }
}
