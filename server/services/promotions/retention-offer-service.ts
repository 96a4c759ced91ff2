// The retention offer (issue 14 point 6; SPEC.md §3 company info `delete_discount`): a member who
// opens account deletion is offered that percentage off the next purchase before confirming.
//
// The offer is a personal discount code, not a flag of its own: a single-use code for this member
// and site, any payment method, valid RETENTION_DAYS from when the member claims it. So it is
// priced by pricing.ts, reserved, used and released by DiscountCodesService exactly like any code
// (one price path, one discount per payment), and operators see it in `amora codes list
// --campaign retention` with its uses and revenue.
//
// Who gets it: members who have paid before. "The next purchase" presupposes one, and a member who
// never paid already has the welcome offer or the time bonus while those run; a discount handed to
// every free account that opens the deletion form would make that form a coupon dispenser. Each
// member gets one retention code, ever: while it is valid and unused the offer shows it again
// (claiming twice returns the same code); once used, expired or disabled, no new one is made.
// Creating the code is a POST (the offer's button), never a page view: a GET stays free of writes.
import { randomInt } from 'node:crypto';
import type { Db } from '../../db.js';
import { NotFoundError } from '../../errors.js';
import { insertCodes, lockMember, memberCodeOf, promoFactsOf, type DiscountCodeRow } from '../../repos/discount-codes-repo.js';
import { RETENTION_CAMPAIGN, RETENTION_DAYS, RETENTION_PREFIX, type RetentionOffer } from '../../../types/promotions.js';
import type { CompanyService } from '../company/company-service.js';
import { isValidPercent } from '../payments/pricing.js';
import { CODE_ALPHABET } from './discount-code-rules.js';

const DAY_MS = 86_400_000;
const RANDOM_LENGTH = 10;

export interface RetentionMember {
  userId: number;
  siteId: number;
}

export class RetentionOfferService {
  constructor(private readonly db: Db, private readonly company: CompanyService) {}

  /** What the deletion form offers this member now, or null when nothing is offered. */
  async offerFor(m: RetentionMember, now = Date.now()): Promise<RetentionOffer | null> {
    const percent = await this.percent();
    if (percent === null || !(await this.hasPaid(m.userId))) return null;
    const existing = await memberCodeOf(this.db, m.userId, RETENTION_CAMPAIGN);
    if (!existing) return { percent, code: null, expiresAt: null };
    return isUsable(existing, m, now) ? { percent: existing.percent, code: existing.code, expiresAt: existing.expiresAt } : null;
  }

  /**
   * The member's retention code, created on the first claim; a second claim (a reload, a double
   * click, two tabs at once) returns the same one. 404 when the member has no offer.
   */
  async claim(m: RetentionMember, now = Date.now()): Promise<string> {
    const percent = await this.percent();
    if (percent === null || !(await this.hasPaid(m.userId))) throw new NotFoundError('retention_offer_not_found');
    return this.db.transaction(async (tx) => {
      await lockMember(tx, m.userId);
      const existing = await memberCodeOf(tx, m.userId, RETENTION_CAMPAIGN);
      if (existing) {
        if (!isUsable(existing, m, now)) throw new NotFoundError('retention_offer_not_found');
        return existing.code;
      }
      const code = RETENTION_PREFIX + Array.from({ length: RANDOM_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
      await insertCodes(tx, [{
        code, percent, currency: null, minimumOrderCents: null, country: null, userId: m.userId, siteId: m.siteId,
        expiresAt: now + RETENTION_DAYS * DAY_MS, paymentMethods: null, maxUses: 1, campaign: RETENTION_CAMPAIGN,
      }]);
      return code;
    });
  }

  /** The company's delete_discount when it is a percentage a code may have (1-90); null for 0 or a bad value. */
  private async percent(): Promise<number | null> {
    const { delete_discount: percent } = await this.company.get();
    return isValidPercent(percent) ? percent : null;
  }

  private async hasPaid(userId: number): Promise<boolean> {
    return (await promoFactsOf(this.db, userId))?.paidUser === true;
  }
}

/** A retention code the member can still pay with: active, theirs here, unexpired, not used or held by a payment. */
function isUsable(row: DiscountCodeRow, m: RetentionMember, now: number): boolean {
  return row.status === 'active' && row.siteId === m.siteId && (row.expiresAt === null || row.expiresAt > now)
    && (row.maxUses === null || row.uses < row.maxUses);
}
