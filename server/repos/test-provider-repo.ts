// SQL for the built-in test provider's own records. It plays an outside provider, so it never
// reads or writes our payments table.
import type { Runner } from '../db.js';

export interface TestProviderRow {
  ref: string;
  reference: string;
  amountCents: number;
  currency: string;
  method: string;
  status: string;
  refundedCents: number;
  chargedBackCents: number;
  description: string;
  redirectUrl: string;
  webhookUrl: string;
}

interface Raw {
  ref: string;
  reference: string;
  amount_cents: number | string;
  currency: string;
  method: string;
  status: string;
  refunded_cents: number | string;
  charged_back_cents: number | string;
  description: string;
  redirect_url: string;
  webhook_url: string;
}

const toRow = (r: Raw): TestProviderRow => ({
  ref: r.ref,
  reference: r.reference,
  amountCents: Number(r.amount_cents),
  currency: r.currency,
  method: r.method,
  status: r.status,
  refundedCents: Number(r.refunded_cents),
  chargedBackCents: Number(r.charged_back_cents),
  description: r.description,
  redirectUrl: r.redirect_url,
  webhookUrl: r.webhook_url,
});

export async function insertTestPayment(db: Runner, p: Omit<TestProviderRow, 'refundedCents' | 'chargedBackCents'>): Promise<void> {
  const now = Date.now();
  await db('test_provider_payments').insert({
    ref: p.ref, reference: p.reference, amount_cents: p.amountCents, currency: p.currency, method: p.method, status: p.status,
    description: p.description, redirect_url: p.redirectUrl, webhook_url: p.webhookUrl, created_at: now, updated_at: now,
  });
}

export async function findTestPayment(db: Runner, ref: string): Promise<TestProviderRow | undefined> {
  const row = (await db('test_provider_payments').where({ ref }).first()) as Raw | undefined;
  return row ? toRow(row) : undefined;
}

/** Moves an open or pending payment to `status`; a settled one stays as it is. Returns whether it moved. */
export async function setTestPaymentStatus(db: Runner, ref: string, status: string): Promise<boolean> {
  const n = await db('test_provider_payments').where({ ref }).whereIn('status', ['open', 'pending']).update({ status, updated_at: Date.now() });
  return n === 1;
}

/** Adds a refund or chargeback to a paid payment, never beyond its amount. Returns whether it applied. */
export async function addTestReversal(db: Runner, ref: string, kind: 'refunded_cents' | 'charged_back_cents', cents: number): Promise<boolean> {
  const n = await db('test_provider_payments')
    .where({ ref, status: 'paid' })
    .andWhereRaw('refunded_cents + charged_back_cents + ? <= amount_cents', [cents])
    .update({ [kind]: db.raw(`${kind} + ?`, [cents]), updated_at: Date.now() });
  return n === 1;
}
