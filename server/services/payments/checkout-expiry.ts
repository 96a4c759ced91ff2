// When an abandoned checkout counts as expired (`amora payments reconcile` applies it). Providers
// end most of them first: Mollie expires an open payment after about 15 minutes for most methods
// and an open bank transfer after 12 days (its default). Ours are a little longer, so the
// provider's own word normally comes first; they catch what a provider leaves open for ever (the
// test provider) or a status that never moves on.
import type { PaymentMethod, PaymentStatus } from '../../../types/payments.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A checkout the payer never finished in a browser (card, wallet, iDEAL, …). */
export const OPEN_EXPIRY_MS = 60 * MINUTE_MS;
/** Started but not confirmed yet (a card authorised but not captured, a bank still answering). */
export const PENDING_EXPIRY_MS = DAY_MS;
/** Bank transfer and direct debit move at the banks' pace: days, not minutes. */
export const BANK_EXPIRY_MS = 14 * DAY_MS;

const BANK_METHODS: readonly PaymentMethod[] = ['sct', 'sdd'];

/** The moment a payment still open or pending expires; null for any other status. */
export function expiresAt(p: { status: PaymentStatus; method: PaymentMethod; createdAt: number }): number | null {
  if (p.status !== 'open' && p.status !== 'pending') return null;
  if (BANK_METHODS.includes(p.method)) return p.createdAt + BANK_EXPIRY_MS;
  return p.createdAt + (p.status === 'open' ? OPEN_EXPIRY_MS : PENDING_EXPIRY_MS);
}
