// SQL for the read-mostly catalogues: interests, regions, bundles, gifts.
import type { Runner } from '../db.js';

export async function listInterestSlugs(db: Runner): Promise<string[]> {
  const rows = await db('interests').select('slug').orderBy([{ column: 'position' }, { column: 'id' }]);
  return rows.map((r: { slug: string }) => r.slug);
}

export interface RegionRow {
  country: string;
  code: string;
  name: string;
}

export async function listRegions(db: Runner, countries?: string[]): Promise<RegionRow[]> {
  const q = db('regions').select('country', 'code', 'name').orderBy([{ column: 'country' }, { column: 'name' }]);
  if (countries) q.whereIn('country', countries);
  return (await q) as RegionRow[];
}

export interface BundleRow {
  id: number;
  siteId: number | null;
  credits: number;
  priceCents: number;
  currency: string;
  style: string;
  position: number;
}

export async function listActiveBundles(db: Runner, siteId: number): Promise<BundleRow[]> {
  const rows = await db('bundles')
    .where({ is_active: true })
    .andWhere((q) => q.whereNull('site_id').orWhere('site_id', siteId))
    .orderBy([{ column: 'currency' }, { column: 'position' }, { column: 'id' }]);
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    siteId: r.site_id === null ? null : Number(r.site_id),
    credits: Number(r.credits),
    priceCents: Number(r.price_cents),
    currency: String(r.currency),
    style: String(r.style),
    position: Number(r.position),
  }));
}
