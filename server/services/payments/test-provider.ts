// The built-in test provider (DESIGN.md §2): it behaves like an outside provider. Payers go to its
// hosted checkout page (/test-checkout/{ref}) and choose pay, fail, cancel or leave pending; it then
// POSTs `id=<ref>` to our webhook over HTTP, exactly as Mollie does, and sends the payer back. It
// moves no money, so it runs only where chosen (PAYMENT_PROVIDER=test) or, as the embedded demo's
// default, for loopback and *.localhost hosts only (config.testPaymentsLocalOnly).
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import { isLocalHost } from '../../lib/local-host.js';
import { addTestReversal, findTestPayment, insertTestPayment, setTestPaymentStatus, type TestProviderRow } from '../../repos/test-provider-repo.js';
import { isPaymentMethod, type PaymentMethod, type ProviderStatus } from '../../../types/payments.js';
import { methodsForCountry } from './method-availability.js';
import { ProviderError, type CreatePaymentRequest, type PaymentProvider, type ProviderPayment } from './payment-provider.js';

/** What the payer can choose on the hosted checkout page. */
export const TEST_CHECKOUT_ACTIONS = { pay: 'paid', fail: 'failed', cancel: 'canceled', pending: 'pending' } as const;
export type TestCheckoutAction = keyof typeof TEST_CHECKOUT_ACTIONS;

const WEBHOOK_TIMEOUT_MS = 10_000;

export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly checkoutOrigins: readonly string[] = [];

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    /** Serve only hosts of this machine (the demo's default, not an explicit choice). */
    readonly localOnly = false,
  ) {}

  servesHost(hostname: string): boolean {
    return !this.localOnly || isLocalHost(hostname);
  }

  async methods(country: string): Promise<PaymentMethod[]> {
    return methodsForCountry(country);
  }

  async create(req: CreatePaymentRequest): Promise<ProviderPayment> {
    const ref = `tp_${randomBytes(10).toString('hex')}`;
    // A direct debit needs no payer in a browser: the bank collects it, so it starts pending.
    const status: ProviderStatus = req.method === 'sdd' ? 'pending' : 'open';
    await insertTestPayment(this.db, {
      ref, reference: req.reference, amountCents: req.amountCents, currency: req.currency, method: req.method, status,
      description: req.description, redirectUrl: req.redirectUrl, webhookUrl: req.webhookUrl,
    });
    const row = await findTestPayment(this.db, ref);
    return this.toPayment(row!);
  }

  async fetch(ref: string): Promise<ProviderPayment | null> {
    const row = await findTestPayment(this.db, ref);
    return row ? this.toPayment(row) : null;
  }

  async refund(ref: string, amountCents: number): Promise<void> {
    if (!(await addTestReversal(this.db, ref, 'refunded_cents', amountCents))) throw new ProviderError(`test provider: cannot refund ${amountCents} of ${ref}`);
    await this.notify(ref);
  }

  /** The hosted page's payment, for rendering it. */
  async checkout(ref: string): Promise<TestProviderRow | undefined> {
    return findTestPayment(this.db, ref);
  }

  /** The payer's choice on the hosted page (or the bank's, for a pending direct debit); then the webhook. */
  async decide(ref: string, action: TestCheckoutAction): Promise<TestProviderRow | undefined> {
    const row = await findTestPayment(this.db, ref);
    if (!row) return undefined;
    if (await setTestPaymentStatus(this.db, ref, TEST_CHECKOUT_ACTIONS[action])) await this.notify(ref);
    return findTestPayment(this.db, ref);
  }

  /** An abandoned checkout ends (reconcile asks): open or pending becomes expired, a settled one stays as it is. */
  async expire(ref: string): Promise<void> {
    await setTestPaymentStatus(this.db, ref, 'expired');
  }

  /** A chargeback by the payer's bank (tests and `amora payments` use it); then the webhook. */
  async chargeback(ref: string, amountCents: number): Promise<void> {
    if (!(await addTestReversal(this.db, ref, 'charged_back_cents', amountCents))) throw new ProviderError(`test provider: cannot charge back ${ref}`);
    await this.notify(ref);
  }

  /**
   * Tells the merchant that the payment changed, the way real providers do: only the id, so the
   * merchant has to fetch the status itself. A failed delivery is logged; `amora payments
   * reconcile` settles what a lost webhook left open.
   */
  async notify(ref: string): Promise<boolean> {
    const row = await findTestPayment(this.db, ref);
    if (!row) return false;
    try {
      const res = await fetch(row.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: ref }).toString(),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!res.ok) this.logger.warn({ ref, status: res.status }, 'test provider: webhook answered with an error');
      return res.ok;
    } catch (err) {
      this.logger.warn({ ref, err: (err as Error).message }, 'test provider: webhook delivery failed');
      return false;
    }
  }

  private toPayment(row: TestProviderRow): ProviderPayment {
    return {
      ref: row.ref,
      status: row.status as ProviderStatus,
      amountCents: row.amountCents,
      currency: row.currency,
      method: isPaymentMethod(row.method) ? row.method : null,
      refundedCents: row.refundedCents,
      chargedBackCents: row.chargedBackCents,
      checkoutUrl: row.method === 'sdd' ? null : checkoutUrlOf(row),
      reference: row.reference,
    };
  }
}

/** The hosted page lives on the merchant's own host, so it works for every site without configuration. */
function checkoutUrlOf(row: TestProviderRow): string {
  return new URL(`/test-checkout/${row.ref}`, row.redirectUrl).toString();
}
