// SQL for the icebreaker's hints: a partner's city and the interests of two profiles, by primary key.
import type { Runner } from '../db.js';

export async function cityOf(db: Runner, profileId: number): Promise<string | null> {
  const row = (await db('profiles').where('id', profileId).first('city')) as { city: string | null } | undefined;
  return row?.city ?? null;
}

/** Interest slugs of both profiles in one statement, each list in the catalogue's order. */
export async function interestsOfPair(db: Runner, a: number, b: number): Promise<{ a: string[]; b: string[] }> {
  const rows = (await db('profile_interests as pi')
    .join('interests as i', 'i.id', 'pi.interest_id')
    .whereIn('pi.profile_id', [a, b])
    .orderBy([{ column: 'i.position' }, { column: 'i.id' }])
    .select('pi.profile_id', 'i.slug')) as { profile_id: number; slug: string }[];
  return {
    a: rows.filter((r) => Number(r.profile_id) === a).map((r) => r.slug),
    b: rows.filter((r) => Number(r.profile_id) === b).map((r) => r.slug),
  };
}
