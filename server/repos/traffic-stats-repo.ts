// SQL for `amora stats landers`: accounts' signups, activations and first payments in a period,
// per site, lander, variant and network. Each query walks one of the users indexes (site_id, then
// its instant: signup_date, confirmed_at, premium_since) over the period's range of each site
// asked for, so its cost follows the period's accounts, not the table's million.
import type { Knex } from 'knex';
import type { Runner } from '../db.js';

export interface PeriodFilter {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  /** The sites to count (every site: all their ids, so the (site_id, instant) indexes serve). */
  siteIds: number[];
}

export interface SourceCount {
  siteId: number;
  lander: string | null;
  variant: string;
  network: string;
  n: number;
}

export interface FirstPaymentCount extends SourceCount {
  currency: string;
  /** Paid, less what was refunded or charged back since. */
  netCents: number;
}

type Raw = { site_id: number; lander: string | null; lander_variant: string | null; network: string | null; n: number | string };

const toCount = (r: Raw): SourceCount => ({
  siteId: Number(r.site_id), lander: r.lander ?? null, variant: r.lander_variant ?? '', network: r.network ?? '', n: Number(r.n),
});

function accountsIn(db: Runner, instant: string, o: PeriodFilter): Knex.QueryBuilder {
  return db('users as u')
    .whereIn('u.site_id', o.siteIds)
    .andWhere(`u.${instant}`, '>=', o.from)
    .andWhere(`u.${instant}`, '<', o.to)
    .groupBy('u.site_id', 'u.lander', 'u.lander_variant', 'u.network').select('u.site_id', 'u.lander', 'u.lander_variant', 'u.network');
}

/** Accounts created in the period. */
export async function signupsBySource(db: Runner, o: PeriodFilter): Promise<SourceCount[]> {
  return ((await accountsIn(db, 'signup_date', o).count({ n: '*' })) as Raw[]).map(toCount);
}

/** Accounts that became active (confirmed their address) in the period. */
export async function activationsBySource(db: Runner, o: PeriodFilter): Promise<SourceCount[]> {
  return ((await accountsIn(db, 'confirmed_at', o).count({ n: '*' })) as Raw[]).map(toCount);
}

/**
 * Accounts whose first paid payment was fulfilled in the period (premium_since is set by it), with
 * that payment's currency and amount. A member with premium but no payment (seeded) is left out.
 */
export async function firstPaymentsBySource(db: Runner, o: PeriodFilter): Promise<FirstPaymentCount[]> {
  const first = db.raw(
    '(select p2.id from payments p2 where p2.user_id = u.id and p2.fulfilled_at is not null order by p2.fulfilled_at, p2.id limit 1)',
  );
  const rows = (await accountsIn(db, 'premium_since', o)
    .join('payments as p', (j) => j.on('p.id', '=', first))
    .groupBy('p.currency')
    .select('p.currency', db.raw('sum(p.amount_cents - p.refunded_cents - p.charged_back_cents) as cents'))
    .count({ n: '*' })) as (Raw & { currency: string; cents: number | string | null })[];
  return rows.map((r) => ({ ...toCount(r), currency: r.currency, netCents: Number(r.cents ?? 0) }));
}
