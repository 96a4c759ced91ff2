// SQL for the remembered search filters (users.search_filters) and what the defaults derive from.
import { type Runner } from '../db.js';
import { batchedFirstRow } from '../db-read-batch.js';

export interface SearcherRow {
  gender: string;
  sexuality: string;
  birth_date: string;
  country: string;
  search_filters: string | null;
}

/** findSearcher()'s statement, a fixed text (batchedFirstRow): every search of a member asks it. */
const SEARCHER = 'SELECT p.gender, p.sexuality, p.birth_date, p.country, u.search_filters FROM users AS u JOIN profiles AS p ON p.user_id = u.id WHERE u.id = ? LIMIT 1';

/** The member's own profile facts and remembered filters, in one primary-key lookup. */
export async function findSearcher(db: Runner, userId: number): Promise<SearcherRow | undefined> {
  return batchedFirstRow<SearcherRow>(db, SEARCHER, [userId]);
}

/** `null` forgets the choice: the defaults apply again. */
export async function saveSearchFilters(db: Runner, userId: number, value: string | null): Promise<void> {
  await db('users').where({ id: userId }).update({ search_filters: value });
}
