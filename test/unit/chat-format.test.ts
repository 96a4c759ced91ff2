// The chat pane's dates: on the server (UTC) the texts are kept by minute or day (format.ts); they
// must read exactly as Intl writes them for that moment, in every language, whatever was asked before.
import { expect } from 'chai';
import { dayKey, dayLabel, listTime, timeOf, type Clock } from '../../islands/chat/format.js';
import { LOCALES } from '../../types/settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const intl = (lng: string, options: Intl.DateTimeFormatOptions, at: number) => new Intl.DateTimeFormat(lng, { ...options, timeZone: 'UTC' }).format(at);

/** Moments around midnight, the turn of a year and a minute, and spread over some years. */
function moments(now: number): number[] {
  const out = [Date.UTC(2026, 0, 1) - 1, Date.UTC(2026, 0, 1), Date.UTC(2025, 11, 31, 23, 59, 59, 999), now, now - 1, now - DAY_MS, now - 5 * DAY_MS, now - 7 * DAY_MS];
  for (let i = 0; i < 200; i++) out.push(now - Math.floor(((i * 7919) % 1000) / 1000 * 800 * DAY_MS) - i * 61_001);
  return out;
}

describe('chat pane dates on the server (UTC)', () => {
  const now = Date.UTC(2026, 10, 27, 20, 51, 24, 146);
  const clock: Clock = { now, timeZone: 'UTC' };

  it('dayKey is the UTC calendar day as en-CA writes it', () => {
    for (const at of moments(now)) expect(dayKey(at, clock)).to.equal(intl('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }, at));
  });

  it('times, list times and day labels read as Intl writes them, in every language', () => {
    const words = { today: 'today', yesterday: 'yesterday' };
    for (const lng of LOCALES) {
      for (const at of moments(now)) {
        const iso = new Date(at).toISOString();
        expect(timeOf(iso, lng, clock), `${lng} ${iso}`).to.equal(intl(lng, { hour: '2-digit', minute: '2-digit' }, at));
        const sameDay = dayKey(at, clock) === dayKey(now, clock);
        const list = sameDay
          ? intl(lng, { hour: '2-digit', minute: '2-digit' }, at)
          : now - at < 6 * DAY_MS ? intl(lng, { weekday: 'short' }, at) : intl(lng, { day: 'numeric', month: 'short' }, at);
        expect(listTime(iso, lng, clock), `${lng} ${iso}`).to.equal(list);
        const day = dayKey(at, clock);
        const label = day === dayKey(now, clock) ? 'today'
          : day === dayKey(now - DAY_MS, clock) ? 'yesterday'
          : intl(lng, day.slice(0, 4) === '2026' ? { weekday: 'long', day: 'numeric', month: 'long' } : { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, at);
        expect(dayLabel(iso, lng, clock, words), `${lng} ${iso}`).to.equal(label);
      }
    }
  });
});
