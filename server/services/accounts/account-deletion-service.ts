// Deleting an account (SPEC.md §3, §4): the member gives a reason (and remarks), confirms with the
// password, and the account waits 14 days as pending_deletion, hidden from everyone, with a
// reactivation link by e-mail. `purge()` (cron: `amora accounts purge`) then erases the member
// (account-erasure.ts): personal rows, words and files go, the ledger stays under an anonymous id.
import type { i18n as I18n } from 'i18next';
import type { Db } from '../../db.js';
import { ValidationError } from '../../errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import * as deletionRepo from '../../repos/account-deletion-repo.js';
import { findMember } from '../../repos/users-repo.js';
import { actionEmail } from '../mail/email-templates.js';
import type { MailService } from '../mail/mail-service.js';
import type { AccountErasure } from './account-erasure.js';
import type { TokensService } from '../tokens/tokens-service.js';
import { DELETE_REASONS } from '../../../types/accounts.js';

export const REACTIVATION_DAYS = 14;
/** Live events relayed between processes are read within a second or two; older ones are gone with the member. */
const RELAY_GRACE_MS = 60_000;
const REACTIVATION_MS = REACTIVATION_DAYS * 24 * 3600_000;
const REMARKS_MAX = 1000;

export interface DeletionRequest {
  reason: unknown;
  remarks: unknown;
  password: unknown;
}

export class AccountDeletionService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
    private readonly erasure: AccountErasure,
    private readonly i18n: I18n,
  ) {}

  async requestDeletion(userId: number, input: DeletionRequest, site: { siteName: string; supportEmail: string; baseUrl: string }): Promise<void> {
    const reason = typeof input.reason === 'string' ? input.reason : '';
    const remarks = typeof input.remarks === 'string' ? input.remarks.trim() : '';
    const password = typeof input.password === 'string' ? input.password : '';
    const fields: Record<string, string> = {};
    if (!(DELETE_REASONS as readonly string[]).includes(reason)) fields.reason = 'deleteReasonMissing';
    else if (reason === 'other' && !remarks) fields.remarks = 'deleteRemarksMissing';
    if (remarks.length > REMARKS_MAX) fields.remarks = 'deleteRemarksTooLong';
    const m = await findMember(this.db, userId);
    const row = m ? await this.db('users').where('id', userId).first('password_hash') : undefined;
    if (!row || !(await verifyPassword(password, row.password_hash))) fields.delete_password = 'oldPasswordWrong';
    const keys = Object.values(fields);
    if (keys.length || !m) throw new ValidationError(fields, keys[0] ?? 'invalidInput', { remarks: { max: REMARKS_MAX } });

    await this.db.transaction(async (tx) => {
      const now = Date.now();
      await deletionRepo.markPendingDeletion(tx, userId, { reason, remarks: remarks || null }, now);
      const token = await this.tokens.issue(userId, 'reactivation', REACTIVATION_MS, null, tx);
      const content = actionEmail(this.i18n.getFixedT(m.language), {
        template: 'reactivation', name: m.profile_name, siteName: site.siteName, supportEmail: site.supportEmail,
        url: `${site.baseUrl}/reactivate?token=${token}`, vars: { days: REACTIVATION_DAYS },
      });
      await this.mail.enqueue({ siteId: m.site_id, userId, to: m.email, template: 'reactivation', language: m.language, ...content }, tx);
    });
    void this.mail.deliverDue().catch(() => undefined);
  }

  /**
   * "Delete now" (issue 18.2): the password and a ticked box, then the member is erased at once by
   * the purge's own code, without the 14 days. Throws ValidationError and changes nothing otherwise.
   */
  async deleteNow(userId: number, input: { password: unknown; confirmed: unknown }): Promise<void> {
    const password = typeof input.password === 'string' ? input.password : '';
    const fields: Record<string, string> = {};
    if (input.confirmed !== '1') fields.delete_now_confirm = 'accountData.deleteNowConfirm';
    const m = await findMember(this.db, userId);
    const row = m ? await this.db('users').where('id', userId).first('password_hash') : undefined;
    if (!row || !(await verifyPassword(password, row.password_hash))) fields.delete_now_password = 'oldPasswordWrong';
    const keys = Object.values(fields);
    if (keys.length || !m) throw new ValidationError(fields, keys[0] ?? 'invalidInput');
    const now = Date.now();
    await this.erasure.erase([{ id: userId, profile_id: m.profile_id }], { now, relayBefore: now - RELAY_GRACE_MS });
  }

  /** The member's id when the link is valid and the 14 days have not passed; undefined otherwise. */
  async reactivate(token: string): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const used = await this.tokens.consume('reactivation', token, tx);
      if (!used) return undefined;
      const now = Date.now();
      return (await deletionRepo.reactivate(tx, used.userId, now - REACTIVATION_MS, now)) ? used.userId : undefined;
    });
  }

  /** Erases accounts whose 14 days have passed; a dry run only counts them. Safe to run again. */
  async purge(o: { now?: number; dryRun?: boolean } = {}): Promise<{ accounts: number; photos: number }> {
    const now = o.now ?? Date.now();
    const before = now - REACTIVATION_MS;
    let accounts = 0;
    let photos = 0;
    if (!o.dryRun) await this.erasure.removeQueuedFiles(); // what an interrupted run left behind
    for (;;) {
      const due = await deletionRepo.accountsDueForPurge(this.db, before, 100);
      if (o.dryRun) return { accounts: due.length, photos: 0 };
      if (!due.length) return { accounts, photos };
      photos += (await this.erasure.erase(due, { now, relayBefore: before })).photos;
      accounts += due.length;
    }
  }
}
