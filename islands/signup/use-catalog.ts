// Regions and interests for the signup steps: from the props when the server rendered them (the
// /signup page), else fetched once from /api/regions.php and /api/interests.php (the modal).
import { useEffect, useState } from 'react';
import type { CountryRegions } from '../../types/signup.js';
import { api } from '../lib/api-client.js';

type RegionsAnswer = { regions: Record<string, { label: string; regions: { name: string }[] }> };
type Interest = { slug: string; label: string };

let regionsCache: Promise<CountryRegions[]> | undefined;
let interestsCache: Promise<Interest[]> | undefined;

export function useRegions(initial: CountryRegions[] | null): CountryRegions[] | null {
  const [regions, setRegions] = useState(initial);
  useEffect(() => {
    if (initial) return;
    regionsCache ??= api<RegionsAnswer>('/api/regions.php').then((a) =>
      Object.entries(a.regions).map(([country, g]) => ({ country, term: g.label, regions: g.regions.map((r) => r.name) })),
    );
    regionsCache.then(setRegions, () => (regionsCache = undefined));
  }, [initial]);
  return regions;
}

export function useInterests(initial: Interest[] | null): Interest[] | null {
  const [interests, setInterests] = useState(initial);
  useEffect(() => {
    if (initial) return;
    interestsCache ??= api<{ interests: Interest[] }>('/api/interests.php').then((a) => a.interests);
    interestsCache.then(setInterests, () => (interestsCache = undefined));
  }, [initial]);
  return interests;
}
