// The tracking record of SPEC.md §3 (network, ref, sub1-3) and the lander it arrived on: how a
// value from an ad network's URL is cleaned, what counts as a traffic source, and which landing
// the signup is credited to.
//
// Rules (README "Traffic sources"):
// - A value is a string from the query (a repeated parameter is no value); curly braces are
//   stripped (an ad network's unfilled macro leaves `{clickid}` behind), the rest trimmed. A value
//   holding control or invisible formatting characters is dropped whole: it is not a real id,
//   and it must never reach a page, a log line or an operator's terminal.
// - At most 191 bytes of UTF-8 per value (cut at a character boundary): the columns hold 191
//   characters, and five values percent-encoded in the cookie stay under a browser's 4 KB.
// - A record is a traffic source only with a network or a ref; sub1-3 are a network's own
//   sub-ids and mean nothing alone, so a record without either is no record at all.
// - Last touch: a landing that brings a source replaces the remembered one (the network whose
//   click came last is the one that reports the conversion); a visit without a source never
//   erases one. The lander goes with the source it arrived with, never with another's.
import { FIXED_LANDERS, MEMBER_LANDINGS, VARIANT_LANDERS } from '../../../types/landers.js';
import { parseJson } from '../../lib/json.js';

export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type TrackingRecord = Partial<Record<TrackingKey, string>>;

export const TRACKING_VALUE_MAX_BYTES = 191;

/** `/members/{id}/signup` is a landing too (SPEC.md §2 "landing and signup variants for a member"). */
export const MEMBER_SIGNUP_LANDING = 'signup';

/** Every name a lander may be counted and credited under. */
export const LANDER_NAMES: ReadonlySet<string> = new Set<string>([...FIXED_LANDERS, ...VARIANT_LANDERS, ...MEMBER_LANDINGS, MEMBER_SIGNUP_LANDING]);

/** A lander's variant: what the lander routes take as a slug, and no more. */
const SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** A landing page as counted and credited: its name, and the variant (slug) it showed, if any. */
export interface Landing {
  name: string;
  variant: string | null;
}

/** What a visitor's cookie remembers: the source and the landing it came with. */
export interface Attribution {
  tracking: TrackingRecord;
  landing: Landing | null;
}

// C0/C1 controls, DEL, zero-width and bidirectional formatting characters, line and paragraph
// separators, the BOM: none belongs in an id, and several can disguise text on a screen.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/u;

/** Cuts `value` to at most `maxBytes` of UTF-8 without splitting a character. */
function cutToBytes(value: string, maxBytes: number): string {
  if (Buffer.byteLength(value) <= maxBytes) return value;
  let bytes = 0;
  let out = '';
  for (const ch of value) {
    bytes += Buffer.byteLength(ch);
    if (bytes > maxBytes) break;
    out += ch;
  }
  return out.trimEnd();
}

export function cleanTrackingValue(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  // Only a bounded prefix is looked at: a megabyte of braces costs no more than a normal id.
  const head = raw.slice(0, 4 * TRACKING_VALUE_MAX_BYTES);
  if (UNPRINTABLE.test(head)) return undefined;
  const value = head.replace(/[{}]/g, '').trim();
  if (!value) return undefined;
  return cutToBytes(value, TRACKING_VALUE_MAX_BYTES) || undefined;
}

/** The clean record of a query, a form or a cookie; empty unless it names a network or a ref. */
export function cleanTracking(raw: unknown): TrackingRecord {
  if (!raw || typeof raw !== 'object') return {};
  const source = raw as Record<string, unknown>;
  const out: TrackingRecord = {};
  for (const key of TRACKING_KEYS) {
    const value = cleanTrackingValue(source[key]);
    if (value) out[key] = value;
  }
  return hasSource(out) ? out : {};
}

/** A traffic source (SPEC.md §5 "a traffic source exists"): a network or a ref. */
export function hasSource(record: TrackingRecord): boolean {
  return Boolean(record.network || record.ref);
}

/** The same campaign: the same network and ref (sub-ids such as a click id may differ). */
export function sameSource(a: TrackingRecord, b: TrackingRecord): boolean {
  return (a.network ?? '') === (b.network ?? '') && (a.ref ?? '') === (b.ref ?? '');
}

function sameRecord(a: TrackingRecord, b: TrackingRecord): boolean {
  return TRACKING_KEYS.every((k) => (a[k] ?? '') === (b[k] ?? ''));
}

/** A variant as the lander routes take it; anything else is the lander's default (null). */
export function cleanVariant(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const slug = raw.toLowerCase();
  return SLUG.test(slug) ? slug : null;
}

export function cleanLanding(name: unknown, variant: unknown): Landing | null {
  return typeof name === 'string' && LANDER_NAMES.has(name) ? { name, variant: cleanVariant(variant) } : null;
}

function sameLanding(a: Landing | null, b: Landing | null): boolean {
  return (a?.name ?? null) === (b?.name ?? null) && (a?.variant ?? null) === (b?.variant ?? null);
}

/** The cookie's value: the record's fields and the landing, flat (the cookie predates the landing). */
export function serializeAttribution(a: Attribution): string {
  return JSON.stringify({ ...a.tracking, ...(a.landing ? { lander: a.landing.name, variant: a.landing.variant ?? undefined } : {}) });
}

/** A cookie's attribution, checked again like a query (the visitor may have written it). */
export function parseAttribution(raw: unknown): Attribution | null {
  if (typeof raw !== 'string' || raw.length > 8192) return null;
  const value = parseJson<Record<string, unknown> | null>(raw, null);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const tracking = cleanTracking(value);
  const landing = cleanLanding(value.lander, value.variant);
  return hasSource(tracking) || landing ? { tracking, landing } : null;
}

/**
 * What the cookie should hold after a visit, or null to leave it as it is. `fromQuery` is this
 * request's clean record (empty without a source); `landing` is set when a lander answered it.
 */
export function nextAttribution(current: Attribution | null, fromQuery: TrackingRecord, landing: Landing | null): Attribution | null {
  const currentTracking = current?.tracking ?? {};
  let next: Attribution;
  if (hasSource(fromQuery)) {
    // A page after the lander that passes the same campaign on (the lander's signup link) keeps
    // the lander; another campaign arriving anywhere else starts afresh.
    const keepLanding = !landing && current !== null && sameSource(currentTracking, fromQuery);
    next = { tracking: fromQuery, landing: landing ?? (keepLanding ? current.landing : null) };
  } else if (landing && !hasSource(currentTracking)) {
    next = { tracking: {}, landing };
  } else {
    return null;
  }
  return current && sameRecord(currentTracking, next.tracking) && sameLanding(current.landing, next.landing) ? null : next;
}

/**
 * The record and landing a signup is credited with: the record the signup brought itself (the
 * form's or API body's, else this request's query or cookie), and the remembered landing only
 * when it came with that same source.
 */
export function signupAttribution(given: TrackingRecord, cookie: Attribution | null): Attribution {
  const tracking = hasSource(given) ? given : (cookie?.tracking ?? {});
  const landing = cookie && sameSource(cookie.tracking, tracking) ? cookie.landing : null;
  return { tracking, landing };
}
