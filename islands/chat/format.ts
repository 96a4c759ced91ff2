// Dates and ids for the chat pane. The server renders times in UTC with its own clock; the first
// render in the browser does the same (no hydration mismatch), then switches to the local zone.

export interface Clock {
  now: number;
  /** undefined: the browser's own time zone. */
  timeZone: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** The options of each format, by name: the cache key is the name, not the options serialized on every call (a list renders hundreds). */
const OPTIONS = {
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  weekday: { weekday: 'short' },
  date: { day: 'numeric', month: 'short' },
  longDate: { weekday: 'long', day: 'numeric', month: 'long' },
  longDateYear: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function format(lng: string, tz: string | undefined, name: keyof typeof OPTIONS): Intl.DateTimeFormat {
  const key = `${name}|${lng}|${tz ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lng, { ...OPTIONS[name], timeZone: tz });
    formats.set(key, f);
  }
  return f;
}

const MINUTE_MS = 60 * 1000;
/** The texts already made of UTC formats, by format, language and minute or day (see formatAt). */
const utcTexts = new Map<string, string>();
/** The same for dayKey(), by the day's number since 1970. */
const utcDays = new Map<number, string>();
const UTC_TEXTS_KEPT = 10_000;

/**
 * `at` in a named format. The server renders in UTC (a list and its history make some fifty of
 * these a page), where a time of day depends only on the minute and the other formats only on the
 * day: those texts are made once and kept. In the browser's own zone, formatted each time.
 */
function formatAt(lng: string, clock: Clock, name: keyof typeof OPTIONS, at: number): string {
  if (clock.timeZone !== 'UTC') return format(lng, clock.timeZone, name).format(at);
  const unit = Math.floor(at / (name === 'time' ? MINUTE_MS : DAY_MS));
  const key = `${name}|${lng}|${unit}`;
  let text = utcTexts.get(key);
  if (text === undefined) {
    text = format(lng, 'UTC', name).format(at);
    if (utcTexts.size >= UTC_TEXTS_KEPT) utcTexts.clear();
    utcTexts.set(key, text);
  }
  return text;
}

/** The calendar day (YYYY-MM-DD) of a moment in the clock's time zone (in UTC: the ISO date, as en-CA writes it). */
export function dayKey(at: number, clock: Clock): string {
  if (clock.timeZone !== 'UTC') return format('en-CA', clock.timeZone, 'day').format(at);
  const day = Math.floor(at / DAY_MS);
  let key = utcDays.get(day);
  if (key === undefined) {
    key = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (utcDays.size >= UTC_TEXTS_KEPT) utcDays.clear();
    utcDays.set(day, key);
  }
  return key;
}

export function timeOf(iso: string, lng: string, clock: Clock): string {
  return formatAt(lng, clock, 'time', Date.parse(iso));
}

/** "Today", "Yesterday", or the date (with the year when it is not this year's). */
export function dayLabel(iso: string, lng: string, clock: Clock, words: { today: string; yesterday: string }): string {
  const at = Date.parse(iso);
  const day = dayKey(at, clock);
  if (day === dayKey(clock.now, clock)) return words.today;
  if (day === dayKey(clock.now - DAY_MS, clock)) return words.yesterday;
  const sameYear = day.slice(0, 4) === dayKey(clock.now, clock).slice(0, 4);
  return formatAt(lng, clock, sameYear ? 'longDate' : 'longDateYear', at);
}

/** The chat list's time: the time today, the weekday this week, else the short date. */
export function listTime(iso: string, lng: string, clock: Clock): string {
  const at = Date.parse(iso);
  if (dayKey(at, clock) === dayKey(clock.now, clock)) return timeOf(iso, lng, clock);
  if (clock.now - at < 6 * DAY_MS) return formatAt(lng, clock, 'weekday', at);
  return formatAt(lng, clock, 'date', at);
}

/** A new client id for a send: retries of that send reuse it, so it is stored and charged once. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
