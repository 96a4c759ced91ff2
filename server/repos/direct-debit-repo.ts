// SQL for direct debit: mandates, the member's direct-debit block and what the limits count.
import type { Runner } from '../db.js';

export type MandateStatus = 'pending' | 'active' | 'blocked';

export interface MandateFields {
  accountHolder: string;
  iban: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  phone: string;
}

export interface MandateRow extends MandateFields {
  id: number;
  userId: number;
  reference: string;
  status: MandateStatus;
  confirmedAt: number | null;
  createdAt: number;
}

type Raw = Record<string, unknown>;
const toMandate = (r: Raw): MandateRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  reference: String(r.reference),
  accountHolder: String(r.account_holder),
  iban: String(r.iban),
  street: String(r.street),
  houseNumber: String(r.house_number),
  zip: String(r.zip),
  city: String(r.city),
  phone: String(r.phone),
  status: r.status as MandateStatus,
  confirmedAt: r.confirmed_at === null || r.confirmed_at === undefined ? null : Number(r.confirmed_at),
  createdAt: Number(r.created_at),
});

export async function insertMandate(db: Runner, userId: number, reference: string, f: MandateFields, now: number): Promise<number> {
  const [id] = await db('direct_debit_mandates').insert({
    user_id: userId, reference, account_holder: f.accountHolder, iban: f.iban, street: f.street, house_number: f.houseNumber,
    zip: f.zip, city: f.city, phone: f.phone, status: 'pending', created_at: now,
  });
  return Number(id);
}

export async function findMandate(db: Runner, userId: number, reference: string): Promise<MandateRow | undefined> {
  const row = (await db('direct_debit_mandates').where({ user_id: userId, reference }).first()) as Raw | undefined;
  return row && toMandate(row);
}

/** The member's newest mandate, to fill the form in again. */
export async function lastMandate(db: Runner, userId: number): Promise<MandateRow | undefined> {
  const row = (await db('direct_debit_mandates').where({ user_id: userId }).orderBy('id', 'desc').first()) as Raw | undefined;
  return row && toMandate(row);
}

/** pending → active once; false when it was not pending any more. */
export async function activateMandate(db: Runner, id: number, now: number): Promise<boolean> {
  return (await db('direct_debit_mandates').where({ id, status: 'pending' }).update({ status: 'active', confirmed_at: now })) === 1;
}

export async function blockMandatesOf(db: Runner, userId: number): Promise<void> {
  await db('direct_debit_mandates').where({ user_id: userId }).whereIn('status', ['pending', 'active']).update({ status: 'blocked' });
}

export interface DirectDebitMember {
  id: number;
  email: string;
  status: string;
  blockedAt: number | null;
}

export async function findDirectDebitMember(db: Runner, userId: number): Promise<DirectDebitMember | undefined> {
  const row = (await db('users').where({ id: userId }).first('id', 'email', 'status', 'direct_debit_blocked_at')) as Raw | undefined;
  if (!row) return undefined;
  const at = row.direct_debit_blocked_at;
  return { id: Number(row.id), email: String(row.email), status: String(row.status), blockedAt: at === null || at === undefined ? null : Number(at) };
}

/** Sets or clears the block; false when it already was in that state. */
export async function setDirectDebitBlocked(db: Runner, userId: number, blockedAt: number | null): Promise<boolean> {
  const q = db('users').where({ id: userId });
  if (blockedAt === null) q.whereNotNull('direct_debit_blocked_at');
  else q.whereNull('direct_debit_blocked_at');
  return (await q.update({ direct_debit_blocked_at: blockedAt, updated_at: Date.now() })) === 1;
}

/** Statuses of a direct debit the bank has not settled yet. */
const UNSETTLED = ['open', 'pending'];
/** Statuses that never took money: they do not count towards the amount limit. */
const NEVER_PAID = ['failed', 'canceled', 'expired'];

/** What the member's direct debits use of the limits: unsettled ones, and the amount since `since`. */
export async function directDebitUsage(db: Runner, userId: number, currency: string, since: number): Promise<{ unsettled: number; amountCents: number }> {
  const [unsettled, amount] = await Promise.all([
    db('payments').where({ user_id: userId, method: 'sdd' }).whereIn('status', UNSETTLED).count({ n: '*' }).first(),
    db('payments')
      .where({ user_id: userId, method: 'sdd', currency })
      .whereNotIn('status', NEVER_PAID)
      .andWhere('created_at', '>=', since)
      .sum({ cents: 'amount_cents' })
      .first(),
  ]);
  return { unsettled: Number((unsettled as Raw | undefined)?.n ?? 0), amountCents: Number((amount as Raw | undefined)?.cents ?? 0) };
}

/** The payment a confirmed mandate started, if it got that far. */
export async function paymentOfMandate(db: Runner, mandateId: number): Promise<string | undefined> {
  const row = (await db('payments').where({ mandate_id: mandateId }).orderBy('id').first('public_id')) as Raw | undefined;
  return row ? String(row.public_id) : undefined;
}
