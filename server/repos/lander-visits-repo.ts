// SQL for the lander visit counters: one row per site, UTC day, lander, variant and network, added
// to by every app process's flush (an upsert that adds, so processes never overwrite each other).
import { isSqlite, type Runner } from '../db.js';

export interface VisitCount {
  siteId: number;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  lander: string;
  /** '' for the lander's default. */
  variant: string;
  /** '' when the visit came without a traffic source. */
  network: string;
  visits: number;
}

const CHUNK = 200;

/**
 * Adds the counts, in key order so that two processes flushing the same rows lock them in the same
 * order. Each chunk is one statement: it adds all its rows or none.
 */
export async function addVisits(db: Runner, counts: VisitCount[]): Promise<void> {
  const rows = counts
    .map((c) => ({ day: c.day, site_id: c.siteId, lander: c.lander, variant: c.variant, network: c.network, visits: c.visits }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.site_id - b.site_id || a.lander.localeCompare(b.lander) || a.variant.localeCompare(b.variant) || a.network.localeCompare(b.network));
  const added = isSqlite(db) ? 'lander_visits.visits + excluded.visits' : 'visits + VALUES(visits)';
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db('lander_visits')
      .insert(rows.slice(i, i + CHUNK))
      .onConflict(['day', 'site_id', 'lander', 'variant', 'network'])
      .merge({ visits: db.raw(added) });
  }
}

export interface VisitTotal {
  siteId: number;
  lander: string;
  variant: string;
  network: string;
  visits: number;
}

/** Visits per site, lander, variant and network over whole UTC days, from the (day, …) unique index. */
export async function visitTotals(db: Runner, o: { fromDay: string; toDay: string; siteIds: number[] }): Promise<VisitTotal[]> {
  const q = db('lander_visits')
    .whereBetween('day', [o.fromDay, o.toDay])
    .whereIn('site_id', o.siteIds)
    .groupBy('site_id', 'lander', 'variant', 'network')
    .select('site_id', 'lander', 'variant', 'network')
    .sum({ visits: 'visits' });
  const rows = (await q) as { site_id: number; lander: string; variant: string; network: string; visits: number | string }[];
  return rows.map((r) => ({ siteId: Number(r.site_id), lander: r.lander, variant: r.variant, network: r.network, visits: Number(r.visits) }));
}
