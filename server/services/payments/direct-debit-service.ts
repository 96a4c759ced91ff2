// Paying a bundle by SEPA direct debit (/directdebit): the member enters account and address, we
// store a pending mandate and text a six-digit code to the phone; the right code activates the
// mandate and starts the payment (PaymentsService), with the member's discount code when the code
// allows direct debit (its payment methods; priced by pricing.ts like any checkout). Members
// blocked for direct debit (after a chargeback, or by an operator) and members over the limits
// below get other methods instead.
import { randomInt } from 'node:crypto';
import type { i18n as I18n } from 'i18next';
import type { Logger } from 'pino';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../../db.js';
import { AppError, ForbiddenError, NotFoundError, RateLimitedError } from '../../errors.js';
import { retryOnDeadlock } from '../../lib/db-errors.js';
import { createLimiter } from '../../lib/rate-limiter.js';
import { insertAuditEntry } from '../../repos/audit-log-repo.js';
import * as repo from '../../repos/direct-debit-repo.js';
import type { RedisClient } from '../../sessions.js';
import type { DirectDebitCodeStep, DirectDebitFormValues } from '../../../types/direct-debit.js';
import type { PaymentMethod } from '../../../types/payments.js';
import { maskPhone, SmsDeliveryError, type SmsSender } from '../sms/sms-sender.js';
import { OTP_TTL_MS, OtpCodes } from '../tokens/otp-codes.js';
import type { BundleOffer, BundlesService } from './bundles-service.js';
import { maskIban, parseMandateForm } from './direct-debit-fields.js';
import type { StartPaymentInput, StartPaymentResult } from './payments-service.js';

/**
 * Per member. Direct debit is paid before the bank has collected (and may still reverse it), so
 * it is kept to small sums: at most 2 direct debits not yet settled by the bank, and at most €250
 * (25,000 minor units of the bundle's currency; direct debit is offered in euro countries only)
 * over the last 30 days, failed ones not counted.
 */
export const DIRECT_DEBIT_LIMITS = { maxUnsettled: 2, maxAmountCents: 25_000, windowDays: 30 } as const;
/** A new code may be asked for a minute after the last one; at most 6 SMS per member per hour. */
export const RESEND_PAUSE_MS = 60_000;
const SMS_PER_HOUR = 6;
const PURPOSE = 'direct_debit';

export type DirectDebitAvailability = 'available' | 'blocked' | 'limit';

/** Who is paying, as the routes know it. */
export interface DirectDebitPayer {
  userId: number;
  siteId: number;
  siteName: string;
  lng: string;
  country: string;
}

/** What the service needs of PaymentsService (an interface, so unit tests can stand in for it). */
export interface DirectDebitPayments {
  methodsFor(country: string, offer: BundleOffer): Promise<PaymentMethod[]>;
  start(input: StartPaymentInput): Promise<StartPaymentResult>;
}

/** A code that was not accepted; `triesLeft` after a wrong one. */
export class OtpRejectedError extends AppError {
  constructor(code: 'otp_invalid' | 'otp_expired', messageKey: string, readonly triesLeft?: number) {
    super(code, 400, messageKey, {}, { otp: messageKey });
  }
}

/** SEPA allows 35 characters A-Z 0-9 and a few signs; ours are "AMR-" and 12 unambiguous ones (60 bits). */
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newMandateReference = () => `AMR-${Array.from({ length: 12 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('')}`;

export class DirectDebitService {
  private readonly codes: OtpCodes;
  private readonly smsPerMember: RateLimiterAbstract;

  constructor(private readonly deps: {
    db: Db;
    sms: SmsSender;
    payments: DirectDebitPayments;
    bundles: BundlesService;
    i18n: I18n;
    logger: Logger;
    redis: RedisClient | undefined;
  }) {
    this.codes = new OtpCodes(deps.db);
    this.smsPerMember = createLimiter(deps.db, deps.redis, { keyPrefix: 'dd_sms', points: SMS_PER_HOUR, durationSeconds: 3600 });
  }

  /** The bundle as offered in the member's country, when direct debit is a method there; else 404. */
  async offer(siteId: number, country: string, bundleId: number, messageCredits: number): Promise<BundleOffer> {
    const offer = (await this.deps.bundles.forCountry(siteId, country, messageCredits)).find((b) => b.id === bundleId);
    if (!offer || !(await this.deps.payments.methodsFor(country, offer)).includes('sdd')) throw new NotFoundError('bundle_not_found');
    return offer;
  }

  async availability(userId: number, offer: BundleOffer): Promise<DirectDebitAvailability> {
    const member = await repo.findDirectDebitMember(this.deps.db, userId);
    if (!member || member.blockedAt !== null) return 'blocked';
    const since = Date.now() - DIRECT_DEBIT_LIMITS.windowDays * 86_400_000;
    const used = await repo.directDebitUsage(this.deps.db, userId, offer.currency, since);
    const overLimit = used.unsettled >= DIRECT_DEBIT_LIMITS.maxUnsettled || used.amountCents + offer.priceCents > DIRECT_DEBIT_LIMITS.maxAmountCents;
    return overLimit ? 'limit' : 'available';
  }

  /** The form as the member filled it last time; the IBAN is typed again, never shown back. */
  async prefill(userId: number): Promise<DirectDebitFormValues> {
    const last = await repo.lastMandate(this.deps.db, userId);
    return {
      account_holder: last?.accountHolder ?? '', iban: '', street: last?.street ?? '', house_number: last?.houseNumber ?? '',
      zip: last?.zip ?? '', city: last?.city ?? '', phone: last?.phone ?? '',
    };
  }

  /** Stores a pending mandate and texts its code; returns the mandate reference for the code step. */
  async request(payer: DirectDebitPayer, offer: BundleOffer, body: Record<string, unknown>): Promise<string> {
    await this.assertAvailable(payer.userId, offer);
    const fields = parseMandateForm(body, payer.country);
    await this.spendSms(payer.userId);
    const reference = newMandateReference();
    const now = Date.now();
    const code = await retryOnDeadlock(() =>
      this.deps.db.transaction(async (tx) => {
        const id = await repo.insertMandate(tx, payer.userId, reference, fields, now);
        return this.codes.issue(tx, { userId: payer.userId, purpose: PURPOSE, reference: String(id) });
      }),
    );
    await this.sendCode(payer, fields.phone, code);
    return reference;
  }

  /** What the code step shows about a mandate of this member; 404 for anybody else's. */
  async codeStep(userId: number, reference: string): Promise<DirectDebitCodeStep> {
    const mandate = await this.mandateOf(userId, reference);
    return {
      reference: mandate.reference,
      status: mandate.status,
      phone: maskPhone(mandate.phone),
      accountHolder: mandate.accountHolder,
      iban: maskIban(mandate.iban),
      paymentId: mandate.status === 'active' ? ((await repo.paymentOfMandate(this.deps.db, mandate.id)) ?? null) : null,
    };
  }

  /**
   * The code activates the mandate and starts its payment. The payment's idempotency key is the
   * mandate's, so one mandate pays once: a form sent twice (or again after a failed start) leads
   * to the same payment.
   */
  async confirm(
    payer: DirectDebitPayer & { baseUrl: string }, offer: BundleOffer, reference: string, rawCode: string,
    /** A discount code the member entered for this purchase: priced and reserved by PaymentsService like any checkout's. */
    discount: { code?: string; ip?: string } = {},
  ): Promise<StartPaymentResult> {
    const mandate = await this.mandateOf(payer.userId, reference);
    const code = rawCode.replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) throw new OtpRejectedError('otp_invalid', 'ddCodeFormat');
    const otpRef = String(mandate.id);
    if (mandate.status === 'pending') {
      await this.assertAvailable(payer.userId, offer);
      const check = await this.codes.verify({ userId: payer.userId, purpose: PURPOSE, reference: otpRef, code });
      if (check.result === 'wrong') throw new OtpRejectedError('otp_invalid', check.triesLeft > 0 ? 'ddCodeInvalid' : 'ddCodeBurnt', check.triesLeft);
      if (check.result === 'unusable') throw new OtpRejectedError('otp_expired', 'ddCodeExpired');
      if (check.result === 'used' && !check.matches) throw new OtpRejectedError('otp_invalid', 'ddCodeInvalid');
      if (check.result === 'valid') {
        await retryOnDeadlock(() =>
          this.deps.db.transaction(async (tx) => {
            // Losing the race to a parallel submit of the same code is fine: that one activated it.
            if (await this.codes.consume(tx, check.otpId)) await repo.activateMandate(tx, mandate.id, Date.now());
          }),
        );
      }
    } else if (mandate.status === 'active') {
      const check = await this.codes.verify({ userId: payer.userId, purpose: PURPOSE, reference: otpRef, code });
      if (check.result !== 'used' || !check.matches) throw new OtpRejectedError('otp_invalid', 'ddCodeInvalid');
    } else {
      throw new ForbiddenError('direct_debit_blocked', 'ddBlocked');
    }
    return this.startPayment(payer, offer, mandate, discount);
  }

  /** Texts a new code for a pending mandate, a minute after the last one at the earliest. */
  async resend(payer: DirectDebitPayer, reference: string): Promise<void> {
    const mandate = await this.mandateOf(payer.userId, reference);
    // Confirmed already (a resend from a stale page): nothing to send; the code step leads to the payment.
    if (mandate.status === 'active') return;
    if (mandate.status !== 'pending') throw new ForbiddenError('direct_debit_blocked', 'ddBlocked');
    if ((await repo.findDirectDebitMember(this.deps.db, payer.userId))?.blockedAt != null) throw new ForbiddenError('direct_debit_blocked', 'ddBlocked');
    const last = await this.codes.lastSentAt(payer.userId, PURPOSE, String(mandate.id));
    const wait = last === undefined ? 0 : last + RESEND_PAUSE_MS - Date.now();
    if (wait > 0) throw new RateLimitedError('ddResendWait', { seconds: Math.ceil(wait / 1000) });
    await this.spendSms(payer.userId);
    const code = await this.codes.issue(this.deps.db, { userId: payer.userId, purpose: PURPOSE, reference: String(mandate.id) });
    await this.sendCode(payer, mandate.phone, code);
  }

  /** Operators: ends (or allows again) direct debit for a member; false `changed` when it already was so. */
  async setBlocked(userId: number, blocked: boolean, actor: string): Promise<{ email: string; changed: boolean; blockedAt: number | null }> {
    const member = await repo.findDirectDebitMember(this.deps.db, userId);
    if (!member || member.status === 'deleted') throw new NotFoundError('user_not_found');
    const now = Date.now();
    const changed = await this.deps.db.transaction(async (tx) => {
      const done = await repo.setDirectDebitBlocked(tx, userId, blocked ? now : null);
      if (blocked) await repo.blockMandatesOf(tx, userId);
      if (done) await insertAuditEntry(tx, { actor, action: blocked ? 'direct_debit.block' : 'direct_debit.unblock', subject: `user:${userId}` }, now);
      return done;
    });
    const after = await repo.findDirectDebitMember(this.deps.db, userId);
    return { email: member.email, changed, blockedAt: after?.blockedAt ?? null };
  }

  private async assertAvailable(userId: number, offer: BundleOffer): Promise<void> {
    const availability = await this.availability(userId, offer);
    if (availability === 'blocked') throw new ForbiddenError('direct_debit_blocked', 'ddBlocked');
    if (availability === 'limit') throw new ForbiddenError('direct_debit_limit', 'ddLimitReached');
  }

  private async mandateOf(userId: number, reference: string): Promise<repo.MandateRow> {
    const mandate = /^AMR-[A-Z0-9]{12}$/.test(reference) ? await repo.findMandate(this.deps.db, userId, reference) : undefined;
    if (!mandate) throw new NotFoundError('mandate_not_found');
    return mandate;
  }

  private async spendSms(userId: number): Promise<void> {
    try {
      await this.smsPerMember.consume(String(userId));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new RateLimitedError('ddSmsLimit');
      throw err;
    }
  }

  private async sendCode(payer: DirectDebitPayer, phone: string, code: string): Promise<void> {
    const t = this.deps.i18n.getFixedT(payer.lng, 'payments');
    const body = t('directDebit.sms', { site: payer.siteName, code, minutes: OTP_TTL_MS / 60_000 });
    try {
      await this.deps.sms.send(phone, body, payer.userId);
    } catch (err) {
      if (err instanceof SmsDeliveryError) throw new AppError('sms_failed', err.unavailable ? 503 : 502, 'ddSmsFailed');
      throw err;
    }
  }

  private async startPayment(
    payer: DirectDebitPayer & { baseUrl: string }, offer: BundleOffer, mandate: repo.MandateRow, discount: { code?: string; ip?: string },
  ): Promise<StartPaymentResult> {
    const member = await repo.findDirectDebitMember(this.deps.db, payer.userId);
    const result = await this.deps.payments.start({
      userId: payer.userId, siteId: payer.siteId, email: member?.email ?? '', bundleId: offer.id, method: 'sdd',
      idempotencyKey: `sdd-${mandate.reference}`, lng: payer.lng, country: payer.country, baseUrl: payer.baseUrl,
      mandate: { id: mandate.id, accountHolder: mandate.accountHolder, iban: mandate.iban, reference: mandate.reference },
      discountCode: discount.code, ip: discount.ip,
    });
    if (!result.replayed) this.deps.logger.info({ payment: result.publicId, mandate: mandate.reference, user: payer.userId }, 'direct debit confirmed');
    return result;
  }
}
