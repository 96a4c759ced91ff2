// Payment methods, statuses and the shapes that pages, islands and the JSON API share.

/** Our method codes (SPEC.md §3); providers map them to their own. "prezelewy24" is spelled as SPEC.md has it. */
export const PAYMENT_METHODS = [
  'sdd', 'prezelewy24', 'blik', 'sct', 'giropay', 'mastercard', 'visa', 'creditcard', 'cartebancaire', 'nexi',
  'ideal', 'bancontact', 'applepay', 'paysafecard', 'maestro', 'paypal', 'sofort', 'eps',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** Card methods: a repeat order by card is the "recurring card payment" of SPEC.md §4. */
export const CARD_METHODS: readonly PaymentMethod[] = ['creditcard', 'visa', 'mastercard', 'maestro', 'cartebancaire', 'nexi'];

/**
 * Card brands that were choices of their own before the chooser had one "Card" choice: providers
 * take every card through their one card method, so these codes are still accepted (old links,
 * API clients, repeat orders) and stand for the card choice.
 */
export const CARD_BRAND_CODES: readonly PaymentMethod[] = ['visa', 'mastercard', 'maestro', 'cartebancaire', 'nexi'];

/** The chooser's choice a method code stands for: a card brand is the card choice. */
export function choiceOf(method: PaymentMethod): PaymentMethod {
  return CARD_BRAND_CODES.includes(method) ? 'creditcard' : method;
}

/** What a provider says about a payment. */
export type ProviderStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';

/** Our payment's status: the provider's, plus what happened after it was paid. */
export type PaymentStatus = ProviderStatus | 'refunded' | 'charged_back';

/** What the payment status page and GET /api/payment.php show (SPEC.md §3 "Payment"). */
export interface PaymentView {
  payment_id: string;
  status: PaymentStatus;
  /** The state the page shows: loading (open), pending, completed, failed (failed, canceled, expired). */
  state: 'loading' | 'pending' | 'completed' | 'failed' | 'reversed';
  credits: number;
  amount_cents: number;
  currency: string;
  method: PaymentMethod;
  bundle_id: number;
  refund_days: number;
  created_at: number;
  /** A repeat order by card that failed: the page offers manual card entry or PayPal. */
  recurring_card: boolean;
  /** The discount of this payment (one per payment), or null: the list price was `amount_cents + discount.cents`. */
  discount: PaymentDiscount | null;
}

export interface PaymentDiscount {
  code: string;
  percent: number;
  cents: number;
}

/** The payment-status island: the payment it watches and the state the page shows now. */
export interface PaymentStatusProps {
  paymentId: string;
  state: 'loading' | 'pending';
}
