// Discount codes as members meet them (SPEC.md §3 "Discount code", §5; issue 14): checking a code
// for a member, a site, a country and a payment method, and the life of one use of it. A use is
// reserved when a payment starts, counts as used only when the provider reports the payment paid,
// and goes back when the payment fails, is cancelled or expires.
//
// Every reason a code is not this member's to use here (unknown, expired, disabled, another
// member's or another site's) is the same 'Code not found', so codes cannot be probed; entering
// codes is rate limited per member and per address, and only a code that works costs nothing.
import type { Logger } from 'pino';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db, Runner } from '../../db.js';
import { AppError, RateLimitedError } from '../../errors.js';
import { isUniqueViolation, retryOnDeadlock } from '../../lib/db-errors.js';
import { createLimiter } from '../../lib/rate-limiter.js';
import {
  deleteReservation, findCode, findCodeById, forceUse, giveBackUse, insertRedemption, markRedemptionUsed, paymentDiscountOf, promoFactsOf,
  redemptionOf, takeUse, type DiscountCodeRow,
} from '../../repos/discount-codes-repo.js';
import type { RedisClient } from '../../sessions.js';
import { choiceOf, type PaymentMethod } from '../../../types/payments.js';
import { formatMoney, priceOf, refusalOf, type Discount, type PriceQuote, type PricedBundle } from '../payments/pricing.js';
import { memberCode } from './discount-code-rules.js';
import { DEFAULT_WELCOME_DAYS, TIME_BONUS_CODE, TIME_BONUS_MS, WELCOME_CODE } from '../../../types/promotions.js';

/** Failed code entries allowed per hour: a member mistyping a few times never meets it; a guesser does. */
export const CODE_TRIES_PER_MEMBER = 10;
export const CODE_TRIES_PER_ADDRESS = 30;

const DAY_MS = 86_400_000;

export const codeNotFound = () => new AppError('discount_code_not_found', 404, 'discountNotFound');
export const codeUsed = () => new AppError('discount_code_used', 409, 'discountUsed');
const codeReserved = () => new AppError('discount_code_reserved', 409, 'discountReserved');

export interface CodeCheck {
  siteId: number;
  userId: number;
  /** The member's country (their profile's). */
  country: string;
  /** The member's address, for the rate limit. */
  ip: string;
  lng: string;
  /** As typed. */
  code: string;
  /** The bundles on offer to the member (their currency), from BundlesService.forCountry. */
  bundles: PricedBundle[];
  /** The bundle being bought, when one is chosen. */
  bundleId?: number;
  method?: PaymentMethod;
  /** How long the welcome offer lasts; by default the site's `welcome_days` setting. */
  welcomeDays?: number;
}

/** Whom a code is checked for: the welcome offer and the time bonus depend on the member's history. */
interface Holder {
  siteId: number;
  userId: number;
  welcomeDays?: number;
}

export interface TimeBonus {
  isVisible: boolean;
  /** When the 4 hours end (epoch ms); null when the bonus is not visible. */
  endsAt: number | null;
}

export interface CheckedCode {
  code: DiscountCodeRow;
  discount: Discount;
  /** Each bundle's price with the code; null for a bundle below the minimum order. */
  quotes: { bundleId: number; quote: PriceQuote | null }[];
  /** When the member's own offer ends (the welcome offer: signup + the site's days); else the code's expiry. */
  endsAt?: number | null;
}

export type ConfirmOutcome = 'confirmed' | 'already' | 'late' | 'none';

export class DiscountCodesService {
  private readonly perMember: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;

  constructor(
    private readonly db: Db,
    redis: RedisClient | undefined,
    private readonly logger: Logger,
    /** The site's welcome-offer days (its `welcome_days` setting); a check may name its own. */
    private readonly welcomeDaysOf: (siteId: number) => Promise<number> = async () => DEFAULT_WELCOME_DAYS,
  ) {
    this.perMember = createLimiter(db, redis, { keyPrefix: 'code_member', points: CODE_TRIES_PER_MEMBER, durationSeconds: 3600 });
    this.perAddress = createLimiter(db, redis, { keyPrefix: 'code_address', points: CODE_TRIES_PER_ADDRESS, durationSeconds: 3600 });
  }

  /**
   * Whether the member may use the code they typed, and what each bundle then costs. Throws the
   * member's message: 'Code not found', 'Code already used', the minimum order, the country, the
   * payment method, a malformed code (400, free) or too many tries (429).
   */
  async check(c: CodeCheck): Promise<CheckedCode> {
    const normalized = memberCode(c.code);
    await this.countTry(c);
    const row = await findCode(this.db, normalized);
    if (!row || !(await this.isTheirs(this.db, row, c, Date.now()))) throw codeNotFound();
    return this.priced(row, c);
  }

  /**
   * The member's welcome offer (GET /api/discountcode.php?welcome=true), priced like a code they
   * typed; 'Code not found' once they paid, used it or the days are over. Costs no try: nothing
   * is guessed.
   */
  async welcomeOffer(c: Omit<CodeCheck, 'code' | 'ip'>): Promise<CheckedCode> {
    const row = await findCode(this.db, WELCOME_CODE);
    if (!row || !(await this.isTheirs(this.db, row, c, Date.now()))) throw codeNotFound();
    if (await redemptionOf(this.db, row.id, c.userId)) throw codeNotFound();
    const checked = await this.priced(row, { ...c, ip: '', code: WELCOME_CODE }, { free: true });
    const facts = await promoFactsOf(this.db, c.userId);
    const days = c.welcomeDays ?? (await this.welcomeDaysOf(c.siteId));
    return { ...checked, endsAt: facts ? facts.signupDate + days * DAY_MS : null };
  }

  /** Whether the time bonus shows for a member now (SPEC.md §4): never paid, signed up less than 4 hours ago, TIMEBONUS25 not used. */
  async timeBonusOf(userId: number, now = Date.now()): Promise<TimeBonus> {
    const [facts, row] = await Promise.all([promoFactsOf(this.db, userId), findCode(this.db, TIME_BONUS_CODE)]);
    const endsAt = facts ? facts.signupDate + TIME_BONUS_MS : 0;
    if (!facts || !row || row.status !== 'active' || facts.paidUser || now >= endsAt || now < facts.signupDate) return { isVisible: false, endsAt: null };
    if (await redemptionOf(this.db, row.id, userId)) return { isVisible: false, endsAt: null };
    return { isVisible: true, endsAt };
  }

  private async priced(row: DiscountCodeRow, c: CodeCheck, o: { free?: boolean } = {}): Promise<CheckedCode> {
    const prior = await redemptionOf(this.db, row.id, c.userId);
    if (prior?.status === 'reserved') throw codeReserved();
    if (prior || (row.maxUses !== null && row.uses >= row.maxUses)) throw codeUsed();
    if (row.country !== null && row.country !== c.country) throw new AppError('discount_country', 422, 'discountCountry');
    const currency = c.bundles[0]?.currency;
    if (row.currency !== null && currency !== undefined && row.currency !== currency) throw new AppError('discount_country', 422, 'discountCountry');
    if (c.method && row.paymentMethods && !row.paymentMethods.map(choiceOf).includes(choiceOf(c.method))) {
      throw new AppError('discount_payment_method', 422, 'discountMethod');
    }
    const discount = discountOf(row);
    const chosen = c.bundleId === undefined ? c.bundles : c.bundles.filter((b) => b.id === c.bundleId);
    const quotes = c.bundles.map((b) => ({ bundleId: b.id, quote: refusalOf(b, discount) ? null : priceOf(b, discount) }));
    if (chosen.length > 0 && chosen.every((b) => refusalOf(b, discount) !== null)) {
      throw new AppError('discount_minimum_order', 422, 'discountMinimumOrder', {
        amount: formatMoney(c.lng, row.minimumOrderCents ?? 0, row.currency ?? currency ?? 'EUR'),
      });
    }
    if (!o.free) await this.refundTry(c);
    return { code: row, discount, quotes };
  }

  /**
   * Reserves one use of code `codeId` for the payment being started, in `runner`'s transaction
   * when given (a savepoint, so a refusal undoes only this). Exactly one of any number of
   * concurrent checkouts gets the last use; the others get 'Code already used'.
   */
  async reserve(r: { paymentId: number; userId: number; siteId: number; codeId: number }, runner?: Runner): Promise<void> {
    const work = (outer: Runner) =>
      outer.transaction(async (tx) => {
        const row = await findCodeById(tx, r.codeId);
        if (!row || !(await this.isTheirs(tx, row, r, Date.now()))) throw codeNotFound();
        if (!(await takeUse(tx, r.codeId, Date.now()))) throw codeUsed();
        try {
          await insertRedemption(tx, { codeId: r.codeId, userId: r.userId, paymentId: r.paymentId, status: 'reserved' });
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          throw (await redemptionOf(tx, r.codeId, r.userId, { latest: true }))?.status === 'reserved' ? codeReserved() : codeUsed();
        }
      });
    await (runner ? work(runner) : retryOnDeadlock(() => work(this.db)));
  }

  /**
   * The provider reported the payment paid: its use of the code counts for good. A payment whose
   * reservation was already given back (it expired, then was paid late) takes a use again, even
   * past the code's maximum: the member paid the discounted price.
   */
  async confirm(paymentId: number, runner: Runner = this.db): Promise<ConfirmOutcome> {
    if (await markRedemptionUsed(runner, paymentId)) return 'confirmed';
    const discount = await paymentDiscountOf(runner, paymentId);
    if (!discount) return 'none';
    const outcome = await runner.transaction(async (tx) => {
      try {
        await insertRedemption(tx, { codeId: discount.codeId, userId: discount.userId, paymentId, status: 'used' });
      } catch (err) {
        if (isUniqueViolation(err)) return 'already' as const; // this payment's, or the member's other redemption of the code
        throw err;
      }
      await forceUse(tx, discount.codeId);
      return 'late' as const;
    });
    if (outcome === 'late') this.logger.warn({ paymentId, codeId: discount.codeId }, 'discount code used by a payment paid after its reservation ended');
    return outcome;
  }

  /** The payment failed, was cancelled or expired: its reserved use goes back. A used one stays used. */
  async release(paymentId: number, runner?: Runner): Promise<boolean> {
    const work = (outer: Runner) =>
      outer.transaction(async (tx) => {
        const codeId = await deleteReservation(tx, paymentId);
        if (codeId !== undefined) await giveBackUse(tx, codeId);
        return codeId !== undefined;
      });
    return runner ? work(runner) : retryOnDeadlock(() => work(this.db));
  }

  /**
   * Whether a stored code is one this member may use on this site now; else it is 'not found'.
   * The time bonus and the welcome offer are the server's to grant, whatever a browser says.
   */
  private async isTheirs(db: Runner, row: DiscountCodeRow, h: Holder, now: number): Promise<boolean> {
    if (row.status !== 'active') return false;
    if (row.expiresAt !== null && row.expiresAt <= now) return false;
    if (row.siteId !== null && row.siteId !== h.siteId) return false;
    if (row.userId !== null && row.userId !== h.userId) return false;
    if (row.kind === 'code') return true;
    const facts = await promoFactsOf(db, h.userId);
    if (!facts || facts.paidUser) return false;
    const window = row.kind === 'timebonus' ? TIME_BONUS_MS : (h.welcomeDays ?? (await this.welcomeDaysOf(h.siteId))) * DAY_MS;
    return now >= facts.signupDate && now - facts.signupDate < window;
  }

  /** Every entry costs a try up front (so a burst cannot slip past a check); a code that works gets it back. */
  private async countTry(c: CodeCheck): Promise<void> {
    try {
      await Promise.all([this.perMember.consume(`${c.siteId}:${c.userId}`), this.perAddress.consume(c.ip)]);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw new RateLimitedError('discountTooManyAttempts', { minutes: Math.max(1, Math.ceil(err.msBeforeNext / 60_000)) });
    }
  }

  private async refundTry(c: CodeCheck): Promise<void> {
    await Promise.all([this.perMember.reward(`${c.siteId}:${c.userId}`, 1), this.perAddress.reward(c.ip, 1)]);
  }
}

export function discountOf(row: DiscountCodeRow): Discount {
  return { codeId: row.id, percent: row.percent, currency: row.currency, minimumOrderCents: row.minimumOrderCents };
}
