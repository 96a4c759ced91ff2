// Member search (SPEC.md §3 search state): filters, paging, and similar profiles when few match.
import type { Db } from '../../db.js';
import { birthBounds } from '../../lib/dates.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { blockedEitherWay } from '../../repos/blocks-repo.js';
import { cardRowsByIds, countProfiles, findProfile, searchProfiles, type ProfileRow, type SearchFilter } from '../../repos/profiles-repo.js';
import type { Position } from '../../../types/geo.js';
import type { ProfileCard } from '../../../types/profiles.js';
import type { SearchFilters } from '../../../types/search.js';
import type { MaybeViewer, Viewer } from '../viewer.js';
import type { GeoService } from '../geo/geo-service.js';
import type { PresenceService } from '../presence/presence-service.js';
import { toProfileCard, type CardContext } from '../profiles/profile-views.js';
import { nearPage, type NearRow } from './near-search.js';
import { KEPT_EXTRA_ROWS, KeptMatches, pageOfKept } from './kept-matches.js';
import { VISITOR_PAGE_TTL_MS } from '../../render/page-cache.js';
import { memberPreferences, rememberMemberFilters, seekingOf, type SearchPreferences } from './search-preferences.js';

export { seekingOf } from './search-preferences.js';

export interface SearchQuery {
  gender?: 'male' | 'female';
  country?: string;
  region?: string;
  minAge?: number;
  maxAge?: number;
  /** Match finder filters (SPEC.md §3). */
  appearance?: 'normal' | 'sexy';
  race?: 'white' | 'other';
  /** Without a chosen country: this one's profiles first, then the site's other countries. */
  preferCountry?: string;
  /** "Near me": nearest first from here (searchCenter()); the distance shows on the cards. */
  near?: Position;
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
  private readonly kept: KeptMatches | undefined;

  constructor(
    private readonly db: Db,
    private readonly presence: Pick<PresenceService, 'answersFor'>,
    private readonly geo: GeoService,
    o: { keptMs?: number } = {},
  ) {
    const keptMs = o.keptMs ?? VISITOR_PAGE_TTL_MS;
    this.kept = keptMs > 0 ? new KeptMatches(Date.now, keptMs) : undefined;
  }

  /** The newest active profiles with a photo, for the landing page: of `gender`, `preferCountry` first. */
  async showcase(countries: string[], card: CardContext, limit: number, o: { gender?: 'male' | 'female'; preferCountry?: string } = {}): Promise<ProfileCard[]> {
    const rows = await this.pageOf({ countries, gender: o.gender, withPhoto: true }, o.preferCountry, limit, 0);
    return this.cards(rows, card);
  }

  /** Cards with their presence, asked for all of them in one lookup. */
  private async cards(rows: ProfileRow[], card: CardContext): Promise<ProfileCard[]> {
    const presence = await this.presence.answersFor(rows, card.fictionalPresence);
    return rows.map((r) => toProfileCard(r, card.cdnPrefix, presence));
  }

  /**
   * Visible profiles with an approved photo that match `filter`, `preferCountry`'s first, most
   * recently active first, as rows: landing pages show more of a profile than its card.
   */
  async withPhotos(filter: SearchFilter, preferCountry: string | undefined, limit: number): Promise<ProfileRow[]> {
    return this.pageOf({ ...filter, withPhoto: true }, preferCountry, limit, 0);
  }

  /** A member's filters: remembered, else the defaults from their profile. */
  async preferencesOf(viewer: Viewer): Promise<SearchPreferences | null> {
    return memberPreferences(this.db, viewer);
  }

  /** Remembers (or, with null, forgets) a member's filters on the account. */
  async rememberFilters(viewer: Viewer, prefs: SearchPreferences, chosen: SearchFilters | null): Promise<void> {
    await rememberMemberFilters(this.db, viewer, prefs, chosen);
  }

  /**
   * One page of matches, `preferCountry`'s first: two walks of the activity-ordered indexes (that
   * country, then the others) instead of ordering by an expression, which would sort every match.
   * Deep pages that start past the first country's matches count them (capped at the offset).
   */
  private async pageOf(filter: SearchFilter, preferCountry: string | undefined, limit: number, offset: number): Promise<ProfileRow[]> {
    const others = filter.countries.filter((c) => c !== preferCountry);
    if (!preferCountry || others.length === filter.countries.length || others.length === 0) return searchProfiles(this.db, filter, limit, offset);
    const home: SearchFilter = { ...filter, countries: [preferCountry] };
    const first = await searchProfiles(this.db, home, limit, offset);
    if (first.length === limit) return first;
    const homeTotal = first.length > 0 || offset === 0 ? offset + first.length : await countProfiles(this.db, home, offset);
    const rest = await searchProfiles(this.db, { ...filter, countries: others }, limit - first.length, Math.max(0, offset - homeTotal));
    return [...first, ...rest];
  }

  /**
   * Whether these cards still show their profiles as they are: each still visible, with the same
   * name, age, place, gender, label and photo (their presence aside, which is live). A kept page
   * of cards is shown only while this holds (render/page-cache.ts), so a member who hides, leaves
   * or changes their photo is never shown as they were.
   */
  async stillShown(cards: readonly ProfileCard[], card: CardContext): Promise<boolean> {
    const rows = new Map((await cardRowsByIds(this.db, cards.map((c) => c.id))).map((r) => [Number(r.id), r]));
    return cards.every((shown) => {
      const row = rows.get(shown.id);
      return row !== undefined && row.status === 'active' && sameCard(toProfileCard(row, card.cdnPrefix), shown);
    });
  }

  /** Visible profiles in the site's countries, for "join N members" (refreshed every 10 minutes). */
  memberCount(countries: string[]): Promise<number> {
    return this.counts.get(countries.join(','), () => countProfiles(this.db, { countries }, 10_000_000));
  }

  /** The profiles a member's search leaves out besides their own: those blocked either way. */
  blockedFor(viewer: Viewer): Promise<number[]> {
    return blockedEitherWay(this.db, viewer.profileId);
  }

  /** `ctx.blocked`: blockedFor(ctx.viewer) when the caller asked it already (with other reads). */
  async search(q: SearchQuery, ctx: CardContext & { siteCountries: string[]; viewer: MaybeViewer; blocked?: Promise<number[]> }): Promise<SearchResult> {
    const countries = q.country && ctx.siteCountries.includes(q.country) ? [q.country] : ctx.siteCountries;
    // Never the viewer, nor anyone blocked either way.
    const excludeIds = ctx.viewer ? [ctx.viewer.profileId, ...(await (ctx.blocked ?? this.blockedFor(ctx.viewer)))] : [];
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
    const preferCountry = q.country ? undefined : q.preferCountry;
    // The first page of a search by activity is kept for everyone with the same filters.
    const kept = this.kept && q.page === 1 && !q.near && excludeIds.length <= KEPT_EXTRA_ROWS ? await this.firstPageKept(this.kept, filter, preferCountry) : undefined;
    const [rows, numResults] = kept ?? (await Promise.all([
      q.near ? nearPage(this.db, filter, q.near, PAGE_SIZE + 1, offset) : this.pageOf(filter, preferCountry, PAGE_SIZE + 1, offset),
      countProfiles(this.db, filter, COUNT_CAP),
    ]));
    const shown = rows.slice(0, PAGE_SIZE);
    let similarRows: ProfileRow[] = [];
    if (q.page === 1 && rows.length < PAGE_SIZE / 2) {
      const wider: SearchFilter = { countries: ctx.siteCountries, gender: q.gender, withPhoto: true, excludeIds: [...excludeIds, ...rows.map((r) => r.id)] };
      similarRows = await searchProfiles(this.db, wider, PAGE_SIZE - rows.length, 0);
    }
    // Both lists' presence in one lookup.
    const cards = await this.cards([...shown, ...similarRows], ctx);
    const near = q.near;
    const profiles = cards.slice(0, shown.length).map((card, i) => (near ? withDistance(card, shown[i] as NearRow, near) : card));
    const similar = cards.slice(shown.length);
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

  /**
   * The first page (a row more, to tell whether there are more) and the count of a search, from
   * the kept matches of its filters without the searcher's exclusions (kept-matches.ts), with each
   * row read again: a profile hidden, left or no longer matching since sends the search to SQL.
   * Undefined then.
   */
  private async firstPageKept(kept: KeptMatches, filter: SearchFilter, preferCountry: string | undefined): Promise<[ProfileRow[], number] | undefined> {
    const { excludeIds = [], ...shared } = filter;
    const key = JSON.stringify([shared, preferCountry ?? null]);
    const matches = kept.get(key, async () => {
      const [rows, count] = await Promise.all([
        this.pageOf(shared, preferCountry, PAGE_SIZE + 1 + KEPT_EXTRA_ROWS, 0),
        countProfiles(this.db, shared, COUNT_CAP + KEPT_EXTRA_ROWS),
      ]);
      return { rows, count };
    });
    const page = pageOfKept(await matches, new Set(excludeIds), PAGE_SIZE + 1, COUNT_CAP);
    const now = new Map((await cardRowsByIds(this.db, page.rows.map((r) => Number(r.id)))).map((r) => [Number(r.id), r]));
    const rows = page.rows.map((kept) => now.get(Number(kept.id))).filter((r) => r !== undefined);
    if (rows.length < page.rows.length || !rows.every((r, i) => stillMatches(r, page.rows[i]!, filter))) {
      kept.forget(key, matches);
      return undefined;
    }
    return [rows, page.count ?? (await countProfiles(this.db, filter, COUNT_CAP))];
  }

  /**
   * Where "near me" measures from: a member's own place (their city's position, else their region's
   * or country's middle); for a visitor, the region or country they chose, else the one their
   * address is in, else the site's first. Null when the geo data does not answer (the page then
   * orders by activity).
   */
  async searchCenter(viewer: MaybeViewer, o: { country: string; region: string; homeCountry: string; siteCountries: string[] }): Promise<Position | null> {
    try {
      if (viewer) {
        const own = await this.geo.profilePosition(viewer.profileId);
        if (own) return own;
        const profile = await findProfile(this.db, viewer.profileId);
        return profile ? await this.geo.approximatePosition({ country: profile.country, region: profile.region }) : null;
      }
      const countries = [...new Set([o.country, o.homeCountry, ...o.siteCountries].filter(Boolean))];
      if (o.region) {
        // A region chosen without a country is one of the site's countries' (the first that has it).
        for (const country of o.country ? [o.country] : countries) {
          const position = await this.geo.approximatePosition({ country, region: o.region });
          if (position?.precision === 'region') return position;
        }
      }
      return countries[0] ? await this.geo.approximatePosition({ country: countries[0] }) : null;
    } catch {
      return null;
    }
  }

  /**
   * First matches for a new member (/signup-matches): the gender their orientation looks for, in
   * their own country first, profiles with a photo, most recently active first.
   */
  async matchesFor(viewer: Viewer, ctx: CardContext & { siteCountries: string[] }, limit = 12): Promise<ProfileCard[]> {
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
    return this.cards(rows, ctx);
  }
}

/**
 * A kept match read again still matches as it did: visible, with the same gender, place and date of
 * birth, and a photo if the search asks for one. (Its card shows it as it is now.)
 */
function stillMatches(now: ProfileRow, kept: ProfileRow, filter: SearchFilter): boolean {
  return now.status === 'active' && now.gender === kept.gender && now.country === kept.country && now.region === kept.region
    && now.birth_date === kept.birth_date && (!filter.withPhoto || now.main_file_key !== null);
}

/** Two cards show the same profile the same way (presence and distance aside). */
function sameCard(a: ProfileCard, b: ProfileCard): boolean {
  return a.id === b.id && a.name === b.name && a.age === b.age && a.city === b.city && a.region === b.region && a.country === b.country
    && a.gender === b.gender && a.isFictional === b.isFictional && a.photo?.url === b.photo?.url && a.photo?.thumbUrl === b.photo?.thumbUrl;
}

/**
 * A card with its distance, when it means something: measured from the member's own city (not a
 * region's or country's middle) to a profile known to a city or region.
 */
function withDistance(card: ProfileCard, r: NearRow, center: Position): ProfileCard {
  return center.precision !== 'city' || r.location_precision === 'country' ? card : { ...card, distanceKm: r.distanceKm };
}
