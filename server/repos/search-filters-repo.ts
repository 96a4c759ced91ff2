// SQL for the remembered search filters (users.search_filters) and what the defaults derive from.
import type { Runner } from '../db.js';

export interface SearcherRow {
  gender: string;
  sexuality: string;
  birth_date: string;
  country: string;
  search_filters: string | null;
}

/** The member's own profile facts and remembered filters, in one primary-key lookup. */
export async function findSearcher(db: Runner, userId: number): Promise<SearcherRow | undefined> {
  return (await db({ u: 'users' })
    .join({ p: 'profiles' }, 'p.user_id', 'u.id')
    .select('p.gender', 'p.sexuality', 'p.birth_date', 'p.country', 'u.search_filters')
    .where('u.id', userId)
    .first()) as SearcherRow | undefined;
}

/** `null` forgets the choice: the defaults apply again. */
export async function saveSearchFilters(db: Runner, userId: number, value: string | null): Promise<void> {
  await db('users').where({ id: userId }).update({ search_filters: value });
}
