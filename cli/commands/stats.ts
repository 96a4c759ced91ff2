// amora stats landers [--since DATE] [--until DATE] [--site DOMAIN] [--json] — per lander (and
// variant) and network: visits, signups, activations and first payments with their revenue, the
// conversion rates, and a closing summary line (services/traffic/traffic-stats-service.ts).
import type { Command } from 'commander';
import type { LanderStatsRow, LanderTotals } from '../../server/services/traffic/traffic-stats-service.js';
import { CliError, withRuntime } from '../context.js';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

/** A UTC day YYYY-MM-DD that exists (2026-02-30 does not). */
function dayOf(flag: string, raw: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : NaN;
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== raw) throw new CliError(`${flag} must be a day such as 2026-11-01 (UTC), got "${raw}"`);
  return raw;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// Stored values came from visitors' URLs: whatever slipped in must not drive the operator's terminal.
const printable = (s: string, max: number) => {
  // eslint-disable-next-line no-control-regex
  const clean = s.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g, '?');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

const percent = (r: number | null) => (r === null ? '-' : `${(r * 100).toFixed(1)}%`);

const money = (revenue: Record<string, number>) =>
  Object.entries(revenue)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, cents]) => `${(cents / 100).toFixed(2)} ${currency}`)
    .join(' + ') || '-';

const HEADER = ['site', 'lander', 'network', 'visits', 'signups', 'signup%', 'activations', 'act%', 'first pay', 'pay%', 'revenue'];
/** Columns aligned to the right (numbers). */
const NUMERIC = new Set([3, 4, 5, 6, 7, 8, 9]);

function cellsOf(r: LanderStatsRow): string[] {
  return [
    printable(r.site, 40), printable(r.label, 60), r.network === null ? '(none)' : printable(r.network, 40),
    String(r.visits), String(r.signups), percent(r.signupRate), String(r.activations), percent(r.activationRate),
    String(r.firstPayments), percent(r.paymentRate), money(r.revenueCents),
  ];
}

function table(rows: string[][]): string {
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (NUMERIC.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(HEADER), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function summaryOf(rows: number, from: string, to: string, t: LanderTotals): string {
  return (
    `${rows} row(s), ${from} to ${to} (UTC): visits ${t.visits}, signups ${t.signups} (${t.landerSignups} from landers, ${percent(t.signupRate)} of visits), ` +
    `activations ${t.activations} (${percent(t.activationRate)} of signups), first payments ${t.firstPayments} ` +
    `(${percent(t.paymentRate)} of signups), revenue ${money(t.revenueCents)}`
  );
}

export function registerStats(program: Command): void {
  const stats = program.command('stats').description('figures for operators: traffic per lander and network');

  stats
    .command('landers')
    .description('visits, signups, activations and first payments per lander (and variant) and network, with conversion rates and revenue')
    .option('--since <day>', `first day (UTC, included; default: ${DEFAULT_DAYS} days ago)`)
    .option('--until <day>', 'last day (UTC, included; default: today)')
    .option('--site <domain>', 'only this site (default: every site)')
    .option('--json', 'print JSON')
    .action(async (flags: { since?: string; until?: string; site?: string; json?: boolean }) => {
      const today = isoDay(Date.now());
      const toDay = flags.until === undefined ? today : dayOf('--until', flags.until);
      const fromDay = flags.since === undefined ? isoDay(Date.parse(`${toDay}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS) : dayOf('--since', flags.since);
      if (fromDay > toDay) throw new CliError(`--since (${fromDay}) must not be after --until (${toDay})`);
      await withRuntime(async (rt) => {
        let siteId: number | undefined;
        if (flags.site !== undefined) {
          const site = await rt.services.sites.findByDomain(flags.site.trim().toLowerCase());
          if (!site) throw new CliError(`no site ${flags.site} (see amora sites list)`);
          siteId = site.id;
        }
        const result = await rt.services.trafficStats.landers({ fromDay, toDay, siteId });
        if (flags.json) return console.log(JSON.stringify(result, null, 2));
        if (result.rows.length) console.log(table(result.rows.map(cellsOf)));
        else console.log(`no lander visits or signups from ${fromDay} to ${toDay}`);
        console.log(summaryOf(result.rows.length, fromDay, toDay, result.totals));
      });
    });
}
