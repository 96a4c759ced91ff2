// What the Mollie stand-in's answers look like: Mollie's resources as JSON (HAL `_links`, amounts
// as strings with the currency), Mollie's error bodies, and the ids Mollie hands out.
import { randomBytes } from 'node:crypto';
import type { SequenceType, StandinMethod } from './mollie-standin-data.js';

export type StandinStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface Amount {
  currency: string;
  value: string;
}

export interface StandinRefund {
  id: string;
  cents: number;
  createdAt: string;
}

/** A payment as the stand-in keeps it. */
export interface StandinPayment {
  id: string;
  createdAt: string;
  status: StandinStatus;
  statusAt: string;
  amountCents: number;
  currency: string;
  description: string;
  method: string | null;
  metadata: unknown;
  redirectUrl: string | null;
  webhookUrl: string | null;
  locale: string | null;
  sequenceType: SequenceType;
  customerId: string | null;
  mandateId: string | null;
  refunds: StandinRefund[];
  chargedBackCents: number;
}

/** An error the way Mollie answers it: status, title, detail, and the field at fault. */
export class MollieError extends Error {
  constructor(readonly status: number, readonly title: string, readonly detail: string, readonly field?: string) {
    super(detail);
  }

  json(): Record<string, unknown> {
    return { status: this.status, title: this.title, detail: this.detail, ...(this.field ? { field: this.field } : {}), _links: { documentation: DOCS } };
  }
}

export function invalid(field: string, detail: string): MollieError {
  return new MollieError(422, 'Unprocessable Entity', detail, field);
}

const DOCS = { href: 'https://docs.mollie.com/reference/', type: 'text/html' };

/** Mollie's amount object → cents; anything else is Mollie's 422. */
export function parseAmount(input: unknown): { cents: number; currency: string } {
  const a = input as Partial<Amount> | undefined;
  if (typeof a?.currency !== 'string' || !/^[A-Z]{3}$/.test(a.currency)) throw invalid('amount.currency', 'The amount currency is invalid.');
  // Two decimals, as for every currency the stand-in knows (Mollie wants the currency's own count).
  const m = typeof a.value === 'string' ? /^(\d+)\.(\d{2})$/.exec(a.value) : null;
  if (!m) throw invalid('amount.value', 'The amount contains an invalid value.');
  return { cents: Number(m[1]) * 100 + Number(m[2]), currency: a.currency };
}

export function amountOf(cents: number, currency: string): Amount {
  return { currency, value: (cents / 100).toFixed(2) };
}

/** The random part of a Mollie id (tr_…, re_…). */
export function token(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}

export const refundedCents = (p: StandinPayment): number => p.refunds.reduce((sum, r) => sum + r.cents, 0);

/** What is left to refund or charge back. */
export const remainingCents = (p: StandinPayment): number => p.amountCents - refundedCents(p) - p.chargedBackCents;

/** Mollie's resources as JSON, with links into the stand-in at `origin`. */
export class MollieJson {
  readonly apiUrl: string;

  constructor(readonly origin: string) {
    this.apiUrl = `${origin}/v2/`;
  }

  payment(p: StandinPayment): Record<string, unknown> {
    const json: Record<string, unknown> = {
      resource: 'payment', id: p.id, mode: 'test', createdAt: p.createdAt, amount: amountOf(p.amountCents, p.currency), description: p.description,
      method: p.method, metadata: p.metadata, status: p.status, isCancelable: p.status === 'open', profileId: 'pfl_StandIn001',
      sequenceType: p.sequenceType, redirectUrl: p.redirectUrl, webhookUrl: p.webhookUrl,
      ...(p.locale ? { locale: p.locale } : {}),
      ...(p.customerId ? { customerId: p.customerId } : {}),
      ...(p.mandateId ? { mandateId: p.mandateId } : {}),
    };
    const links: Record<string, unknown> = { self: this.api(`payments/${p.id}`), dashboard: this.html(`/dashboard/payments/${p.id}`) };
    if (p.status === 'open') {
      json.expiresAt = new Date(Date.parse(p.createdAt) + 15 * 60_000).toISOString();
      // A recurring payment has no payer to send anywhere.
      if (p.sequenceType !== 'recurring') links.checkout = this.html(`/checkout/${p.id}`);
    }
    if (p.status === 'authorized') json.authorizedAt = p.statusAt;
    if (p.status === 'paid') {
      json.paidAt = p.statusAt;
      json.amountRefunded = amountOf(refundedCents(p), p.currency);
      json.amountRemaining = amountOf(remainingCents(p), p.currency);
    }
    if (p.status === 'failed' || p.status === 'canceled' || p.status === 'expired') json[`${p.status}At`] = p.statusAt;
    if (p.chargedBackCents > 0) {
      json.amountChargedBack = amountOf(p.chargedBackCents, p.currency);
      links.chargebacks = this.api(`payments/${p.id}/chargebacks`);
    }
    if (p.refunds.length) links.refunds = this.api(`payments/${p.id}/refunds`);
    json._links = { ...links, documentation: DOCS };
    return json;
  }

  payments(list: StandinPayment[]): Record<string, unknown> {
    const payments = list.map((p) => this.payment(p));
    return { count: payments.length, _embedded: { payments }, _links: { self: this.api('payments'), previous: null, next: null, documentation: DOCS } };
  }

  refund(p: StandinPayment, r: StandinRefund): Record<string, unknown> {
    return {
      resource: 'refund', id: r.id, mode: 'test', amount: amountOf(r.cents, p.currency), status: 'pending', createdAt: r.createdAt,
      description: '', metadata: null, paymentId: p.id,
      _links: { self: this.api(`payments/${p.id}/refunds/${r.id}`), payment: this.api(`payments/${p.id}`), documentation: DOCS },
    };
  }

  methods(list: StandinMethod[], currency: string): Record<string, unknown> {
    return {
      count: list.length,
      _embedded: {
        methods: list.map((m) => ({
          resource: 'method', id: m.id, description: m.description, status: 'activated',
          minimumAmount: amountOf(m.minimumCents, currency), maximumAmount: m.maximumCents === null ? null : amountOf(m.maximumCents, currency),
          image: { size1x: this.html(`/images/${m.id}.png`).href, size2x: this.html(`/images/${m.id}@2x.png`).href, svg: this.html(`/images/${m.id}.svg`).href },
          _links: { self: this.api(`methods/${m.id}`), documentation: DOCS },
        })),
      },
      _links: { self: this.api('methods'), documentation: DOCS },
    };
  }

  customer(id: string, body: Record<string, unknown>): Record<string, unknown> {
    return {
      resource: 'customer', id, mode: 'test', name: body.name ?? null, email: body.email ?? null, locale: body.locale ?? null,
      metadata: body.metadata ?? null, createdAt: new Date().toISOString(),
      _links: { self: this.api(`customers/${id}`), dashboard: this.html(`/dashboard/customers/${id}`), documentation: DOCS },
    };
  }

  mandate(customerId: string, id: string, body: Record<string, unknown>): Record<string, unknown> {
    return {
      resource: 'mandate', id, mode: 'test', status: 'valid', method: 'directdebit',
      details: { consumerName: body.consumerName, consumerAccount: body.consumerAccount, consumerBic: null },
      mandateReference: body.mandateReference ?? null, signatureDate: body.signatureDate ?? new Date().toISOString().slice(0, 10),
      createdAt: new Date().toISOString(),
      _links: { self: this.api(`customers/${customerId}/mandates/${id}`), customer: this.api(`customers/${customerId}`), documentation: DOCS },
    };
  }

  private api(path: string): { href: string; type: string } {
    return { href: `${this.apiUrl}${path}`, type: 'application/hal+json' };
  }

  private html(path: string): { href: string; type: string } {
    return { href: `${this.origin}${path}`, type: 'text/html' };
  }
}
