// The member's local day for the daily spending limit (issue 18.3): the zone of each country, the
// day of an instant there, the start of a day across daylight-saving changes, and each zone's day
// as the debit's SQL gets it.
import { expect } from 'chai';
import { COUNTRIES } from '../../types/countries.js';
import { COUNTRY_ZONES, KNOWN_ZONES, addDays, dayKey, isoDate, knownZone, startOfDay, zoneDaysAt, zoneOfCountry } from '../../server/lib/local-days.js';
import { parseSpendLimit } from '../../server/services/credits/spend-limit-service.js';
import { ValidationError } from '../../server/errors.js';

describe('local days', () => {
  it('has a real zone for every supported country, UTC for anything else', () => {
    for (const c of COUNTRIES) expect(() => dayKey(COUNTRY_ZONES[c], Date.now()), c).not.to.throw();
    expect(zoneOfCountry('NL')).to.equal('Europe/Amsterdam');
    expect(zoneOfCountry('US')).to.equal('America/New_York');
    expect(zoneOfCountry('XX')).to.equal('UTC');
    expect(zoneOfCountry(null)).to.equal('UTC');
    expect(knownZone('Mars/Olympus')).to.equal('UTC');
  });

  it('gives the day of an instant in a zone', () => {
    const at = Date.UTC(2026, 10, 28, 23, 30); // 28 Nov 23:30 UTC
    expect(dayKey('UTC', at)).to.equal(20261128);
    expect(dayKey('Europe/Amsterdam', at)).to.equal(20261129); // 00:30 CET
    expect(dayKey('America/New_York', at)).to.equal(20261128); // 18:30 EST
    expect(dayKey('Pacific/Auckland', Date.UTC(2026, 10, 28, 11, 0))).to.equal(20261129); // 00:00 NZDT
    expect(dayKey('Pacific/Auckland', Date.UTC(2026, 10, 28, 10, 59))).to.equal(20261128);
  });

  it('keeps a day only while it cannot change: every zone, every 7 minutes, across clock changes', () => {
    const reference = (zone: string, at: number) => {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
      const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
      return n('year') * 10000 + n('month') * 100 + n('day');
    };
    // Europe's summer time starts on 29 March 2026, Sydney's and Auckland's ends on 5 April, New York's on 1 November.
    for (const first of [Date.UTC(2026, 2, 28), Date.UTC(2026, 3, 4), Date.UTC(2026, 9, 31)]) {
      for (let at = first; at < first + 2 * 86_400_000; at += 7 * 60_000) {
        for (const zone of KNOWN_ZONES) expect(dayKey(zone, at), `${zone} ${new Date(at).toISOString()}`).to.equal(reference(zone, at));
      }
    }
  });

  it('counts days on the calendar, over month and year ends and leap days', () => {
    expect(addDays(20261130)).to.equal(20261201);
    expect(addDays(20261231)).to.equal(20270101);
    expect(addDays(20280228)).to.equal(20280229);
    expect(addDays(20260301, -1)).to.equal(20260228);
    expect(isoDate(20260105)).to.equal('2026-01-05');
  });

  it('finds the start of a day, also on the days the clocks change', () => {
    expect(startOfDay('UTC', 20261128)).to.equal(Date.UTC(2026, 10, 28));
    expect(startOfDay('Europe/Berlin', 20260115)).to.equal(Date.UTC(2026, 0, 14, 23));
    expect(startOfDay('Europe/Berlin', 20260715)).to.equal(Date.UTC(2026, 6, 14, 22));
    // Summer time starts on 29 March 2026 at 02:00 and ends on 25 October at 03:00: midnight still exists.
    expect(startOfDay('Europe/Berlin', 20260329)).to.equal(Date.UTC(2026, 2, 28, 23));
    expect(startOfDay('Europe/Berlin', 20261025)).to.equal(Date.UTC(2026, 9, 24, 22));
    expect(startOfDay('America/New_York', 20261101)).to.equal(Date.UTC(2026, 10, 1, 4));
    for (const zone of KNOWN_ZONES) {
      const start = startOfDay(zone, 20260329);
      expect(dayKey(zone, start), zone).to.equal(20260329);
      expect(dayKey(zone, start - 1), zone).to.equal(20260328);
    }
  });

  it('groups the zones whose day differs from UTC\'s for the debit', () => {
    const at = Date.UTC(2026, 10, 28, 23, 30);
    const days = zoneDaysAt(at);
    expect(days.fallback).to.equal(20261128);
    const ahead = days.others.find((o) => o.day === 20261129)!;
    expect(ahead.zones).to.include.members(['Europe/Amsterdam', 'Europe/Warsaw', 'Australia/Sydney', 'Pacific/Auckland']);
    expect(ahead.zones).not.to.include('Europe/London');
    expect(days.others.flatMap((o) => o.zones)).not.to.include('America/New_York');
    // Kept for the quarter hour: the same object until a zone's day could change.
    expect(zoneDaysAt(at + 60_000)).to.equal(days);
    expect(zoneDaysAt(at + 900_000)).not.to.equal(days);
  });
});

describe('spend limit input', () => {
  it('takes a whole number from 1 to 100000, trimmed; refuses anything else', () => {
    expect(parseSpendLimit(' 50 ')).to.equal(50);
    expect(parseSpendLimit('100000')).to.equal(100000);
    expect(parseSpendLimit(7)).to.equal(7);
    for (const bad of ['', '0', '-1', '1.5', '1e3', '100001', 'abc', '٣', null, undefined, ['5'], 5.5]) {
      expect(() => parseSpendLimit(bad), String(bad)).to.throw(ValidationError);
    }
  });
});
