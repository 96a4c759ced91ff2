// A member's local calendar day for the daily spending limit (issue 18.3): the time zone follows
// the member's country, and a day is a number YYYYMMDD (20261128), so days compare as numbers in
// SQL. Countries spanning several zones get the zone where most of their people live: US New York
// (Eastern), CA Toronto (Eastern), AU Sydney (Eastern). Any other country counts in UTC.
import type { Country } from '../../types/countries.js';

export const COUNTRY_ZONES: Record<Country, string> = {
  US: 'America/New_York', CA: 'America/Toronto', AU: 'Australia/Sydney', NZ: 'Pacific/Auckland',
  GB: 'Europe/London', IE: 'Europe/Dublin', NL: 'Europe/Amsterdam', BE: 'Europe/Brussels', FR: 'Europe/Paris',
  IT: 'Europe/Rome', ES: 'Europe/Madrid', DE: 'Europe/Berlin', AT: 'Europe/Vienna', CH: 'Europe/Zurich', PL: 'Europe/Warsaw',
};

export const FALLBACK_ZONE = 'UTC';

/** Every zone a member's day may be counted in. */
export const KNOWN_ZONES: readonly string[] = [FALLBACK_ZONE, ...new Set(Object.values(COUNTRY_ZONES))];

export function zoneOfCountry(country: string | null | undefined): string {
  return (country && (COUNTRY_ZONES as Record<string, string>)[country]) || FALLBACK_ZONE;
}

/** A stored zone that is no longer known counts in UTC. */
export function knownZone(zone: string | null | undefined): string {
  return zone && KNOWN_ZONES.includes(zone) ? zone : FALLBACK_ZONE;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })));
  return format;
}

/** The wall-clock parts of an instant in a zone. */
function partsAt(zone: string, at: number): { y: number; m: number; d: number; h: number; min: number } {
  const p: Record<string, number> = {};
  for (const part of formatFor(zone).formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, min: p.minute! };
}

/**
 * Every known zone's offset is a whole multiple of 15 minutes, so its day changes only on a
 * quarter hour: an instant's day is kept for its quarter. (formatToParts costs about as much as
 * the rest of the spend-limit status on a member's page, which asks for today on every view.)
 */
const QUARTER_HOUR = 900_000;
const keptDays = new Map<string, { quarter: number; day: number }>();

/** The day (YYYYMMDD) an instant falls on in a zone. */
export function dayKey(zone: string, at: number): number {
  const known = knownZone(zone);
  const quarter = Math.floor(at / QUARTER_HOUR);
  const kept = keptDays.get(known);
  if (kept?.quarter === quarter) return kept.day;
  const { y, m, d } = partsAt(known, at);
  const day = y * 10000 + m * 100 + d;
  keptDays.set(known, { quarter, day });
  return day;
}

const toUtcDate = (day: number) => Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
const fromUtcDate = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

/** The day after (or `n` days after) a day. */
export function addDays(day: number, n = 1): number {
  return fromUtcDate(toUtcDate(day) + n * 86_400_000);
}

/** The day as an ISO date, "2026-11-28". */
export function isoDate(day: number): string {
  return new Date(toUtcDate(day)).toISOString().slice(0, 10);
}

/** The instant a day begins in a zone (its local midnight, or the first minute after a DST gap). */
export function startOfDay(zone: string, day: number): number {
  const z = knownZone(zone);
  const midnight = toUtcDate(day);
  // Guess with the zone's offset at UTC midnight, then correct by the offset found at the guess.
  let guess = midnight;
  for (let i = 0; i < 3; i++) {
    const p = partsAt(z, guess);
    const wall = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min);
    const next = guess - (wall - midnight);
    if (next === guess) break;
    guess = next;
  }
  return guess;
}

/**
 * Each known zone's day at an instant, as the debit's SQL needs it: the fallback zone's day, and
 * the zones whose day differs from it grouped by their day. All zones' offsets are whole multiples
 * of 15 minutes, so a day changes only on a quarter hour (see dayKey): the answer is kept for that quarter.
 */
export interface ZoneDays {
  fallback: number;
  others: { day: number; zones: string[] }[];
}

let cached: { quarter: number; days: ZoneDays } | undefined;

export function zoneDaysAt(at: number): ZoneDays {
  const quarter = Math.floor(at / QUARTER_HOUR);
  if (cached?.quarter === quarter) return cached.days;
  const fallback = dayKey(FALLBACK_ZONE, at);
  const byDay = new Map<number, string[]>();
  for (const zone of KNOWN_ZONES) {
    const day = dayKey(zone, at);
    if (day !== fallback) byDay.set(day, [...(byDay.get(day) ?? []), zone]);
  }
  const days: ZoneDays = { fallback, others: [...byDay].sort(([a], [b]) => a - b).map(([day, zones]) => ({ day, zones })) };
  cached = { quarter, days };
  return days;
}
