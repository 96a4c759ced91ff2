// Buying credit bundles (DESIGN.md §6). A checkout starts here and goes to the provider; the
// member is credited only when the provider says the payment is paid: a webhook (or `amora
// payments reconcile`) gives us an id, we fetch that payment's status from the provider ourselves,
// and fulfil it once, in one transaction with the ledger row and premium. Refunds and chargebacks
// take their share of the credits back the same way. Redirect pages only show the status.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../db.js';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { isUniqueViolation, retryOnDeadlock } from '../../lib/db-errors.js';
import { applyCreditDelta, creditBalance } from '../../repos/credits-repo.js';
import {
  blockDirectDebit, expireUnfulfilled, findPaymentByKey, findPaymentByPublicId, findPaymentByRef, insertPayment, lastFulfilledPayment, lockPayment, makePremium,
  paymentsOf, paymentsToReconcile, recordProviderAnswer, setPaymentDiscountCode, updatePayment, type PaymentRow,
} from '../../repos/payments-repo.js';
import { CARD_METHODS, type PaymentMethod, type PaymentStatus, type PaymentView } from '../../../types/payments.js';
import type { BadgesService } from '../events/badges-service.js';
import type { BundleOffer, BundlesService } from './bundles-service.js';
import { expiresAt } from './checkout-expiry.js';
import { isOffered } from './method-availability.js';
import { ProviderError, type PaymentProvider, type ProviderPayment } from './payment-provider.js';
import type { DiscountCodesService } from '../promotions/discount-codes-service.js';
import { codeNamesOf } from '../../repos/discount-codes-repo.js';
import { priceOf, type PriceQuote } from './pricing.js';

const DAY_MS = 86_400_000;

export interface StartPaymentInput {
  userId: number;
  siteId: number;
  email: string;
  bundleId: number;
  method: PaymentMethod;
  /** The buyer's key for this purchase (form field or Idempotency-Key header): a replay returns the first checkout. */
  idempotencyKey: string;
  lng: string;
  country: string;
  /** This site's origin as the member reached it, for the return and webhook URLs. */
  baseUrl: string;
  /** A repeat order (/credits/repeat-order): a failed one by card offers manual entry or PayPal. */
  repeat?: boolean;
  /** Direct debit: the mandate the member confirmed with the SMS code. */
  mandate?: { id: number; accountHolder: string; iban: string; reference: string };
  /** A discount code as the member typed it; with `ip` for its rate limit. */
  discountCode?: string;
  ip?: string;
}

export interface StartPaymentResult {
  publicId: string;
  /** Where to send the payer; null when there is nothing to do there (direct debit, or a replay still starting). */
  checkoutUrl: string | null;
  replayed: boolean;
}

export type SettleOutcome = 'fulfilled' | 'reversed' | 'updated' | 'unchanged' | 'unknown' | 'mismatch';

export interface ReconcileResult {
  checked: number;
  /** `expired`: abandoned checkouts that reconcile ended (see checkout-expiry.ts). */
  outcomes: Record<SettleOutcome | 'expired' | 'error', number>;
}

/** How long after its expiry reconcile still asks about an expired payment: a late payment is then fulfilled. */
const LATE_PAYMENT_WINDOW_MS = 2 * DAY_MS;

/** Keys are the buyer's: printable ASCII, like the Idempotency-Key header of payment APIs. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,100}$/;

export class PaymentsService {
  constructor(
    private readonly db: Db,
    readonly provider: PaymentProvider,
    private readonly bundles: BundlesService,
    private readonly badges: BadgesService,
    private readonly logger: Logger,
    /** Discount codes: checked and reserved when a payment starts, used when paid, released when it ends unpaid. */
    private readonly discounts?: DiscountCodesService,
  ) {}

  /** The bundle as offered to a member in `country` (its currency); 404 when it is not offered there. */
  async offer(siteId: number, country: string, bundleId: number, messageCredits: number): Promise<BundleOffer> {
    const offer = (await this.bundles.forCountry(siteId, country, messageCredits)).find((b) => b.id === bundleId);
    if (!offer) throw new NotFoundError('bundle_not_found');
    return offer;
  }

  /** The methods the provider offers for this bundle in the member's country. */
  async methodsFor(country: string, offer: BundleOffer): Promise<PaymentMethod[]> {
    try {
      return await this.provider.methods(country, offer.priceCents, offer.currency);
    } catch (err) {
      this.logger.error({ err }, 'payment methods unavailable');
      throw new AppError('provider_unavailable', 503, 'paymentProviderUnavailable');
    }
  }

  /** The demo's test payments stay on this machine: a site reached from elsewhere cannot buy with them. */
  assertServes(baseUrl: string): void {
    if (this.provider.servesHost && !this.provider.servesHost(new URL(baseUrl).hostname)) {
      throw new ForbiddenError('test_payments_local_only', 'testPaymentsLocalOnly');
    }
  }

  async start(input: StartPaymentInput): Promise<StartPaymentResult> {
    if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) throw new ValidationError({ idempotency_key: 'invalidInput' });
    this.assertServes(input.baseUrl);
    const key = `buy:${input.userId}:${input.idempotencyKey}`;
    const prior = await findPaymentByKey(this.db, key);
    if (prior) return replayOf(prior, input);

    const offer = await this.offer(input.siteId, input.country, input.bundleId, 1);
    if (!isOffered(await this.methodsFor(input.country, offer), input.method)) throw new ValidationError({ method: 'paymentMethodUnavailable' });
    if ((input.method === 'sdd') !== (input.mandate !== undefined)) throw new ValidationError({ method: 'paymentMethodUnavailable' });

    const quote = await this.quote(input, offer);
    const publicId = randomBytes(12).toString('hex');
    try {
      // With a code, the payment exists only if a use of the code could be reserved for it.
      await this.db.transaction(async (tx) => {
        await insertPayment(tx, {
          publicId, userId: input.userId, siteId: input.siteId, bundleId: offer.id, credits: offer.credits, amountCents: quote.amountCents,
          currency: offer.currency, method: input.method, provider: this.provider.name, idempotencyKey: key, isRepeat: input.repeat === true,
          mandateId: input.mandate?.id ?? null, discountCents: quote.discountCents,
        });
        await this.reserveDiscount(tx, publicId, input, quote);
      });
    } catch (err) {
      // The same purchase sent twice at once: the first insert wins, the other is its replay.
      if (!isUniqueViolation(err)) throw err;
      const winner = await findPaymentByKey(this.db, key);
      if (!winner) throw err;
      return replayOf(winner, input);
    }
    const row = (await findPaymentByPublicId(this.db, publicId))!;

    let answer: ProviderPayment;
    try {
      answer = await this.provider.create({
        reference: publicId,
        amountCents: quote.amountCents,
        currency: offer.currency,
        description: `${offer.credits} credits (${publicId.slice(0, 8)})`,
        method: input.method,
        locale: input.lng,
        country: input.country,
        email: input.email,
        redirectUrl: `${input.baseUrl}/transactions/${publicId}`,
        webhookUrl: `${input.baseUrl}/webhooks/${this.provider.name}`,
        directDebit: input.mandate && { accountHolder: input.mandate.accountHolder, iban: input.mandate.iban, mandateReference: input.mandate.reference },
      });
    } catch (err) {
      await this.discounts?.release(row.id);
      this.logger.error({ err, payment: publicId }, 'payment could not be started at the provider');
      await updatePayment(this.db, row.id, { status: 'failed' });
      throw providerUnavailable(err);
    }
    const status: PaymentStatus = answer.status === 'paid' ? 'open' : answer.status; // paid is only believed through settle()
    await recordProviderAnswer(this.db, row.id, { providerRef: answer.ref, checkoutUrl: answer.checkoutUrl, status });
    if (answer.status === 'paid') await this.settle(answer.ref);
    return { publicId, checkoutUrl: answer.checkoutUrl, replayed: false };
  }

  /**
   * Takes the provider's word on payment `ref` (from a webhook or reconcile) and acts on it once:
   * credits a paid payment, takes back refunded or charged-back credits, records failures. Anything
   * that does not match our payment credits nothing and is logged.
   */
  async settle(ref: string): Promise<SettleOutcome> {
    const found = await this.provider.fetch(ref); // ProviderError propagates: the webhook answers 5xx and is retried
    const ours = found && (await findPaymentByRef(this.db, this.provider.name, ref));
    if (!found || !ours) {
      this.logger.warn({ ref, provider: this.provider.name, known: Boolean(found) }, 'payment webhook for an unknown payment: nothing credited');
      return 'unknown';
    }
    if (found.amountCents !== ours.amountCents || found.currency !== ours.currency || (found.reference !== null && found.reference !== ours.publicId)) {
      this.logger.error(
        { ref, payment: ours.publicId, expected: { amount: ours.amountCents, currency: ours.currency }, got: { amount: found.amountCents, currency: found.currency, reference: found.reference } },
        'payment does not match what the provider reports: nothing credited',
      );
      return 'mismatch';
    }
    const result = await retryOnDeadlock(() => this.db.transaction((tx) => applyProviderWord(tx, ours.id, found, this.logger, this.discounts)));
    if (result.outcome === 'fulfilled') this.logger.info({ payment: ours.publicId, credits: ours.credits, user: ours.userId }, 'payment fulfilled');
    if (result.outcome === 'reversed') this.logger.info({ payment: ours.publicId, taken: result.taken, user: ours.userId }, 'payment reversed: credits taken back');
    if (result.balance !== undefined) await this.badges.publishCredits(ours.userId, result.balance);
    return result.outcome;
  }

  /**
   * Settles payments whose webhook never came (cron: `amora payments reconcile`), and expires
   * checkouts left open past their time (checkout-expiry.ts): the provider is asked first, so a
   * payment it calls paid is fulfilled, never expired.
   */
  async reconcile(o: { olderThanMinutes?: number; maxAgeDays?: number; limit?: number; now?: number } = {}): Promise<ReconcileResult> {
    const now = o.now ?? Date.now();
    const rows = await paymentsToReconcile(this.db, {
      createdBefore: now - (o.olderThanMinutes ?? 10) * 60_000,
      createdAfter: now - (o.maxAgeDays ?? 60) * DAY_MS,
      expiredSince: now - LATE_PAYMENT_WINDOW_MS,
      limit: o.limit ?? 1000,
    });
    const outcomes: ReconcileResult['outcomes'] = { fulfilled: 0, reversed: 0, updated: 0, unchanged: 0, unknown: 0, mismatch: 0, expired: 0, error: 0 };
    for (const row of rows) {
      try {
        const outcome = await this.settle(row.providerRef!);
        const settled = outcome === 'unchanged' || outcome === 'updated' ? await findPaymentByPublicId(this.db, row.publicId) : undefined;
        const deadline = settled && expiresAt(settled);
        if (settled && deadline && now >= deadline && (await this.expire(settled))) outcomes.expired++;
        else outcomes[outcome]++;
      } catch (err) {
        outcomes.error++;
        this.logger.error({ err, payment: row.publicId }, 'reconcile: provider did not answer');
      }
    }
    return { checked: rows.length, outcomes };
  }

  /**
   * Ends an abandoned checkout: at the provider where it can (then its word is taken as any
   * other), and ours with a guarded update that leaves a payment fulfilled meanwhile alone. A
   * provider that reports it paid later still gets it fulfilled (settle, DESIGN.md §6).
   */
  private async expire(row: PaymentRow): Promise<boolean> {
    if (this.provider.expire) {
      await this.provider.expire(row.providerRef!);
      if ((await this.settle(row.providerRef!)) === 'fulfilled') return false;
    }
    const current = await findPaymentByPublicId(this.db, row.publicId);
    if (current?.status === 'expired' && !current.fulfilledAt) return true;
    const expired = await expireUnfulfilled(this.db, row.id);
    if (expired) await this.discounts?.release(row.id);
    if (expired) this.logger.info({ payment: row.publicId, method: row.method, status: row.status }, 'abandoned checkout expired');
    return expired;
  }

  /** The one price of this purchase (pricing.ts): the bundle's, or with the member's code when it applies. */
  private async quote(input: StartPaymentInput, offer: BundleOffer): Promise<PriceQuote> {
    if (input.discountCode === undefined || input.discountCode.trim() === '' || !this.discounts) return priceOf(offer, null);
    const checked = await this.discounts.check({
      siteId: input.siteId, userId: input.userId, country: input.country, ip: input.ip ?? '', lng: input.lng, code: input.discountCode,
      bundles: [offer], bundleId: offer.id, method: input.method,
    });
    return priceOf(offer, checked.discount);
  }

  /**
   * Holds a use of the code for the payment being inserted in `tx`: 'Code already used' undoes the
   * payment. The payment names its code only after the code's row is locked by the reservation:
   * naming it first takes a shared lock (the foreign key), and concurrent checkouts holding shared
   * locks that each want the exclusive one deadlock on MariaDB.
   */
  private async reserveDiscount(tx: Tx, publicId: string, input: StartPaymentInput, quote: PriceQuote): Promise<void> {
    if (quote.codeId === null || !this.discounts) return;
    const row = (await findPaymentByPublicId(tx, publicId))!;
    await this.discounts.reserve({ paymentId: row.id, userId: input.userId, siteId: input.siteId, codeId: quote.codeId }, tx);
    await setPaymentDiscountCode(tx, row.id, quote.codeId);
  }

  /** Asks the provider to refund a paid payment (whole, or `amountCents` of it); its webhook then takes the credits back. */
  async refund(publicId: string, amountCents?: number): Promise<PaymentRow> {
    const row = await findPaymentByPublicId(this.db, publicId);
    if (!row || !row.providerRef) throw new NotFoundError('payment_not_found');
    if (row.status !== 'paid' && row.status !== 'refunded') throw new ConflictError('payment_not_paid', 'invalidInput');
    const left = row.amountCents - row.refundedCents - row.chargedBackCents;
    const amount = amountCents ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) throw new ValidationError({ amount: 'invalidInput' });
    try {
      await this.provider.refund(row.providerRef, amount);
    } catch (err) {
      if (err instanceof ProviderError) throw providerUnavailable(err);
      throw err;
    }
    return row;
  }

  /** One of the member's payments; anybody else's (or an unknown id) is a 404. */
  async view(userId: number, publicId: string, refundDays: number): Promise<PaymentView> {
    const row = /^[0-9a-f]{24}$/.test(publicId) ? await findPaymentByPublicId(this.db, publicId) : undefined;
    if (!row || row.userId !== userId) throw new NotFoundError('payment_not_found');
    return (await this.viewsOf([row], refundDays))[0]!;
  }

  /** Where the member pays a payment still open at the provider; null once it is past that. */
  async checkoutUrlOf(userId: number, publicId: string): Promise<string | null> {
    const row = await findPaymentByPublicId(this.db, publicId);
    if (!row || row.userId !== userId) throw new NotFoundError('payment_not_found');
    return row.status === 'open' ? row.checkoutUrl : null;
  }

  async list(userId: number, refundDays: number, limit = 100): Promise<PaymentView[]> {
    return this.viewsOf(await paymentsOf(this.db, userId, limit), refundDays);
  }

  /** Payments as members see them, each with its discount (code and percentage) when it had one. */
  private async viewsOf(rows: PaymentRow[], refundDays: number): Promise<PaymentView[]> {
    const codes = await codeNamesOf(this.db, rows.flatMap((r) => (r.discountCodeId !== null && r.discountCents > 0 ? [r.discountCodeId] : [])));
    return rows.map((r) => {
      const code = r.discountCodeId === null || r.discountCents <= 0 ? undefined : codes.get(r.discountCodeId);
      return { ...viewOf(r, refundDays), discount: code ? { ...code, cents: r.discountCents } : null };
    });
  }

  /** What /credits/repeat-order offers: the last bundle bought, with the method it was paid by. */
  async lastOrder(userId: number): Promise<{ bundleId: number; method: PaymentMethod } | undefined> {
    const row = await lastFulfilledPayment(this.db, userId);
    return row && { bundleId: row.bundleId, method: row.method };
  }
}

interface ApplyResult {
  outcome: SettleOutcome;
  /** The new balance when credits moved. */
  balance?: number;
  taken?: number;
}

/** The heart of fulfilment, inside one transaction holding the payment row's lock. */
async function applyProviderWord(tx: Tx, id: number, word: ProviderPayment, logger: Logger, discounts?: DiscountCodesService): Promise<ApplyResult> {
  const row = await lockPayment(tx, id);
  const now = Date.now();
  if (!row.fulfilledAt) {
    if (word.status !== 'paid') {
      if (word.status === row.status) return { outcome: 'unchanged' };
      // Expired by us while the provider still had it open: it stays expired unless it gets paid.
      if (row.status === 'expired' && (word.status === 'open' || word.status === 'pending')) return { outcome: 'unchanged' };
      await updatePayment(tx, id, { status: word.status });
      if (word.status === 'failed' || word.status === 'canceled' || word.status === 'expired') await discounts?.release(id, tx);
      return { outcome: 'updated' };
    }
    const balance = await applyCreditDelta(tx, {
      userId: row.userId, delta: row.credits, reason: 'purchase', reference: `payment:${row.publicId}`, idempotencyKey: `purchase:${row.id}`,
    });
    await updatePayment(tx, id, { status: 'paid', paidAt: now, fulfilledAt: now, ...(word.method ? { method: word.method } : {}) });
    await makePremium(tx, row.userId, now);
    await discounts?.confirm(id, tx);
    const reversal = await reverse(tx, { ...row, fulfilledAt: now, status: 'paid' }, word, logger);
    return reversal ? { outcome: 'fulfilled', balance: reversal.balance, taken: reversal.taken } : { outcome: 'fulfilled', balance };
  }
  const reversal = await reverse(tx, row, word, logger);
  return reversal ? { outcome: 'reversed', balance: reversal.balance, taken: reversal.taken } : { outcome: 'unchanged' };
}

/**
 * Takes back the credits a refund or chargeback stands for: all of them when the whole amount came
 * back, else the same share. A member who has spent them keeps a balance of zero (never below), and
 * the shortfall is logged for the operator. A chargeback also ends direct debit for the member.
 */
async function reverse(tx: Tx, row: PaymentRow, word: ProviderPayment, logger: Logger): Promise<{ balance: number; taken: number } | undefined> {
  const reversedCents = Math.min(word.refundedCents + word.chargedBackCents, row.amountCents);
  if (reversedCents <= row.refundedCents + row.chargedBackCents && word.chargedBackCents === row.chargedBackCents) return undefined;
  const target = reversedCents >= row.amountCents ? row.credits : Math.floor((row.credits * reversedCents) / row.amountCents);
  const owed = Math.max(target - row.creditsReversed, 0);
  const chargeback = word.chargedBackCents > row.chargedBackCents;
  const balanceBefore = (await creditBalance(tx, row.userId)) ?? 0;
  const taken = Math.min(owed, balanceBefore);
  let balance = balanceBefore;
  if (taken > 0) {
    balance = (await applyCreditDelta(tx, {
      userId: row.userId, delta: -taken, reason: chargeback ? 'chargeback' : 'refund', reference: `payment:${row.publicId}`,
      idempotencyKey: `reversal:${row.id}:${target}`,
    }))!;
  }
  if (taken < owed) logger.warn({ payment: row.publicId, owed, taken, user: row.userId }, 'reversal: the member had spent part of the credits');
  const status: PaymentStatus = word.chargedBackCents > 0 ? 'charged_back' : reversedCents >= row.amountCents ? 'refunded' : 'paid';
  await updatePayment(tx, row.id, { status, refundedCents: word.refundedCents, chargedBackCents: word.chargedBackCents, creditsReversed: target });
  if (chargeback) await blockDirectDebit(tx, row.userId, Date.now());
  return { balance, taken };
}

/** The localized "try again" of a failed provider call: 503 while the provider is down or slow, 502 when it refused the request. */
function providerUnavailable(err: unknown): AppError {
  return new AppError('provider_unavailable', err instanceof ProviderError && err.unavailable ? 503 : 502, 'paymentProviderUnavailable');
}

function replayOf(prior: PaymentRow, input: StartPaymentInput): StartPaymentResult {
  if (prior.bundleId !== input.bundleId || prior.method !== input.method) {
    // The key names one purchase; another body under it is a client error (IETF Idempotency-Key draft: 422).
    throw new AppError('idempotency_key_reused', 422, 'idempotencyKeyReused');
  }
  return { publicId: prior.publicId, checkoutUrl: prior.status === 'open' ? prior.checkoutUrl : null, replayed: true };
}

function stateOf(status: PaymentStatus): PaymentView['state'] {
  switch (status) {
    case 'open': return 'loading';
    case 'pending': return 'pending';
    case 'paid': return 'completed';
    case 'refunded':
    case 'charged_back': return 'reversed';
    default: return 'failed';
  }
}

function viewOf(row: PaymentRow, refundDays: number): Omit<PaymentView, 'discount'> {
  return {
    payment_id: row.publicId,
    status: row.status,
    state: stateOf(row.status),
    credits: row.credits,
    amount_cents: row.amountCents,
    currency: row.currency,
    method: row.method,
    bundle_id: row.bundleId,
    refund_days: refundDays,
    created_at: row.createdAt,
    recurring_card: row.isRepeat && CARD_METHODS.includes(row.method),
  };
}
