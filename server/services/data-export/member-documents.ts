// The JSON files of a data export (issue 18.1), from the rows the repos read: instants as ISO
// dates, flags as booleans, stored JSON parsed, English field names. Other members appear only as
// the site shows them to anyone (profile id and name); their addresses, IPs, settings and spending
// never do.
import type { Runner } from '../../db.js';
import { parseJson } from '../../lib/json.js';
import * as data from '../../repos/member-data-repo.js';
import * as money from '../../repos/member-chat-data-repo.js';

type Row = Record<string, unknown>;

/** An epoch-ms instant as an ISO date; null stays null. */
export const iso = (ms: unknown): string | null => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());
const bool = (v: unknown): boolean | null => (v === null || v === undefined ? null : Boolean(Number(v)));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function accountDocument(db: Runner, account: Row): Promise<Row> {
  const userId = Number(account.id);
  return {
    id: userId,
    email: account.email,
    status: account.status,
    site: { domain: account.site_domain, name: account.site_name },
    language: account.language,
    signed_up_at: iso(account.signup_date),
    email_confirmed_at: iso(account.confirmed_at),
    last_login_at: iso(account.last_login_at),
    password_changed_at: iso(account.password_changed_at),
    credits: num(account.credits),
    premium: bool(account.paid_user),
    premium_since: iso(account.premium_since),
    invisible: bool(account.invisible),
    signup: {
      ip_address: account.signup_ip, reason: account.signup_reason, step: account.signup_step,
      traffic_source: { network: account.network, ref: account.ref, sub1: account.sub1, sub2: account.sub2, sub3: account.sub3 },
      lander: account.lander, lander_variant: account.lander_variant,
    },
    search_filters: parseJson<unknown>(account.search_filters as string | null, null),
    direct_debit_blocked_at: iso(account.direct_debit_blocked_at),
    // Days are YYYYMMDD in the limit's time zone (services/credits/spend-limit-service.ts).
    daily_spending_limit: account.daily_limit === null && account.pending_from === null ? null : {
      limit: num(account.daily_limit), time_zone: account.spend_zone, spent: { day: num(account.spent_day), credits: num(account.spent_today) },
      change_waiting: account.pending_from === null ? null : { limit: num(account.pending_limit), from_day: num(account.pending_from) },
    },
    deletion: account.deletion_requested_at === null ? null : { requested_at: iso(account.deletion_requested_at), reason: account.delete_reason, remarks: account.delete_remarks },
    daily_counters: (await data.dailyQuotasOf(db, userId)).map((q) => ({ kind: q.kind, day: q.day, used: num(q.used) })),
    operator_actions: (await data.operatorActionsOn(db, userId)).map((a) => ({ action: a.action, at: iso(a.created_at), details: parseJson<unknown>(a.details as string | null, null) })),
    created_at: iso(account.created_at),
    updated_at: iso(account.updated_at),
  };
}

export interface ProfileDocument {
  document: Row;
  /** Photo files to add: the path inside the ZIP and the stored file key. */
  photos: { path: string; fileKey: string }[];
}

export async function profileDocument(db: Runner, profile: Row): Promise<ProfileDocument> {
  const profileId = Number(profile.id);
  const rows = await data.photosOf(db, profileId);
  const photos = rows.map((p) => ({ path: `photos/${String(p.id)}.jpg`, fileKey: String(p.file_key) }));
  const document = {
    id: profileId,
    name: profile.name, gender: profile.gender, sexuality: profile.sexuality, birth_date: profile.birth_date,
    country: profile.country, region: profile.region, city: profile.city,
    position: profile.latitude === null ? null : { latitude: num(profile.latitude), longitude: num(profile.longitude), precision: profile.location_precision },
    about: profile.about,
    attributes: {
      hair_color: profile.hair_color, eye_color: profile.eye_color, body_type: profile.body_type, relationship_status: profile.relationship_status,
      tattoos: bool(profile.tattoos), appearance: profile.appearance, race: profile.race,
    },
    language: profile.language,
    status: profile.status,
    interests: await data.interestsOf(db, profileId),
    photos: rows.map((p, i) => ({
      id: num(p.id), file: photos[i]!.path, main: Number(p.id) === Number(profile.main_photo_id), status: p.status, position: num(p.position),
      width: num(p.width), height: num(p.height), uploaded_at: iso(p.created_at), reviewed_at: iso(p.reviewed_at),
    })),
    last_active_at: iso(profile.last_active_at),
    created_at: iso(profile.created_at),
    updated_at: iso(profile.updated_at),
  };
  return { document, photos };
}

const other = (r: Row) => ({ id: num(r.profile_id), name: r.profile_name });

export async function likesDocument(db: Runner, profileId: number): Promise<Row> {
  const given = await data.likesOf(db, profileId, 'given');
  const received = await data.likesOf(db, profileId, 'received');
  return {
    given: given.map((l) => ({ profile: other(l), source: l.source, at: iso(l.created_at) })),
    received: received.map((l) => ({ profile: other(l), source: l.source, new: bool(l.is_new), at: iso(l.created_at) })),
  };
}

export async function blocksDocument(db: Runner, profileId: number): Promise<Row> {
  return { blocked_by_you: (await data.blocksBy(db, profileId)).map((b) => ({ profile: other(b), at: iso(b.created_at) })) };
}

export async function notificationsDocument(db: Runner, userId: number, addresses: string[]): Promise<Row> {
  return {
    settings: (await data.notificationSettingsOf(db, userId)).map((s) => ({
      type: s.type, channel: s.channel, enabled: bool(s.enabled), turned_off_by: s.disabled_reason, updated_at: iso(s.updated_at),
    })),
    suppressed_addresses: (await data.suppressionsOf(db, addresses)).map((s) => ({ email: s.email, reason: s.reason, at: iso(s.created_at) })),
    dismissed_notices: (await data.dismissalsOf(db, userId)).map((d) => ({ notice: d.alert, at: iso(d.dismissed_at) })),
    scheduled_mails: (await data.notificationSendsOf(db, userId)).map((s) => ({ kind: s.kind, period: s.period_key, at: iso(s.created_at) })),
    mails: (await data.mailsTo(db, userId)).map((m) => ({
      to: m.to_address, kind: m.notification_type ?? m.template, language: m.language, subject: m.subject, status: m.status, queued_at: iso(m.created_at), sent_at: iso(m.sent_at),
    })),
    push_notifications: (await data.pushesTo(db, userId)).map((p) => ({ kind: p.notification_type, status: p.status, queued_at: iso(p.created_at) })),
    text_messages: (await data.smsTo(db, userId)).map((s) => ({ phone: s.phone, status: s.status, queued_at: iso(s.created_at) })),
  };
}

/** The push service's host only: the full endpoint address works as a key to the browser's subscription. */
function pushService(subscription: unknown): string | null {
  const endpoint = parseJson<{ endpoint?: unknown }>(String(subscription ?? ''), {}).endpoint;
  try {
    return typeof endpoint === 'string' ? new URL(endpoint).host : null;
  } catch {
    return null;
  }
}

export async function consentsDocument(db: Runner, userId: number): Promise<Row> {
  return {
    direct_debit_mandates: (await data.mandatesOf(db, userId)).map((m) => ({
      reference: m.reference, account_holder: m.account_holder, iban: m.iban,
      address: { street: m.street, house_number: m.house_number, zip: m.zip, city: m.city }, phone: m.phone,
      status: m.status, confirmed_at: iso(m.confirmed_at), created_at: iso(m.created_at),
    })),
    push_subscriptions: (await data.pushSubscriptionsOf(db, userId)).map((s) => ({ push_service: pushService(s.subscription), at: iso(s.created_at) })),
    // Each version of the terms of service accepted: the version is the terms' date.
    terms_of_service: (await data.termsAcceptancesOf(db, userId)).map((a) => ({ version: iso(a.terms_version), accepted_at: iso(a.accepted_at), how: a.source })),
  };
}

export async function loginsDocument(db: Runner, userId: number, account: Row): Promise<Row> {
  return {
    last_login_at: iso(account.last_login_at),
    logins: (await data.loginsOf(db, userId)).map((l) => ({ at: iso(l.created_at), ip_address: l.ip, method: l.method })),
  };
}

export async function complaintsDocument(db: Runner, userId: number): Promise<Row[]> {
  return (await data.complaintsBy(db, userId)).map((c) => ({
    reference: c.reference, about: c.subject, about_profile_id: num(c.about_profile_id), about_payment: c.about_payment,
    name: c.name, email: c.email, message: c.body, language: c.language, status: c.status,
    sent_at: iso(c.created_at), resolved_at: iso(c.resolved_at), resolution_note: c.resolution_note,
  }));
}

export async function paymentsDocument(db: Runner, userId: number): Promise<Row> {
  return {
    payments: (await money.paymentsOf(db, userId)).map((p) => ({
      id: p.public_id, bundle_id: num(p.bundle_id), credits: num(p.credits), amount_cents: num(p.amount_cents), discount_cents: num(p.discount_cents),
      discount_code: p.discount_code, currency: p.currency, method: p.method, provider: p.provider, provider_reference: p.provider_ref,
      status: p.status, repeat_order: bool(p.is_repeat), refunded_cents: num(p.refunded_cents), charged_back_cents: num(p.charged_back_cents),
      credits_taken_back: num(p.credits_reversed), created_at: iso(p.created_at), paid_at: iso(p.paid_at), credited_at: iso(p.fulfilled_at), updated_at: iso(p.updated_at),
    })),
    personal_discount_codes: (await money.personalCodesOf(db, userId)).map((d) => ({
      code: d.code, kind: d.kind, percent: num(d.value_percentage), status: d.status, uses: num(d.uses), max_uses: num(d.max_uses), expires_at: iso(d.expires_at), created_at: iso(d.created_at),
    })),
    discount_code_uses: (await money.redemptionsOf(db, userId)).map((r) => ({ code: r.code, payment: r.payment, status: r.status, at: iso(r.created_at), updated_at: iso(r.updated_at) })),
  };
}
