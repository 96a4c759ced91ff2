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

/** The calendar day (YYYY-MM-DD) of a moment in the clock's time zone. */
export function dayKey(at: number, clock: Clock): string {
  return format('en-CA', clock.timeZone, 'day').format(at);
}

export function timeOf(iso: string, lng: string, clock: Clock): string {
  return format(lng, clock.timeZone, 'time').format(Date.parse(iso));
}

/** "Today", "Yesterday", or the date (with the year when it is not this year's). */
export function dayLabel(iso: string, lng: string, clock: Clock, words: { today: string; yesterday: string }): string {
  const at = Date.parse(iso);
  const day = dayKey(at, clock);
  if (day === dayKey(clock.now, clock)) return words.today;
  if (day === dayKey(clock.now - DAY_MS, clock)) return words.yesterday;
  const sameYear = day.slice(0, 4) === dayKey(clock.now, clock).slice(0, 4);
  return format(lng, clock.timeZone, sameYear ? 'longDate' : 'longDateYear').format(at);
}

/** The chat list's time: the time today, the weekday this week, else the short date. */
export function listTime(iso: string, lng: string, clock: Clock): string {
  const at = Date.parse(iso);
  if (dayKey(at, clock) === dayKey(clock.now, clock)) return timeOf(iso, lng, clock);
  if (clock.now - at < 6 * DAY_MS) return format(lng, clock.timeZone, 'weekday').format(at);
  return format(lng, clock.timeZone, 'date').format(at);
}

/** A new client id for a send: retries of that send reuse it, so it is stored and charged once. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
