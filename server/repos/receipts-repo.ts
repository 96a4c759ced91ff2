// SQL for payment receipts: what a receipt states of one payment and its buyer, read inside the
// fulfilment's transaction (the method is the one the provider reported).
import type { Runner } from '../db.js';
import type { PaymentMethod } from '../../types/payments.js';

export interface ReceiptRow {
  publicId: string;
  credits: number;
  amountCents: number;
  discountCents: number;
  discountCode: string | null;
  currency: string;
  method: PaymentMethod;
  paidAt: number;
  siteId: number;
  userId: number;
  email: string;
  language: string;
  name: string | null;
}

export async function receiptOf(db: Runner, paymentId: number): Promise<ReceiptRow | undefined> {
  const r = (await db({ pay: 'payments' })
    .join({ u: 'users' }, 'u.id', 'pay.user_id')
    .leftJoin({ p: 'profiles' }, 'p.user_id', 'u.id')
    .leftJoin({ dc: 'discount_codes' }, 'dc.id', 'pay.discount_code_id')
    .where('pay.id', paymentId)
    .first(
      'pay.public_id', 'pay.credits', 'pay.amount_cents', 'pay.discount_cents', 'pay.currency', 'pay.method', 'pay.paid_at', 'pay.created_at',
      'pay.site_id', 'u.site_id as user_site_id', 'u.id as user_id', 'u.email', 'u.language', 'p.name', 'dc.code',
    )) as Record<string, unknown> | undefined;
  if (!r) return undefined;
  return {
    publicId: String(r.public_id), credits: Number(r.credits), amountCents: Number(r.amount_cents), discountCents: Number(r.discount_cents ?? 0),
    discountCode: (r.code as string | null) ?? null, currency: String(r.currency), method: r.method as PaymentMethod,
    paidAt: Number(r.paid_at ?? r.created_at), siteId: Number(r.site_id ?? r.user_site_id), userId: Number(r.user_id), email: String(r.email),
    language: String(r.language), name: (r.name as string | null) ?? null,
  };
}
