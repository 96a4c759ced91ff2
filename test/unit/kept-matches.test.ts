// Kept matches: a searcher's page and count from a list kept without their exclusions, exactly as
// the search with the exclusions in SQL would give them, or no count when the list cannot tell.
import { expect } from 'chai';
import { KeptMatches, pageOfKept, type Matches } from '../../server/services/search/kept-matches.js';
import type { ProfileRow } from '../../server/repos/profiles-repo.js';

const rows = (ids: number[]) => ids.map((id) => ({ id }) as ProfileRow);
const ids = (r: ProfileRow[]) => r.map((x) => x.id);
const CAP = 1000;

describe('kept matches', () => {
  it('takes the exclusions out of the kept rows and keeps the order', () => {
    const kept: Matches = { rows: rows([9, 8, 7, 6, 5, 4]), count: 1050 };
    const page = pageOfKept(kept, new Set([8, 5, 100]), 3, CAP);
    expect(ids(page.rows)).to.deep.equal([9, 7, 6]);
  });

  it('counts: capped when even every exclusion matching leaves the cap; exact when every match is kept; else unknown', () => {
    expect(pageOfKept({ rows: rows([1, 2]), count: 1050 }, new Set([1, 3]), 25, CAP).count).to.equal(CAP);
    expect(pageOfKept({ rows: rows([1, 2]), count: 1001 }, new Set([1, 3]), 25, CAP).count).to.equal(undefined);
    expect(pageOfKept({ rows: rows([1, 2, 3]), count: 3 }, new Set([2, 7]), 25, CAP).count).to.equal(2);
    expect(pageOfKept({ rows: rows([1, 2, 3]), count: 40 }, new Set([2]), 25, CAP).count).to.equal(undefined);
  });

  it('keeps a list for its time, at most so many lists, and forgets a failed load or a list that no longer holds', async () => {
    let now = 0;
    let loads = 0;
    const cache = new KeptMatches(() => now, 100, 2);
    const load = async () => ({ rows: rows([++loads]), count: 1 });
    expect(ids((await cache.get('a', load)).rows)).to.deep.equal([1]);
    expect(ids((await cache.get('a', load)).rows)).to.deep.equal([1]);
    now = 100;
    expect(ids((await cache.get('a', load)).rows)).to.deep.equal([2]);
    await cache.get('b', load);
    await cache.get('c', load); // the oldest ('a') goes
    expect(ids((await cache.get('a', load)).rows)).to.deep.equal([5]);
    const failing = cache.get('d', () => Promise.reject(new Error('down')));
    await failing.catch(() => undefined);
    expect(ids((await cache.get('d', load)).rows)).to.deep.equal([6]);
    const held = cache.get('d', load);
    cache.forget('d', Promise.resolve({ rows: [], count: 0 })); // another list's: this one stays
    expect(await cache.get('d', load)).to.equal(await held);
    cache.forget('d', held);
    expect(ids((await cache.get('d', load)).rows)).to.deep.equal([7]);
  });
});
