// SQL for our payments: one row per checkout attempt, the provider's reference, and what fulfilment
// and reversals (refunds, chargebacks) did. Credits move only through credits-repo's ledger.
import { isSqlite, type Runner, type Tx } from '../db.js';
import { batchedFirstRow } from '../db-read-batch.js';
import type { PaymentMethod, PaymentStatus } from '../../types/payments.js';

export interface PaymentRow {
  id: number;
  publicId: string;
  userId: number;
  siteId: number | null;
  bundleId: number;
  credits: number;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  provider: string;
  providerRef: string | null;
  status: PaymentStatus;
  idempotencyKey: string | null;
  checkoutUrl: string | null;
  isRepeat: boolean;
  mandateId: number | null;
  refundedCents: number;
  chargedBackCents: number;
  creditsReversed: number;
  paidAt: number | null;
  fulfilledAt: number | null;
  createdAt: number;
  /** The discount taken off the bundle's list price (one per payment); 0: none. */
  discountCents: number;
  discountCodeId: number | null;
}

type Raw = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toPayment = (r: Raw): PaymentRow => ({
  id: num(r.id),
  publicId: String(r.public_id),
  userId: num(r.user_id),
  siteId: numOrNull(r.site_id),
  bundleId: num(r.bundle_id),
  credits: num(r.credits),
  amountCents: num(r.amount_cents),
  currency: String(r.currency),
  method: r.method as PaymentMethod,
  provider: String(r.provider),
  providerRef: (r.provider_ref as string | null) ?? null,
  status: r.status as PaymentStatus,
  idempotencyKey: (r.idempotency_key as string | null) ?? null,
  checkoutUrl: (r.checkout_url as string | null) ?? null,
  isRepeat: Boolean(r.is_repeat),
  mandateId: numOrNull(r.mandate_id),
  refundedCents: num(r.refunded_cents),
  chargedBackCents: num(r.charged_back_cents),
  creditsReversed: num(r.credits_reversed),
  paidAt: numOrNull(r.paid_at),
  fulfilledAt: numOrNull(r.fulfilled_at),
  createdAt: num(r.created_at),
  discountCents: num(r.discount_cents ?? 0),
  discountCodeId: numOrNull(r.discount_code_id),
});

/** A checkout about to go to the provider: it starts open, without the provider's reference. */
export type NewPayment = Pick<PaymentRow, 'publicId' | 'userId' | 'bundleId' | 'credits' | 'amountCents' | 'currency' | 'method' | 'provider' | 'isRepeat' | 'mandateId'> & {
  siteId: number;
  idempotencyKey: string;
  /** The discount in the amount (pricing.ts); the code is set by setPaymentDiscountCode once reserved. */
  discountCents?: number;
};

export async function insertPayment(db: Runner, p: NewPayment): Promise<void> {
  const now = Date.now();
  await db('payments').insert({
    public_id: p.publicId, user_id: p.userId, site_id: p.siteId, bundle_id: p.bundleId, credits: p.credits, amount_cents: p.amountCents,
    currency: p.currency, method: p.method, provider: p.provider, status: 'open', idempotency_key: p.idempotencyKey,
    is_repeat: p.isRepeat, mandate_id: p.mandateId, discount_cents: p.discountCents ?? 0, created_at: now, updated_at: now,
  });
}

export async function setPaymentDiscountCode(db: Runner, id: number, codeId: number): Promise<void> {
  await db('payments').where({ id }).update({ discount_code_id: codeId });
}

export async function findPaymentByKey(db: Runner, idempotencyKey: string): Promise<PaymentRow | undefined> {
  const row = (await db('payments').where({ idempotency_key: idempotencyKey }).first()) as Raw | undefined;
  return row ? toPayment(row) : undefined;
}

export async function findPaymentByPublicId(db: Runner, publicId: string): Promise<PaymentRow | undefined> {
  const row = (await db('payments').where({ public_id: publicId }).first()) as Raw | undefined;
  return row ? toPayment(row) : undefined;
}

export async function findPaymentByRef(db: Runner, provider: string, ref: string): Promise<PaymentRow | undefined> {
  const row = (await db('payments').where({ provider, provider_ref: ref }).first()) as Raw | undefined;
  return row ? toPayment(row) : undefined;
}

/** The payment row, write-locked for the rest of the transaction (SQLite: its transactions already serialize writers). */
export async function lockPayment(tx: Tx, id: number): Promise<PaymentRow> {
  const q = tx('payments').where({ id }).first();
  const row = (await (isSqlite(tx) ? q : q.forUpdate())) as Raw;
  return toPayment(row);
}

export async function recordProviderAnswer(db: Runner, id: number, a: { providerRef: string; checkoutUrl: string | null; status: PaymentStatus }): Promise<void> {
  await db('payments').where({ id }).update({ provider_ref: a.providerRef, checkout_url: a.checkoutUrl, status: a.status, updated_at: Date.now() });
}

export async function updatePayment(db: Runner, id: number, fields: Partial<{
  status: PaymentStatus; method: PaymentMethod; paidAt: number; fulfilledAt: number;
  refundedCents: number; chargedBackCents: number; creditsReversed: number;
}>): Promise<void> {
  const row: Record<string, unknown> = { updated_at: Date.now() };
  if (fields.status !== undefined) row.status = fields.status;
  if (fields.method !== undefined) row.method = fields.method;
  if (fields.paidAt !== undefined) row.paid_at = fields.paidAt;
  if (fields.fulfilledAt !== undefined) row.fulfilled_at = fields.fulfilledAt;
  if (fields.refundedCents !== undefined) row.refunded_cents = fields.refundedCents;
  if (fields.chargedBackCents !== undefined) row.charged_back_cents = fields.chargedBackCents;
  if (fields.creditsReversed !== undefined) row.credits_reversed = fields.creditsReversed;
  await db('payments').where({ id }).update(row);
}

/** A member's payments, newest first. */
export async function paymentsOf(db: Runner, userId: number, limit: number): Promise<PaymentRow[]> {
  const rows = (await db('payments').where({ user_id: userId }).orderBy('id', 'desc').limit(limit)) as Raw[];
  return rows.map(toPayment);
}

/** lastFulfilledPayment()'s statement, a fixed text (batchedFirstRow): /credits offers the repeat order on every view. */
const LAST_FULFILLED = 'SELECT * FROM payments WHERE user_id = ? AND fulfilled_at IS NOT NULL ORDER BY id DESC LIMIT 1';

/** The member's newest fulfilled payment: what a repeat order repeats. */
export async function lastFulfilledPayment(db: Runner, userId: number): Promise<PaymentRow | undefined> {
  const row = await batchedFirstRow<Raw>(db, LAST_FULFILLED, [userId]);
  return row ? toPayment(row) : undefined;
}

/**
 * Payments the provider may have news on that no webhook brought: open or pending ones older than
 * `createdBefore` (a webhook normally comes within seconds), paid ones still inside the refund
 * window (a refund or chargeback can come later), and ones expired since `expiredSince` (one the
 * provider still had open when we expired it may yet be paid, and is then fulfilled).
 */
export async function paymentsToReconcile(
  db: Runner,
  o: { createdBefore: number; createdAfter: number; expiredSince: number; limit: number },
): Promise<PaymentRow[]> {
  const rows = (await db('payments')
    .whereNotNull('provider_ref')
    .andWhere('created_at', '>=', o.createdAfter)
    .andWhere((w) =>
      w
        .where((x) => x.whereIn('status', ['open', 'pending']).andWhere('created_at', '<', o.createdBefore))
        .orWhere('status', 'paid')
        .orWhere((x) => x.where('status', 'expired').andWhere('updated_at', '>=', o.expiredSince)),
    )
    .orderBy('id')
    .limit(o.limit)) as Raw[];
  return rows.map(toPayment);
}

/**
 * Expires an abandoned checkout unless it was fulfilled meanwhile: one guarded statement, so a paid
 * webhook settling at the same moment either comes first (nothing expires) or finds it expired
 * and fulfils it all the same (settle credits any unfulfilled payment the provider calls paid).
 */
export async function expireUnfulfilled(db: Runner, id: number): Promise<boolean> {
  const n = await db('payments').where({ id }).whereIn('status', ['open', 'pending']).whereNull('fulfilled_at').update({ status: 'expired', updated_at: Date.now() });
  return Number(n) > 0;
}

/** Marks the member premium for life (the first fulfilled payment); later calls change nothing. */
export async function makePremium(tx: Tx, userId: number, now: number): Promise<void> {
  await tx('users').where({ id: userId }).update({ paid_user: true, updated_at: now });
  await tx('users').where({ id: userId }).whereNull('premium_since').update({ premium_since: now });
}

export async function blockDirectDebit(tx: Tx, userId: number, now: number): Promise<void> {
  await tx('users').where({ id: userId }).whereNull('direct_debit_blocked_at').update({ direct_debit_blocked_at: now });
}
