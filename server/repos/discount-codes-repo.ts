// SQL for discount codes and their redemptions (issue 14). Codes are stored normalized (trimmed,
// upper case, ASCII only: discount-code-rules.ts), so an exact match is a case-insensitive match
// on every database. `uses` counts reserved and used redemptions together: taking a use is one
// conditional UPDATE, which the database serializes, so the last use goes to exactly one checkout.
import { isSqlite, type Runner } from '../db.js';
import type { PaymentMethod } from '../../types/payments.js';

export type DiscountKind = 'code' | 'welcome' | 'timebonus';

export interface DiscountCodeRow {
  id: number;
  code: string;
  percent: number;
  currency: string | null;
  minimumOrderCents: number | null;
  country: string | null;
  userId: number | null;
  siteId: number | null;
  expiresAt: number | null;
  status: 'active' | 'disabled';
  /** Null: any method. */
  paymentMethods: PaymentMethod[] | null;
  kind: DiscountKind;
  maxUses: number | null;
  uses: number;
  campaign: string | null;
  createdAt: number;
}

export type NewDiscountCode = Omit<DiscountCodeRow, 'id' | 'uses' | 'createdAt' | 'status' | 'kind'> & { kind?: DiscountKind };

type Raw = Record<string, unknown>;
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

function methodsOf(v: unknown): PaymentMethod[] | null {
  if (v === null || v === undefined) return null;
  try {
    const parsed = JSON.parse(String(v)) as unknown;
    return Array.isArray(parsed) ? (parsed as PaymentMethod[]) : null;
  } catch {
    return null;
  }
}

const toCode = (r: Raw): DiscountCodeRow => ({
  id: Number(r.id),
  code: String(r.code),
  percent: Number(r.value_percentage),
  currency: strOrNull(r.currency),
  minimumOrderCents: numOrNull(r.minimum_order_cents),
  country: strOrNull(r.country),
  userId: numOrNull(r.user_id),
  siteId: numOrNull(r.site_id),
  expiresAt: numOrNull(r.expires_at),
  status: r.status === 'active' ? 'active' : 'disabled',
  paymentMethods: methodsOf(r.paymentmethods),
  kind: (r.kind as DiscountKind) ?? 'code',
  maxUses: numOrNull(r.max_uses),
  uses: Number(r.uses ?? 0),
  campaign: strOrNull(r.campaign),
  createdAt: Number(r.created_at),
});

const toRow = (c: NewDiscountCode, now: number) => ({
  code: c.code, value_percentage: c.percent, currency: c.currency, minimum_order_cents: c.minimumOrderCents, country: c.country,
  user_id: c.userId, site_id: c.siteId, expires_at: c.expiresAt, status: 'active', kind: c.kind ?? 'code', max_uses: c.maxUses, uses: 0,
  paymentmethods: c.paymentMethods ? JSON.stringify(c.paymentMethods) : null, campaign: c.campaign, created_at: now,
});

export async function findCode(db: Runner, code: string): Promise<DiscountCodeRow | undefined> {
  const row = (await db('discount_codes').where({ code }).first()) as Raw | undefined;
  return row ? toCode(row) : undefined;
}

export async function findCodeById(db: Runner, id: number): Promise<DiscountCodeRow | undefined> {
  const row = (await db('discount_codes').where({ id }).first()) as Raw | undefined;
  return row ? toCode(row) : undefined;
}

/** Which of `codes` exist already (a batch regenerates those). */
export async function existingCodes(db: Runner, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < codes.length; i += 500) {
    const rows = (await db('discount_codes').whereIn('code', codes.slice(i, i + 500)).select('code')) as Raw[];
    for (const r of rows) found.add(String(r.code));
  }
  return found;
}

export async function insertCodes(db: Runner, codes: NewDiscountCode[]): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < codes.length; i += 200) await db('discount_codes').insert(codes.slice(i, i + 200).map((c) => toRow(c, now)));
}

export interface CodeFilter {
  codes?: string[];
  campaign?: string;
  siteId?: number;
  includeDisabled?: boolean;
  limit: number;
}

export async function listCodes(db: Runner, f: CodeFilter): Promise<DiscountCodeRow[]> {
  const q = db('discount_codes').where({ kind: 'code' }).orderBy('id', 'desc').limit(f.limit);
  if (f.codes) q.whereIn('code', f.codes);
  if (f.campaign !== undefined) q.where({ campaign: f.campaign });
  if (f.siteId !== undefined) q.where({ site_id: f.siteId });
  if (!f.includeDisabled) q.where({ status: 'active' });
  return ((await q) as Raw[]).map(toCode);
}

/** Disables the active codes among `ids`; returns how many changed. */
export async function disableCodes(db: Runner, ids: number[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += 500) {
    n += Number(await db('discount_codes').whereIn('id', ids.slice(i, i + 500)).where({ status: 'active' }).update({ status: 'disabled' }));
  }
  return n;
}

/** Enables the disabled codes among `ids`; returns how many changed. */
export async function enableCodes(db: Runner, ids: number[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += 500) {
    n += Number(await db('discount_codes').whereIn('id', ids.slice(i, i + 500)).where({ status: 'disabled' }).update({ status: 'active' }));
  }
  return n;
}

export interface CodeStats {
  used: number;
  reserved: number;
  /** What fulfilled payments with the code brought in, after refunds and chargebacks, per currency. */
  revenueCents: Record<string, number>;
}

export async function statsOf(db: Runner, ids: number[]): Promise<Map<number, CodeStats>> {
  const out = new Map<number, CodeStats>(ids.map((id) => [id, { used: 0, reserved: 0, revenueCents: {} }]));
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const counts = (await db('discount_redemptions').whereIn('discount_code_id', chunk).groupBy('discount_code_id', 'status')
      .select('discount_code_id', 'status').count({ n: '*' })) as Raw[];
    for (const c of counts) {
      const s = out.get(Number(c.discount_code_id))!;
      if (c.status === 'used') s.used = Number(c.n);
      else s.reserved = Number(c.n);
    }
    const money = (await db('payments').whereIn('discount_code_id', chunk).whereNotNull('fulfilled_at').groupBy('discount_code_id', 'currency')
      .select('discount_code_id', 'currency').sum({ cents: db.raw('amount_cents - refunded_cents - charged_back_cents') })) as Raw[];
    for (const m of money) out.get(Number(m.discount_code_id))!.revenueCents[String(m.currency)] = Number(m.cents);
  }
  return out;
}

export interface RedemptionRow {
  id: number;
  codeId: number;
  userId: number;
  paymentId: number | null;
  status: 'reserved' | 'used';
}

const toRedemption = (r: Raw): RedemptionRow => ({
  id: Number(r.id), codeId: Number(r.discount_code_id), userId: Number(r.user_id), paymentId: numOrNull(r.payment_id),
  status: r.status === 'reserved' ? 'reserved' : 'used',
});

/**
 * The member's redemption of a code. `latest`: inside a transaction, read the latest committed row
 * (a locking read on MariaDB), not the transaction's snapshot, e.g. after a unique violation.
 */
export async function redemptionOf(db: Runner, codeId: number, userId: number, o: { latest?: boolean } = {}): Promise<RedemptionRow | undefined> {
  const q = db('discount_redemptions').where({ discount_code_id: codeId, user_id: userId }).first();
  const row = (await (o.latest && !isSqlite(db) ? q.forShare() : q)) as Raw | undefined;
  return row ? toRedemption(row) : undefined;
}

export async function redemptionForPayment(db: Runner, paymentId: number): Promise<RedemptionRow | undefined> {
  const row = (await db('discount_redemptions').where({ payment_id: paymentId }).first()) as Raw | undefined;
  return row ? toRedemption(row) : undefined;
}

/**
 * Takes one use of a code that is active, unexpired and not used up, in one guarded statement:
 * concurrent checkouts queue on the row and each sees the count the previous one left.
 */
export async function takeUse(db: Runner, codeId: number, now: number): Promise<boolean> {
  const n = await db('discount_codes')
    .where({ id: codeId, status: 'active' })
    .andWhere((w) => w.whereNull('expires_at').orWhere('expires_at', '>', now))
    .andWhere((w) => w.whereNull('max_uses').orWhereRaw('?? < ??', ['uses', 'max_uses']))
    .increment('uses', 1);
  return Number(n) > 0;
}

/** A use counted however the code stands now: a payment already made at the discounted price. */
export async function forceUse(db: Runner, codeId: number): Promise<void> {
  await db('discount_codes').where({ id: codeId }).increment('uses', 1);
}

export async function giveBackUse(db: Runner, codeId: number): Promise<void> {
  await db('discount_codes').where({ id: codeId }).andWhere('uses', '>', 0).decrement('uses', 1);
}

export async function insertRedemption(db: Runner, r: { codeId: number; userId: number; paymentId: number; status: 'reserved' | 'used' }): Promise<void> {
  const now = Date.now();
  await db('discount_redemptions').insert({
    discount_code_id: r.codeId, user_id: r.userId, payment_id: r.paymentId, status: r.status, created_at: now, updated_at: now,
  });
}

/** Marks the payment's reservation used; false when it has none (left) to mark. */
export async function markRedemptionUsed(db: Runner, paymentId: number): Promise<boolean> {
  const n = await db('discount_redemptions').where({ payment_id: paymentId, status: 'reserved' }).update({ status: 'used', updated_at: Date.now() });
  return Number(n) > 0;
}

/** Deletes the payment's reservation (a used redemption stays); returns its code when one was deleted. */
export async function deleteReservation(db: Runner, paymentId: number): Promise<number | undefined> {
  const row = await redemptionForPayment(db, paymentId);
  if (!row || row.status !== 'reserved') return undefined;
  const n = await db('discount_redemptions').where({ id: row.id, status: 'reserved' }).del();
  return Number(n) > 0 ? row.codeId : undefined;
}

/** The discount a payment was started with (payments.discount_code_id), for a late confirmation. */
export async function paymentDiscountOf(db: Runner, paymentId: number): Promise<{ codeId: number; userId: number } | undefined> {
  const row = (await db('payments').where({ id: paymentId }).first('discount_code_id', 'user_id')) as Raw | undefined;
  return row && row.discount_code_id !== null ? { codeId: Number(row.discount_code_id), userId: Number(row.user_id) } : undefined;
}

/** The site of a member who can still use a code (not deleted), for codes made for one member. */
export async function memberSiteOf(db: Runner, userId: number): Promise<number | undefined> {
  const row = (await db('users').where({ id: userId }).whereNot({ status: 'deleted' }).first('site_id')) as Raw | undefined;
  return row ? Number(row.site_id) : undefined;
}

/** What the welcome offer and the time bonus depend on: whether the member ever paid, and when they signed up. */
export async function promoFactsOf(db: Runner, userId: number): Promise<{ paidUser: boolean; signupDate: number } | undefined> {
  const row = (await db('users').where({ id: userId }).first('paid_user', 'signup_date')) as Raw | undefined;
  return row && { paidUser: Boolean(row.paid_user), signupDate: Number(row.signup_date) };
}

/** The member's latest code of `campaign` made for them alone (the retention offer's), if any. */
export async function memberCodeOf(db: Runner, userId: number, campaign: string): Promise<DiscountCodeRow | undefined> {
  const row = (await db('discount_codes').where({ user_id: userId, campaign, kind: 'code' }).orderBy('id', 'desc').first()) as Raw | undefined;
  return row ? toCode(row) : undefined;
}

/**
 * Holds the member's row until the transaction ends, so two requests that each create something
 * once per member (the retention code) run one after the other. SQLite serializes writers anyway.
 */
export async function lockMember(tx: Runner, userId: number): Promise<void> {
  if (!isSqlite(tx)) await tx('users').where({ id: userId }).forUpdate().first('id');
}

/** The code and percentage of each of `ids`, for showing the discounts of payments. */
export async function codeNamesOf(db: Runner, ids: number[]): Promise<Map<number, { code: string; percent: number }>> {
  const out = new Map<number, { code: string; percent: number }>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = (await db('discount_codes').whereIn('id', unique.slice(i, i + 500)).select('id', 'code', 'value_percentage')) as Raw[];
    for (const r of rows) out.set(Number(r.id), { code: String(r.code), percent: Number(r.value_percentage) });
  }
  return out;
}
