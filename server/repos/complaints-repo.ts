// SQL for complaints sent from /complaints and handled with `amora complaints`.
import type { ComplaintRow, ComplaintStatus } from '../../types/complaints.js';
import type { Runner } from '../db.js';

type Raw = Record<string, unknown>;
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toComplaint = (r: Raw): ComplaintRow => ({
  id: Number(r.id),
  reference: String(r.reference ?? ''),
  siteId: Number(r.site_id),
  userId: numOrNull(r.user_id),
  name: String(r.name),
  email: String(r.email),
  subject: String(r.subject),
  body: String(r.body),
  aboutProfileId: numOrNull(r.about_profile_id),
  aboutPayment: r.about_payment === null || r.about_payment === undefined ? null : String(r.about_payment),
  language: String(r.language),
  status: r.status === 'resolved' ? 'resolved' : 'open',
  createdAt: Number(r.created_at),
  resolvedAt: numOrNull(r.resolved_at),
  resolutionNote: r.resolution_note === null || r.resolution_note === undefined ? null : String(r.resolution_note),
});

export interface NewComplaint {
  reference: string;
  siteId: number;
  userId: number | null;
  name: string;
  email: string;
  subject: string;
  body: string;
  aboutProfileId: number | null;
  aboutPayment: string | null;
  language: string;
}

export async function insertComplaint(db: Runner, c: NewComplaint, now: number): Promise<number> {
  const [id] = await db('complaints').insert({
    reference: c.reference, site_id: c.siteId, user_id: c.userId, name: c.name, email: c.email, subject: c.subject, body: c.body,
    about_profile_id: c.aboutProfileId, about_payment: c.aboutPayment, language: c.language, status: 'open', created_at: now,
  });
  return Number(id);
}

export async function findComplaint(db: Runner, id: number): Promise<ComplaintRow | undefined> {
  const row = (await db('complaints').where({ id }).first()) as Raw | undefined;
  return row ? toComplaint(row) : undefined;
}

export async function listComplaints(db: Runner, o: { status?: ComplaintStatus; since?: number; limit: number }): Promise<ComplaintRow[]> {
  const q = db('complaints').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(o.limit);
  if (o.status) q.where('status', o.status);
  if (o.since !== undefined) q.where('created_at', '>=', o.since);
  return ((await q) as Raw[]).map(toComplaint);
}

/** Closes an open complaint; false when it was not open (resolved already, or gone). */
export async function resolveComplaint(db: Runner, id: number, note: string | null, now: number): Promise<boolean> {
  const changed = await db('complaints').where({ id, status: 'open' }).update({ status: 'resolved', resolved_at: now, resolution_note: note });
  return changed === 1;
}

/** One of the member's own payments by its public id (what /transactions links show), else undefined. */
export async function ownPayment(db: Runner, userId: number, publicId: string): Promise<{ publicId: string; credits: number; amountCents: number; currency: string; createdAt: number } | undefined> {
  const row = (await db('payments').where({ user_id: userId, public_id: publicId }).first('public_id', 'credits', 'amount_cents', 'currency', 'created_at')) as Raw | undefined;
  return row && { publicId: String(row.public_id), credits: Number(row.credits), amountCents: Number(row.amount_cents), currency: String(row.currency), createdAt: Number(row.created_at) };
}

/** The member's address, language and display name, for the acknowledgement. */
export async function senderOf(db: Runner, userId: number): Promise<{ email: string; language: string; name: string } | undefined> {
  const row = (await db('users').leftJoin('profiles', 'profiles.user_id', 'users.id').where('users.id', userId).first('users.email', 'users.language', 'profiles.name')) as Raw | undefined;
  return row && { email: String(row.email), language: String(row.language), name: row.name === null || row.name === undefined ? '' : String(row.name) };
}
