// ISO 8601 weeks ("2026-W48"), in UTC so that every process agrees: the period of weekly mails.

const DAY_MS = 86_400_000;

/** The ISO week `at` falls in: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeekOf(at: Date | number): string {
  const d = new Date(typeof at === 'number' ? at : at.getTime());
  const day = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) + (3 - day) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Monday 00:00 UTC of an ISO week; undefined when `week` is not a week that exists ("2026-W54"). */
export function isoWeekStart(week: string): number | undefined {
  const m = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!m) return undefined;
  const year = Number(m[1]);
  const n = Number(m[2]);
  const jan4 = Date.UTC(year, 0, 4);
  const week1Monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  const start = week1Monday + (n - 1) * 7 * DAY_MS;
  return n >= 1 && isoWeekOf(start) === week ? start : undefined;
}
