// Gives every profile without a position one, from its country, region and city (the same lookup as
// a profile save). Used by the backfill migration, the demo and bench seeds, and safe to run again:
// only profiles without a position are read, by id in batches; each place is asked once, written
// with one update per place and batch, one transaction per batch (a million rows stay cheap to
// lock). A profile whose place is unknown (no country the data knows) is counted and left as it is.
import type { Db } from '../../db.js';
import { locationColumns, rememberPlaces, type LocationColumns } from '../../repos/places-repo.js';
import type { GeoService, PlaceFields } from './geo-service.js';

type Row = PlaceFields & { id: number };

const keyOf = (r: PlaceFields) => `${r.country}\u0000${r.region ?? ''}\u0000${(r.city ?? '').trim().toLowerCase()}`;

export async function locateUnplacedProfiles(db: Db, geo: GeoService, batch = 1000): Promise<{ located: number; unknown: number }> {
  const known = new Map<string, LocationColumns>();
  const counts = { located: 0, unknown: 0 };
  for (let after = 0; ; ) {
    const rows = (await db('profiles').whereNull('geo_point').andWhere('id', '>', after).orderBy('id').limit(batch).select('id', 'country', 'region', 'city')) as Row[];
    if (!rows.length) return counts;
    after = Number(rows[rows.length - 1]!.id);
    const fresh = [...new Map(rows.filter((r) => !known.has(keyOf(r))).map((r) => [keyOf(r), r])).values()];
    const located = await geo.locateProfiles(fresh);
    fresh.forEach((r, i) => known.set(keyOf(r), locationColumns(located[i] ?? null)));
    const groups = new Map<string, { ids: number[]; country: string; region: string | null }>();
    for (const r of rows) {
      const group = groups.get(keyOf(r)) ?? { ids: [], country: r.country, region: r.region };
      group.ids.push(Number(r.id));
      groups.set(keyOf(r), group);
    }
    await db.transaction(async (tx) => {
      for (const [key, g] of groups) {
        const location = known.get(key)!;
        if (location.geo_point === null) counts.unknown += g.ids.length;
        else {
          await tx('profiles').whereIn('id', g.ids).update(location);
          counts.located += g.ids.length;
        }
      }
      await rememberPlaces(tx, [...groups].map(([key, g]) => ({ country: g.country, region: g.region, location: known.get(key)! })));
    });
  }
}
