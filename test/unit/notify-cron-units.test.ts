// The small parts of `amora notify`: ISO weeks (the period of weekly mails), the --older-than
// durations, and the closing summary line.
import { expect } from 'chai';
import { durationMs, summaryLine } from '../../cli/commands/notify.js';
import { isoWeekOf, isoWeekStart } from '../../server/lib/iso-week.js';

describe('amora notify: weeks, durations, summary', () => {
  it('names ISO weeks as calendars do, across year ends', () => {
    expect(isoWeekOf(Date.UTC(2026, 10, 23, 9))).to.equal('2026-W48'); // a Monday
    expect(isoWeekOf(Date.UTC(2026, 10, 29, 23, 59))).to.equal('2026-W48'); // its Sunday
    expect(isoWeekOf(Date.UTC(2027, 0, 1))).to.equal('2026-W53'); // 2026 has 53 weeks
    expect(isoWeekOf(Date.UTC(2024, 11, 30))).to.equal('2025-W01');
    expect(isoWeekStart('2026-W48')).to.equal(Date.UTC(2026, 10, 23));
    expect(isoWeekStart('2025-W01')).to.equal(Date.UTC(2024, 11, 30));
    for (const bad of ['2025-W53', '2026-W00', '2026-48', 'W48', '2026-W048']) expect(isoWeekStart(bad), bad).to.equal(undefined);
  });

  it('reads --older-than from a minute to 30 days and refuses the rest', () => {
    expect(durationMs('90m')).to.equal(90 * 60_000);
    expect(durationMs('24h')).to.equal(24 * 3_600_000);
    expect(durationMs(' 2d ')).to.equal(2 * 86_400_000);
    for (const bad of ['0m', '31d', '3 weeks', '24', '-1h', '1e3h', '']) {
      expect(() => durationMs(bad), bad).to.throw('--older-than must be a duration from 1m to 30d');
    }
  });

  it('closes with one summary line', () => {
    const s = { sent: 3, alreadySent: 1, switchedOff: 2, nothingToSend: 0, checked: 6, batches: 1, limitReached: true, dryRun: false };
    expect(summaryLine('weekly', s, 3)).to.equal(
      'weekly: queued 3 mail(s); already sent 1, switched off 2, nothing to send 0; checked 6 member(s) in 1 batch(es) (limit 3 reached: run again to go on)',
    );
    expect(summaryLine('send news', { ...s, sent: 120, limitReached: false, dryRun: true })).to.equal(
      'send news: would send 120 mail(s); already sent 1, switched off 2, nothing to send 0; checked 6 member(s) in 1 batch(es) (dry run, nothing sent or recorded)',
    );
  });
});
