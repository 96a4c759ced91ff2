// Member search (SPEC.md §3 search state): filters, paging, and similar profiles when few match.
import type { Db } from '../../db.js';
import { birthBounds } from '../../lib/dates.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { blockedEitherWay } from '../../repos/blocks-repo.js';
import { countProfiles, findProfile, searchProfiles, type SearchFilter } from '../../repos/profiles-repo.js';
import type { ProfileCard } from '../../../types/profiles.js';
import type { MaybeViewer, Viewer } from '../viewer.js';
import { toProfileCard } from '../profiles/profile-views.js';

export interface SearchQuery {
  gender?: 'male' | 'female';
  country?: string;
  region?: string;
  minAge?: number;
  maxAge?: number;
  /** Match finder filters (SPEC.md §3). */
  appearance?: 'normal' | 'sexy';
  race?: 'white' | 'other';
  page: number;
}

export interface SearchResult {
  profiles: ProfileCard[];
  page: number;
  pageSize: number;
  /** Matches counted up to COUNT_CAP; the UI shows "1000+" beyond. */
  numResults: number;
  numResultsCapped: boolean;
  hasMore: boolean;
  /** Shown when the filters match fewer than a page: the same search with the age range and region dropped. */
  similar: ProfileCard[];
}

export const PAGE_SIZE = 24;
const COUNT_CAP = 1000;

export class SearchService {
  private readonly counts = new TtlCache<number>(10 * 60_000);

  constructor(private readonly db: Db) {}

  /** The newest active profiles with a photo, for the landing page. */
  async showcase(countries: string[], cdnPrefix: string, limit: number): Promise<ProfileCard[]> {
    const rows = await searchProfiles(this.db, { countries, withPhoto: true }, limit, 0);
    return rows.map((r) => toProfileCard(r, cdnPrefix));
  }

  /** Visible profiles in the site's countries, for "join N members" (refreshed every 10 minutes). */
  memberCount(countries: string[]): Promise<number> {
    return this.counts.get(countries.join(','), () => countProfiles(this.db, { countries }, 10_000_000));
  }

  async search(q: SearchQuery, ctx: { siteCountries: string[]; cdnPrefix: string; viewer: MaybeViewer }): Promise<SearchResult> {
    const countries = q.country && ctx.siteCountries.includes(q.country) ? [q.country] : ctx.siteCountries;
    // Never the viewer, nor anyone blocked either way.
    const excludeIds = ctx.viewer ? [ctx.viewer.profileId, ...(await blockedEitherWay(this.db, ctx.viewer.profileId))] : [];
    const filter: SearchFilter = {
      countries,
      gender: q.gender,
      region: q.region,
      ...birthBounds(q.minAge, q.maxAge),
      appearance: q.appearance,
      race: q.race,
      excludeIds,
    };
    const offset = (q.page - 1) * PAGE_SIZE;
    const [rows, numResults] = await Promise.all([
      searchProfiles(this.db, filter, PAGE_SIZE + 1, offset),
      countProfiles(this.db, filter, COUNT_CAP),
    ]);
    const profiles = rows.slice(0, PAGE_SIZE).map((r) => toProfileCard(r, ctx.cdnPrefix));
    let similar: ProfileCard[] = [];
    if (q.page === 1 && rows.length < PAGE_SIZE / 2) {
      const wider: SearchFilter = { countries: ctx.siteCountries, gender: q.gender, withPhoto: true, excludeIds: [...excludeIds, ...rows.map((r) => r.id)] };
      similar = (await searchProfiles(this.db, wider, PAGE_SIZE - rows.length, 0)).map((r) => toProfileCard(r, ctx.cdnPrefix));
    }
    return {
      profiles,
      page: q.page,
      pageSize: PAGE_SIZE,
      numResults,
      numResultsCapped: numResults >= COUNT_CAP,
      hasMore: rows.length > PAGE_SIZE,
      similar,
    };
  }

  /** The gender the member's orientation looks for (undefined: both). */
  async soughtGenderOf(viewer: Viewer): Promise<'male' | 'female' | undefined> {
    const own = await findProfile(this.db, viewer.profileId);
    return own ? seekingOf(own.gender, own.sexuality) : undefined;
  }

  /**
   * First matches for a new member (/signup-matches): the gender their orientation looks for, in
   * their own country first, profiles with a photo, most recently active first.
   */
  async matchesFor(viewer: Viewer, ctx: { siteCountries: string[]; cdnPrefix: string }, limit = 12): Promise<ProfileCard[]> {
    const own = await findProfile(this.db, viewer.profileId);
    if (!own) return [];
    const sought = seekingOf(own.gender, own.sexuality);
    const hidden = [viewer.profileId, ...(await blockedEitherWay(this.db, viewer.profileId))];
    const base: SearchFilter = { countries: [own.country], gender: sought, withPhoto: true, excludeIds: hidden };
    const rows = await searchProfiles(this.db, base, limit, 0);
    if (rows.length < limit) {
      const wider = { ...base, countries: ctx.siteCountries, excludeIds: [...hidden, ...rows.map((r) => r.id)] };
      rows.push(...(await searchProfiles(this.db, wider, limit - rows.length, 0)));
    }
    return rows.map((r) => toProfileCard(r, ctx.cdnPrefix));
  }
}

/** The gender an orientation looks for; undefined (both) for bisexual members. */
export function seekingOf(gender: string, sexuality: string): 'male' | 'female' | undefined {
  if (sexuality === 'bi') return undefined;
  if (sexuality === 'gay') return 'male';
  if (sexuality === 'lesbian') return 'female';
  return gender === 'male' ? 'female' : 'male';
}
