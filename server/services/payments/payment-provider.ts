// The one interface every payment provider is used through (DESIGN.md §2): the built-in test
// provider and Mollie. Providers only move money and report on it; crediting a member is ours and
// happens only after fetching the provider's word on a payment (PaymentsService.settle).
import type { PaymentMethod, ProviderStatus } from '../../../types/payments.js';

export interface ProviderPayment {
  /** The provider's id for the payment (Mollie: tr_…); our payments.provider_ref. */
  ref: string;
  status: ProviderStatus;
  amountCents: number;
  currency: string;
  /** The method the payer used (or was sent to), as our code; null when the provider does not say. */
  method: PaymentMethod | null;
  /** Sums over the payment's life; a refund or chargeback takes its share of the credits back. */
  refundedCents: number;
  chargedBackCents: number;
  /** Where to send the payer; null when there is nothing to do in a browser (direct debit). */
  checkoutUrl: string | null;
  /** Our payment's public id, as we gave it in create() (Mollie: metadata). */
  reference: string | null;
}

export interface CreatePaymentRequest {
  /** Our payment's public id; the provider hands it back in ProviderPayment.reference. */
  reference: string;
  amountCents: number;
  currency: string;
  /** Shown to the payer, e.g. "Amora: 100 credits". */
  description: string;
  method: PaymentMethod;
  /** The member's language (en, de, es, fr, it, nl, pl). */
  locale: string;
  /** The member's country (ISO 3166-1 alpha-2), for the provider's method rules. */
  country: string;
  email: string;
  /** Where the payer comes back to after the checkout. */
  redirectUrl: string;
  /** What the provider calls when the payment changes (POST, form field id=<ref>). */
  webhookUrl: string;
  /** Direct debit (method sdd) only: the confirmed mandate's account. */
  directDebit?: { accountHolder: string; iban: string; mandateReference: string };
}

export interface PaymentProvider {
  readonly name: 'test' | 'mollie';
  /** The methods this provider offers a payer in `country` for this amount, in our codes. */
  methods(country: string, amountCents: number, currency: string): Promise<PaymentMethod[]>;
  create(request: CreatePaymentRequest): Promise<ProviderPayment>;
  /** The provider's current word on a payment; null when the provider does not know the id. */
  fetch(ref: string): Promise<ProviderPayment | null>;
  /** Asks the provider to refund (part of) a paid payment; the webhook then reports it. */
  refund(ref: string, amountCents: number): Promise<void>;
  /**
   * Ends a checkout the payer abandoned, where the provider can (the test provider: its open
   * payments expire the way Mollie's do by themselves). Without it, reconcile expires only ours.
   */
  expire?(ref: string): Promise<void>;
  /** Origins the payer's browser is sent to (for the Content-Security-Policy form-action). */
  readonly checkoutOrigins: readonly string[];
  /** False where this provider must not take payments for a site reached at `hostname` (default: everywhere). */
  servesHost?(hostname: string): boolean;
}

/** A provider call that failed (network, 5xx, refused request): the member sees a localized retry message. */
export class ProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
    /** The provider is down or did not answer in time (503, try again), rather than refusing this request (502). */
    readonly unavailable = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
