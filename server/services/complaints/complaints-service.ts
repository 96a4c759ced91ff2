// Complaints (issue 16.7): the form on /complaints stores one, acknowledges it by mail in the
// sender's language with a reference number, and operators list and resolve them with
// `amora complaints`. Members write with their account's address; visitors give one.
import { randomBytes } from 'node:crypto';
import type { i18n as I18n } from 'i18next';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { z } from 'zod';
import {
  COMPLAINT_MAX_LENGTH, COMPLAINT_MIN_LENGTH, COMPLAINT_SUBJECTS, type ComplaintAbout, type ComplaintRow, type ComplaintStatus,
} from '../../../types/complaints.js';
import type { Db } from '../../db.js';
import { AppError, NotFoundError, RateLimitedError, ValidationError } from '../../errors.js';
import { createLimiter } from '../../lib/rate-limiter.js';
import { insertAuditEntry } from '../../repos/audit-log-repo.js';
import * as repo from '../../repos/complaints-repo.js';
import type { RedisClient } from '../../sessions.js';
import { actionEmail } from '../mail/email-templates.js';
import type { MailService } from '../mail/mail-service.js';

/** Complaints one sender (member, or visitor's address) may send per hour, and one network address. */
export const COMPLAINTS_PER_SENDER_HOUR = 3;
export const COMPLAINTS_PER_ADDRESS_HOUR = 20;
/** Without 0/O and 1/I, so a reference read out on the phone is unambiguous. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface ComplaintInput {
  siteId: number;
  siteName: string;
  supportEmail: string;
  baseUrl: string;
  /** The member writing, or null for a visitor. */
  userId: number | null;
  /** The page's language: a visitor's acknowledgement is in it. */
  language: string;
  ip: string;
  subject: string;
  message: string;
  /** A visitor's address (members' comes from their account). */
  email?: string;
  /** Already checked by the caller to be visible to the sender. */
  aboutProfileId?: number | null;
  /** A payment's public id; kept only when it is the member's own. */
  aboutPayment?: string | null;
}

export function newReference(): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export class ComplaintsService {
  private readonly perSender: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;

  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly i18n: I18n,
    redis: RedisClient | undefined,
  ) {
    this.perSender = createLimiter(db, redis, { keyPrefix: 'complaint_sender', points: COMPLAINTS_PER_SENDER_HOUR, durationSeconds: 3600 });
    this.perAddress = createLimiter(db, redis, { keyPrefix: 'complaint_address', points: COMPLAINTS_PER_ADDRESS_HOUR, durationSeconds: 3600 });
  }

  /** One of the member's own payments as the form shows it; undefined for anyone else's or none. */
  async paymentAbout(userId: number, ref: string): Promise<Extract<ComplaintAbout, { kind: 'payment' }> | undefined> {
    if (!/^[a-f0-9]{8,32}$/.test(ref)) return undefined;
    const p = await repo.ownPayment(this.db, userId, ref);
    return p && { kind: 'payment', paymentRef: p.publicId, credits: p.credits, amountCents: p.amountCents, currency: p.currency, createdAt: p.createdAt };
  }

  /** Validates, rate-limits, stores and acknowledges a complaint; returns its reference number. */
  async submit(input: ComplaintInput): Promise<{ id: number; reference: string }> {
    const fields: Record<string, string> = {};
    const params: Record<string, Record<string, number>> = {};
    const subject = (COMPLAINT_SUBJECTS as readonly string[]).includes(input.subject) ? input.subject : undefined;
    if (!subject) fields.subject = 'subjectRequired';
    const message = input.message.trim();
    if (message.length < COMPLAINT_MIN_LENGTH) {
      fields.message = 'messageTooShort';
      params.message = { min: COMPLAINT_MIN_LENGTH };
    } else if (message.length > COMPLAINT_MAX_LENGTH) {
      fields.message = 'messageTooLong';
      params.message = { max: COMPLAINT_MAX_LENGTH };
    }
    const sender = input.userId === null ? undefined : await repo.senderOf(this.db, input.userId);
    const email = sender?.email ?? (input.email ?? '').trim().toLowerCase();
    if (!sender && (email.length > 191 || !z.email().safeParse(email).success)) fields.email = 'emailInvalid';
    if (Object.keys(fields).length) throw new ValidationError(fields, Object.values(fields)[0], params);

    const payment = input.userId !== null && input.aboutPayment ? await this.paymentAbout(input.userId, input.aboutPayment) : undefined;
    try {
      await Promise.all([
        this.perSender.consume(input.userId !== null ? `u:${input.userId}` : `e:${input.siteId}:${email}`),
        this.perAddress.consume(input.ip || 'unknown'),
      ]);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new RateLimitedError();
      throw err;
    }
    const language = sender?.language ?? input.language;
    const name = sender?.name ?? '';
    const reference = newReference();
    const id = await this.db.transaction(async (tx) => {
      const complaintId = await repo.insertComplaint(tx, {
        reference, siteId: input.siteId, userId: input.userId, name, email, subject: subject!, body: message,
        aboutProfileId: subject === 'profile' ? (input.aboutProfileId ?? null) : null,
        aboutPayment: subject === 'payment' ? (payment?.paymentRef ?? null) : null,
        language,
      }, Date.now());
      const t = this.i18n.getFixedT(language);
      const content = actionEmail(t, {
        template: 'complaintReceived',
        name: name || email,
        siteName: input.siteName,
        supportEmail: input.supportEmail,
        url: `${input.baseUrl}/complaints`,
        vars: { reference, subject: t(`pages:complaintForm.subjects.${subject}`) },
      });
      await this.mail.enqueue({ siteId: input.siteId, userId: input.userId, to: email, template: 'complaintReceived', language, ...content }, tx);
      return complaintId;
    });
    void this.mail.deliverDue().catch(() => undefined);
    return { id, reference };
  }

  async list(o: { status?: ComplaintStatus; since?: number; limit?: number } = {}): Promise<ComplaintRow[]> {
    return repo.listComplaints(this.db, { ...o, limit: o.limit ?? 200 });
  }

  /** Marks an open complaint resolved (with the operator's note); a dry run only checks. */
  async resolve(id: number, o: { note?: string; dryRun?: boolean; actor?: string } = {}): Promise<ComplaintRow> {
    const row = await repo.findComplaint(this.db, id);
    if (!row) throw new NotFoundError('complaint_not_found', 'notFound');
    if (row.status === 'resolved') throw new AppError('complaint_resolved', 409, 'conflict');
    const note = o.note?.trim().slice(0, 1000) || null;
    if (o.dryRun) return row;
    const now = Date.now();
    await this.db.transaction(async (tx) => {
      if (!(await repo.resolveComplaint(tx, id, note, now))) throw new AppError('complaint_resolved', 409, 'conflict');
      // The note stays in the complaint (erased with it), not in the audit log.
      await insertAuditEntry(tx, { actor: o.actor ?? 'system', action: 'complaint.resolve', subject: `complaint:${id}` }, now);
    });
    return { ...row, status: 'resolved', resolvedAt: now, resolutionNote: note };
  }
}
