// Discount codes as operators issue them (`amora codes …`, issue 14): one code with every rule of
// SPEC.md §3, a campaign batch of unique random codes, the list with uses and revenue, disabling.
// Rules are checked here, so nothing invalid reaches the table whoever calls; the messages are
// the operator's (English, like the rest of the CLI).
import { randomInt } from 'node:crypto';
import type { Db } from '../../db.js';
import {
  disableCodes, enableCodes, existingCodes, findCode, insertCodes, listCodes, memberSiteOf, statsOf, type CodeFilter, type CodeStats, type DiscountCodeRow,
  type NewDiscountCode,
} from '../../repos/discount-codes-repo.js';
import { COUNTRY_CURRENCY, isCountry } from '../../../types/countries.js';
import { isPaymentMethod, type PaymentMethod } from '../../../types/payments.js';
import { isValidPercent, MAX_DISCOUNT_PERCENT, MIN_DISCOUNT_PERCENT } from '../payments/pricing.js';
import { CODE_ALPHABET, CODE_MAX, normalizeCode } from './discount-code-rules.js';

export const CURRENCIES = [...new Set(Object.values(COUNTRY_CURRENCY))].sort();
export const MAX_USES_LIMIT = 1_000_000;
export const MAX_MINIMUM_ORDER_CENTS = 10_000_000;
export const BATCH_MAX = 100_000;
const MAX_EXPIRY_MS = 5 * 366 * 86_400_000;
const CAMPAIGN = /^[A-Za-z0-9_.-]{1,64}$/;

/** Everything a code can require (SPEC.md §3); null means "no such rule". */
export interface CodeRules {
  percent: number;
  currency: string | null;
  minimumOrderCents: number | null;
  country: string | null;
  userId: number | null;
  siteId: number | null;
  expiresAt: number | null;
  paymentMethods: PaymentMethod[] | null;
  /** Null: unlimited. */
  maxUses: number | null;
  campaign: string | null;
}

export interface BatchOptions {
  count: number;
  /** Upper-case letters, digits, - and _ put before the random part. */
  prefix: string;
  /** Random characters per code. */
  length: number;
}

export type ListedCode = DiscountCodeRow & CodeStats;

export interface EnableResult {
  enabled: number;
  alreadyEnabled: string[];
  /** Past their expiry: left as they are. */
  expired: string[];
  notFound: string[];
}

/** A rule an operator got wrong; nothing was changed. */
export class CodeRulesError extends Error {}

export class DiscountCodesAdminService {
  constructor(private readonly db: Db) {}

  /** Creates one code (or, with dryRun, only checks that it could be created). */
  async create(code: string, rules: CodeRules, o: { dryRun?: boolean } = {}): Promise<NewDiscountCode> {
    const normalized = normalizeCode(code);
    if (!normalized) throw new CodeRulesError(`a code is 3-${CODE_MAX} letters A-Z, digits, - or _; got "${code.slice(0, 40)}"`);
    const checked = await this.checkRules(rules);
    if (await findCode(this.db, normalized)) throw new CodeRulesError(`the code ${normalized} exists already; nothing changed`);
    const row = { ...checked, code: normalized };
    if (!o.dryRun) await insertCodes(this.db, [row]);
    return row;
  }

  /** Creates `count` unique random codes with the same rules, in one transaction; returns them. */
  async createBatch(rules: CodeRules, b: BatchOptions, o: { dryRun?: boolean } = {}): Promise<NewDiscountCode[]> {
    if (!Number.isInteger(b.count) || b.count < 1 || b.count > BATCH_MAX) throw new CodeRulesError(`the count must be 1-${BATCH_MAX}`);
    if (!Number.isInteger(b.length) || b.length < 6 || b.length > 20) throw new CodeRulesError('the random part must be 6-20 characters long');
    const prefix = b.prefix.toUpperCase();
    if (!/^[A-Z0-9_-]{0,16}$/.test(prefix) || prefix.length + b.length > CODE_MAX) {
      throw new CodeRulesError(`the prefix is up to 16 letters A-Z, digits, - or _, and prefix plus random part at most ${CODE_MAX} characters`);
    }
    if (rules.userId !== null) throw new CodeRulesError('a batch cannot be for one member; create that code on its own');
    const checked = await this.checkRules(rules);
    const codes = await this.uniqueCodes(prefix, b.length, b.count);
    const rows = codes.map((code) => ({ ...checked, code }));
    if (!o.dryRun) await this.db.transaction((tx) => insertCodes(tx, rows));
    return rows;
  }

  async list(filter: CodeFilter): Promise<ListedCode[]> {
    const rows = await listCodes(this.db, filter);
    const stats = await statsOf(this.db, rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, ...stats.get(r.id)! }));
  }

  /** Disables the given codes or a whole campaign; reports what changed. */
  async disable(which: { codes?: string[]; campaign?: string }, o: { dryRun?: boolean } = {}): Promise<{ disabled: number; alreadyDisabled: number; notFound: string[] }> {
    const wanted = which.codes?.map((c) => normalizeCode(c) ?? c) ?? [];
    const rows = await listCodes(this.db, { codes: which.codes ? wanted : undefined, campaign: which.campaign, includeDisabled: true, limit: BATCH_MAX * 10 });
    const found = new Set(rows.map((r) => r.code));
    const active = rows.filter((r) => r.status === 'active');
    const disabled = o.dryRun ? active.length : await disableCodes(this.db, active.map((r) => r.id));
    return { disabled, alreadyDisabled: rows.length - active.length, notFound: wanted.filter((c) => !found.has(c)) };
  }

  /**
   * Enables disabled codes again, by name or a whole campaign. An expired code stays disabled (it
   * could not be used; make a new one); the result names what was not enabled and why.
   */
  async enable(which: { codes?: string[]; campaign?: string }, o: { dryRun?: boolean; now?: number } = {}): Promise<EnableResult> {
    const now = o.now ?? Date.now();
    const wanted = which.codes?.map((c) => normalizeCode(c) ?? c) ?? [];
    const rows = await listCodes(this.db, { codes: which.codes ? wanted : undefined, campaign: which.campaign, includeDisabled: true, limit: BATCH_MAX * 10 });
    const found = new Set(rows.map((r) => r.code));
    const expired = rows.filter((r) => r.expiresAt !== null && r.expiresAt <= now);
    const toEnable = rows.filter((r) => r.status === 'disabled' && !expired.includes(r));
    const enabled = o.dryRun ? toEnable.length : await enableCodes(this.db, toEnable.map((r) => r.id));
    return {
      enabled,
      alreadyEnabled: rows.filter((r) => r.status === 'active' && !expired.includes(r)).map((r) => r.code),
      expired: expired.map((r) => r.code),
      notFound: wanted.filter((c) => !found.has(c)),
    };
  }

  private async checkRules(r: CodeRules): Promise<Omit<NewDiscountCode, 'code'>> {
    if (!isValidPercent(r.percent)) throw new CodeRulesError(`the percentage must be a whole number from ${MIN_DISCOUNT_PERCENT} to ${MAX_DISCOUNT_PERCENT}`);
    if (r.currency !== null && !CURRENCIES.includes(r.currency)) throw new CodeRulesError(`the currency must be one of ${CURRENCIES.join(', ')}`);
    if (r.country !== null && !isCountry(r.country)) throw new CodeRulesError(`unknown country "${r.country}"`);
    const currency = r.currency ?? (r.country !== null && isCountry(r.country) ? COUNTRY_CURRENCY[r.country] : null);
    if (r.country !== null && isCountry(r.country) && currency !== COUNTRY_CURRENCY[r.country]) {
      throw new CodeRulesError(`members in ${r.country} pay in ${COUNTRY_CURRENCY[r.country]}, not ${r.currency}`);
    }
    if (r.minimumOrderCents !== null) {
      if (!Number.isInteger(r.minimumOrderCents) || r.minimumOrderCents < 1 || r.minimumOrderCents > MAX_MINIMUM_ORDER_CENTS) {
        throw new CodeRulesError(`the minimum order must be above 0 and at most ${MAX_MINIMUM_ORDER_CENTS / 100}`);
      }
      if (currency === null) throw new CodeRulesError('a minimum order needs a currency (or a country)');
    }
    const now = Date.now();
    if (r.expiresAt !== null && (!Number.isSafeInteger(r.expiresAt) || r.expiresAt <= now || r.expiresAt > now + MAX_EXPIRY_MS)) {
      throw new CodeRulesError('the expiry must be in the future, and at most five years away');
    }
    if (r.paymentMethods !== null && (r.paymentMethods.length === 0 || !r.paymentMethods.every(isPaymentMethod))) {
      throw new CodeRulesError('the payment methods must be one or more of the method codes');
    }
    if (r.maxUses !== null && (!Number.isInteger(r.maxUses) || r.maxUses < 1 || r.maxUses > MAX_USES_LIMIT)) {
      throw new CodeRulesError(`the maximum number of uses must be 1-${MAX_USES_LIMIT} (or unlimited)`);
    }
    if (r.campaign !== null && !CAMPAIGN.test(r.campaign)) throw new CodeRulesError('a campaign name is 1-64 letters, digits, ".", "-" or "_"');
    const siteId = await this.siteFor(r);
    return { ...r, currency, siteId, paymentMethods: r.paymentMethods && [...new Set(r.paymentMethods)] };
  }

  /** A code for one member is for that member's site. */
  private async siteFor(r: CodeRules): Promise<number | null> {
    if (r.userId === null) return r.siteId;
    const site = await memberSiteOf(this.db, r.userId);
    if (site === undefined) throw new CodeRulesError(`no member with user id ${r.userId} (or the account is deleted)`);
    if (r.siteId !== null && r.siteId !== site) throw new CodeRulesError(`member ${r.userId} is on another site than the one given`);
    return site;
  }

  private async uniqueCodes(prefix: string, length: number, count: number): Promise<string[]> {
    const out = new Set<string>();
    for (let round = 0; out.size < count; round++) {
      if (round > 20) throw new CodeRulesError('could not find enough unused codes: use a longer random part');
      const fresh = new Set<string>();
      while (fresh.size < count - out.size) {
        const code = prefix + Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
        if (!out.has(code)) fresh.add(code);
      }
      const taken = await existingCodes(this.db, [...fresh]);
      for (const code of fresh) if (!taken.has(code)) out.add(code);
    }
    return [...out];
  }
}
