// Mollie (https://docs.mollie.com) through its official client. Mollie hosts the checkout; its
// webhook only names a payment (id=tr_…), and PaymentsService.settle() then fetches it here.
// Every failure of a call (network, 4xx, 5xx after the client's own retries) becomes a
// ProviderError whose message names the call and HTTP status only; Mollie's own words stay in
// `cause`, for the log.
import {
  MandateMethod, MollieApiError, PaymentMethod as MollieMethod, SequenceType, createMollieClient, type MollieClient, type Payment,
  type PaymentCreateParams,
} from '@mollie/api-client';
import { circuitFor, type Circuit } from '../../lib/circuit.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { PaymentMethod } from '../../../types/payments.js';
import { methodsForCountry } from './method-availability.js';
import { MOLLIE_METHODS, centsOf, mollieLocale, ourMethodOf, providerStatusOf, toMollieAmount } from './mollie-mapping.js';
import { ProviderError, type CreatePaymentRequest, type PaymentProvider, type ProviderPayment } from './payment-provider.js';

export interface MollieProviderOptions {
  apiKey: string;
  /**
   * Another base URL for Mollie's API (tests: the local stand-in). The client only speaks HTTPS to
   * it and trusts only its own bundle of public root certificates.
   */
  apiEndpoint?: string;
  /** The deadline of one call, the client's own retries of a 5xx included (default MOLLIE_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * Mollie answers in well under a second; its client retries a 5xx twice, 2 s apart, before giving
 * up (4 s). Past this a member gets "try again in a moment", and after a few such calls the
 * circuit answers that at once until a probe gets through.
 */
export const MOLLIE_TIMEOUT_MS = 5000;

/** The methods list changes when an operator switches a method on in Mollie's dashboard: rarely. */
const METHODS_TTL_MS = 5 * 60_000;

const NO_METHODS: ReadonlySet<string> = new Set();

export class MollieProvider implements PaymentProvider {
  readonly name = 'mollie' as const;
  readonly checkoutOrigins: readonly string[];
  private readonly client: MollieClient;
  private readonly circuit: Circuit;
  /** Mollie's method ids per sequence type, currency, amount and country: the checkout page does not wait on Mollie each time. */
  private readonly methodsCache = new TtlCache<ReadonlySet<string>>(METHODS_TTL_MS);

  constructor(options: MollieProviderOptions) {
    this.client = createMollieClient({ apiKey: options.apiKey, ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}) });
    this.circuit = circuitFor(`mollie ${new URL(options.apiEndpoint ?? 'https://api.mollie.com/v2/').host}`, {
      timeoutMs: options.timeoutMs ?? MOLLIE_TIMEOUT_MS,
      isServiceFault: isMollieOutage,
    });
    // A stand-in hosts its checkout pages itself.
    this.checkoutOrigins = ['https://www.mollie.com', ...(options.apiEndpoint ? [new URL(options.apiEndpoint).origin] : [])];
  }

  async methods(country: string, amountCents: number, currency: string): Promise<PaymentMethod[]> {
    const candidates = methodsForCountry(country).filter((m) => MOLLIE_METHODS[m] !== null);
    // Mollie collects direct debits only as recurring payments on a mandate (see create()).
    const [oneoff, recurring] = await Promise.all([
      this.enabledMethods(SequenceType.oneoff, country, amountCents, currency),
      candidates.includes('sdd') ? this.enabledMethods(SequenceType.recurring, country, amountCents, currency) : NO_METHODS,
    ]);
    return candidates.filter((m) => (m === 'sdd' ? recurring : oneoff).has(MOLLIE_METHODS[m]!));
  }

  async create(req: CreatePaymentRequest): Promise<ProviderPayment> {
    const method = MOLLIE_METHODS[req.method];
    if (!method) throw new ProviderError(`mollie: method ${req.method} is not offered`);
    const locale = mollieLocale(req.locale, req.country);
    const common = {
      amount: toMollieAmount(req.amountCents, req.currency),
      description: req.description,
      webhookUrl: req.webhookUrl,
      locale,
      // The code the member chose tells card brands apart, which Mollie reports all as `creditcard`.
      metadata: { reference: req.reference, method: req.method },
    };
    if (method !== MollieMethod.directdebit) {
      const payment = await this.call('payments.create', () =>
        this.client.payments.create({ ...common, method, redirectUrl: req.redirectUrl, idempotencyKey: `payment:${req.reference}` }),
      );
      return toProviderPayment(payment);
    }
    return toProviderPayment(await this.createDirectDebit(req, common));
  }

  async fetch(ref: string): Promise<ProviderPayment | null> {
    // Not a Mollie payment id: Mollie knows no such payment (and the client refuses to ask).
    if (!ref.startsWith('tr_')) return null;
    try {
      return toProviderPayment(await this.call('payments.get', () => this.client.payments.get(ref)));
    } catch (err) {
      if (err instanceof ProviderError && err.cause instanceof MollieApiError && err.cause.statusCode === 404) return null;
      throw err;
    }
  }

  async refund(ref: string, amountCents: number): Promise<void> {
    // A refund is in the payment's currency, which the interface leaves to the provider to know.
    const payment = await this.call('payments.get', () => this.client.payments.get(ref));
    await this.call('paymentRefunds.create', () =>
      this.client.paymentRefunds.create({ paymentId: ref, amount: toMollieAmount(amountCents, payment.amount.currency) }),
    );
  }

  /**
   * Mollie has no one-off direct debit: the mandate the member confirmed with us becomes a Mollie
   * mandate of a new customer, and the payment a recurring one on it. The bank collects it later:
   * the payment starts pending and has no checkout.
   */
  private async createDirectDebit(req: CreatePaymentRequest, common: Omit<PaymentCreateParams, 'method'>): Promise<Payment> {
    const debit = req.directDebit;
    if (!debit) throw new ProviderError('mollie: a direct debit needs the confirmed mandate');
    const customer = await this.call('customers.create', () =>
      this.client.customers.create({ name: debit.accountHolder, email: req.email, locale: common.locale, idempotencyKey: `customer:${req.reference}` }),
    );
    const mandate = await this.call('customerMandates.create', () =>
      this.client.customerMandates.create({
        customerId: customer.id,
        method: MandateMethod.directdebit,
        consumerName: debit.accountHolder,
        consumerAccount: debit.iban,
        mandateReference: debit.mandateReference,
        idempotencyKey: `mandate:${req.reference}`,
      }),
    );
    return this.call('payments.create', () =>
      this.client.payments.create({
        ...common,
        method: MollieMethod.directdebit,
        sequenceType: SequenceType.recurring,
        customerId: customer.id,
        mandateId: mandate.id,
        idempotencyKey: `payment:${req.reference}`,
      }),
    );
  }

  private enabledMethods(sequenceType: SequenceType, country: string, amountCents: number, currency: string): Promise<ReadonlySet<string>> {
    const billingCountry = /^[A-Z]{2}$/.test(country) ? country : undefined;
    const key = `${sequenceType}:${currency}:${amountCents}:${billingCountry ?? ''}`;
    return this.methodsCache.get(key, () =>
      this.call('methods.list', async () => {
        const list = await this.client.methods.list({
          sequenceType,
          amount: toMollieAmount(amountCents, currency),
          billingCountry,
          // Apple Pay is listed only when asked for; the hosted checkout then offers it on Apple devices.
          ...(sequenceType === SequenceType.oneoff ? { includeWallets: 'applepay' } : {}),
        });
        return new Set(list.map((m) => m.id));
      }),
    );
  }

  /** One call to Mollie, within the deadline and through the circuit. */
  private async call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    let answer: unknown;
    try {
      return await this.circuit.run(() =>
        request().catch((err: unknown) => {
          answer = err;
          throw err;
        }),
      );
    } catch (err) {
      // Mollie's own answer (a 422, a 503) says more than "unavailable"; none when the deadline passed or the circuit is open.
      throw providerError(operation, answer ?? err);
    }
  }
}

/** A refused request (4xx) is about the request; anything else (network, deadline, 5xx) is Mollie being unwell. */
function isMollieOutage(err: unknown): boolean {
  return !(err instanceof MollieApiError && err.statusCode !== undefined && err.statusCode < 500);
}

function providerError(operation: string, err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const status = err instanceof MollieApiError ? err.statusCode : undefined;
  return new ProviderError(`mollie ${operation} failed${status ? ` (HTTP ${status})` : ''}`, err, isMollieOutage(err));
}

function toProviderPayment(p: Payment): ProviderPayment {
  const metadata = (typeof p.metadata === 'object' && p.metadata !== null ? p.metadata : {}) as { reference?: unknown; method?: unknown };
  return {
    ref: p.id,
    status: providerStatusOf(p.status),
    amountCents: centsOf(p.amount),
    currency: p.amount.currency,
    method: ourMethodOf(p.method, metadata.method),
    refundedCents: centsOf(p.amountRefunded),
    chargedBackCents: centsOf(p.amountChargedBack),
    checkoutUrl: p._links.checkout?.href ?? null,
    reference: typeof metadata.reference === 'string' ? metadata.reference : null,
  };
}
