// `amora stats landers`: per site, lander (and variant) and network, what an operator buys traffic
// by: visits, signups, activations (the address confirmed) and first payments with their revenue.
//
// Each figure counts the events of the period (UTC days, both ends included), credited to the
// account's lander and network as stored at signup: a member who signed up in October and paid in
// November is a November first payment. That is how networks report (a lead or a sale on the day
// it happens), so the numbers can be set against their invoices. The rates divide figures of the
// same period, so over a short period they are an approximation of a cohort's.
import type { Db } from '../../db.js';
import { visitTotals } from '../../repos/lander-visits-repo.js';
import { activationsBySource, firstPaymentsBySource, signupsBySource } from '../../repos/traffic-stats-repo.js';
import type { SitesService } from '../sites/sites-service.js';
import { landingLabel } from './lander-paths.js';

export interface LanderStatsQuery {
  /** UTC days YYYY-MM-DD, both included. */
  fromDay: string;
  toDay: string;
  siteId?: number;
}

export interface LanderFigures {
  visits: number;
  signups: number;
  activations: number;
  firstPayments: number;
  /** First payments' revenue per currency, in cents (paid, less refunds and chargebacks). */
  revenueCents: Record<string, number>;
  /** signups / visits, activations / signups, first payments / signups; null when dividing by 0. */
  signupRate: number | null;
  activationRate: number | null;
  paymentRate: number | null;
}

export interface LanderStatsRow extends LanderFigures {
  site: string;
  /** null: accounts that came without a lander (another page, or before landers were counted). */
  lander: string | null;
  variant: string | null;
  /** The lander's path (`/landers/video/summer`; a member's id as `*`), or `(no lander)`. */
  label: string;
  /** null: without a traffic source. */
  network: string | null;
}

export interface LanderTotals extends LanderFigures {
  /** Signups credited to a lander; the total's signupRate divides these by the visits. */
  landerSignups: number;
}

export interface LanderStats {
  fromDay: string;
  toDay: string;
  rows: LanderStatsRow[];
  totals: LanderTotals;
}

const DAY_MS = 86_400_000;

const rate = (n: number, of: number) => (of > 0 ? n / of : null);

function emptyFigures(): LanderFigures {
  return { visits: 0, signups: 0, activations: 0, firstPayments: 0, revenueCents: {}, signupRate: null, activationRate: null, paymentRate: null };
}

function withRates<T extends LanderFigures>(f: T): T {
  return { ...f, signupRate: rate(f.signups, f.visits), activationRate: rate(f.activations, f.signups), paymentRate: rate(f.firstPayments, f.signups) };
}

export class TrafficStatsService {
  constructor(
    private readonly db: Db,
    private readonly sites: SitesService,
  ) {}

  async landers(q: LanderStatsQuery): Promise<LanderStats> {
    const from = Date.parse(`${q.fromDay}T00:00:00Z`);
    const to = Date.parse(`${q.toDay}T00:00:00Z`) + DAY_MS;
    const sites = await this.sites.list();
    const siteIds = q.siteId === undefined ? sites.map((s) => s.id) : [q.siteId];
    const period = { from, to, siteIds };
    const [visits, signups, activations, payments] = await Promise.all([
      visitTotals(this.db, { fromDay: q.fromDay, toDay: q.toDay, siteIds }),
      signupsBySource(this.db, period),
      activationsBySource(this.db, period),
      firstPaymentsBySource(this.db, period),
    ]);
    const domains = new Map(sites.map((s) => [s.id, s.domain]));
    const rows = new Map<string, LanderStatsRow>();
    const rowOf = (siteId: number, lander: string | null, variant: string, network: string): LanderStatsRow => {
      const key = [siteId, lander ?? '', variant, network].join('\u0000');
      let row = rows.get(key);
      if (!row) {
        const v = lander && variant ? variant : null;
        row = { site: domains.get(siteId) ?? `#${siteId}`, lander, variant: v, label: landingLabel(lander, v), network: network || null, ...emptyFigures() };
        rows.set(key, row);
      }
      return row;
    };
    for (const r of visits) rowOf(r.siteId, r.lander, r.variant, r.network).visits += r.visits;
    for (const r of signups) rowOf(r.siteId, r.lander, r.variant, r.network).signups += r.n;
    for (const r of activations) rowOf(r.siteId, r.lander, r.variant, r.network).activations += r.n;
    for (const r of payments) {
      const row = rowOf(r.siteId, r.lander, r.variant, r.network);
      row.firstPayments += r.n;
      row.revenueCents[r.currency] = (row.revenueCents[r.currency] ?? 0) + r.netCents;
    }
    const sorted = [...rows.values()]
      .map(withRates)
      .sort((a, b) => a.site.localeCompare(b.site) || b.visits - a.visits || b.signups - a.signups || a.label.localeCompare(b.label) || (a.network ?? '').localeCompare(b.network ?? ''));
    const totals: LanderTotals = { ...emptyFigures(), landerSignups: 0 };
    for (const r of sorted) {
      totals.visits += r.visits;
      totals.signups += r.signups;
      if (r.lander) totals.landerSignups += r.signups;
      totals.activations += r.activations;
      totals.firstPayments += r.firstPayments;
      for (const [currency, cents] of Object.entries(r.revenueCents)) totals.revenueCents[currency] = (totals.revenueCents[currency] ?? 0) + cents;
    }
    // Visits are landers' only: signups from other pages would inflate the total's signup rate.
    return { fromDay: q.fromDay, toDay: q.toDay, rows: sorted, totals: { ...withRates(totals), signupRate: rate(totals.landerSignups, totals.visits) } };
  }
}
