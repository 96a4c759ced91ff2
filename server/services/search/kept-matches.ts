// The first matches of a search, kept a few seconds for every searcher with the same filters.
// A member's search page ran the walk of the feed index and the capped count for each request,
// half its SQL time (~0.8 ms each at 100k profiles); searchers with the same filters see the
// same profiles but for their own exclusions (themselves and whom they blocked or were blocked
// by), which are taken out of the kept rows afterwards.
import type { ProfileRow } from '../../repos/profiles-repo.js';

/** Exclusions a kept list can serve: it holds this many rows past the page (a member who blocked more is searched live). */
export const KEPT_EXTRA_ROWS = 50;

export interface Matches {
  /** The first matches in the order of the search, a page and KEPT_EXTRA_ROWS more at most. */
  rows: ProfileRow[];
  /** All matches, counted up to the cap the search gave (countProfiles). */
  count: number;
}

interface Entry {
  value: Promise<Matches>;
  expires: number;
}

/**
 * Matches by the key of their filters, each kept `ttlMs` (VISITOR_PAGE_TTL_MS: what may be that
 * old is which profiles come first, as on a visitor's kept search page), at most `maxEntries`
 * (the oldest go first: a key holds a free-form region).
 */
export class KeptMatches {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<Matches>): Promise<Matches> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    this.entries.delete(key);
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => this.forget(key, value));
    return value;
  }

  /** Drops a kept list that no longer holds (a profile on it hidden or changed), unless already replaced. */
  forget(key: string, value?: Promise<Matches>): void {
    if (!value || this.entries.get(key)?.value === value) this.entries.delete(key);
  }
}

/**
 * A searcher's page of kept matches: the rows without their exclusions, `limit` at most, and the
 * count as the same search with the exclusions in SQL would give it (capped at `cap`), or
 * undefined when the kept list cannot tell (then the count is asked).
 */
export function pageOfKept(kept: Matches, exclude: ReadonlySet<number>, limit: number, cap: number): { rows: ProfileRow[]; count: number | undefined } {
  const rows = kept.rows.filter((r) => !exclude.has(Number(r.id)));
  let count: number | undefined;
  // More matches than the cap even if every exclusion is one of them.
  if (kept.count - exclude.size >= cap) count = cap;
  // Every match is in the kept rows: counted there.
  else if (kept.count <= kept.rows.length) count = Math.min(cap, rows.length);
  return { rows: rows.slice(0, limit), count };
}
