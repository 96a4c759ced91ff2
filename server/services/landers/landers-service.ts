// The landing pages' data (SPEC.md §2 "Landing pages"): real, visible profiles of the site with an
// approved photo, the visitor's country first, narrowed by the lander's slug variant, and real
// counts for the page's claims. Paid traffic arrives in bursts on a handful of URLs, so a selection
// is kept for a minute and the counts for ten: a lander then costs about what a static page does.
import type { Db } from '../../db.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { aboutTextsOf, countProfiles, type ProfileRow, type SearchFilter } from '../../repos/profiles-repo.js';
import { LANDER_COUNT_CAP, type LanderCounts, type LanderProfile, type LanderSelection, type LanderVariant } from '../../../types/lander-pages.js';
import type { ProfileDetail } from '../../../types/profiles.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { toProfileCard, type CardContext } from '../profiles/profile-views.js';
import type { PresenceService } from '../presence/presence-service.js';
import type { FictionalPresence } from '../../../types/presence.js';
import type { ProfilesService } from '../profiles/profiles-service.js';
import type { SearchService } from '../search/search-service.js';
import type { LanderMap } from '../../../types/map.js';
import { LanderMaps, type MapGeo } from './lander-maps.js';
import type { Logger } from 'pino';
import { resolveVariant, variantKey } from './lander-variants.js';
import { teaserOf } from './teaser.js';

/** Profiles picked per selection: enough for the largest lander (a collage, a gallery). */
export const LANDER_PROFILES = 24;
const PICKS_TTL_MS = 60_000;
const COUNTS_TTL_MS = 10 * 60_000;
const DAY_MS = 24 * 3600_000;
/** The site's "online": active in the last 15 minutes (services/profiles/profile-views.ts). */
const ONLINE_MS = 15 * 60_000;

export interface SelectionQuery {
  /** The lander's slug, as typed in the URL (unknown ones are the default variant). */
  slug?: string;
  /** The site's countries. */
  countries: string[];
  /** The visitor's country by GeoIP; used only when it is one of the site's. */
  visitorCountry: string | null;
  cdnPrefix: string;
  /** What the site's fictional profiles show as presence (`fictional_presence`). */
  fictionalPresence: FictionalPresence;
}

interface Scope {
  gender: 'male' | 'female';
  /** The variant's place, else the visitor's country; null when neither is known. */
  place: LanderSelection['place'];
  /** The place is the variant's (only its profiles first), not merely the visitor's country. */
  chosenPlace: boolean;
  interest?: string;
}

export class LandersService {
  private readonly picks: TtlCache<LanderSelection>;
  private readonly counts: TtlCache<LanderCounts>;
  private readonly maps: LanderMaps;

  constructor(
    private readonly db: Db,
    private readonly search: SearchService,
    private readonly catalog: CatalogService,
    private readonly profiles: ProfilesService,
    private readonly presence: Pick<PresenceService, 'answersFor'>,
    geo: MapGeo,
    logger: Pick<Logger, 'warn'>,
    ttl: { picksMs?: number; countsMs?: number } = {},
  ) {
    this.picks = new TtlCache(ttl.picksMs ?? PICKS_TTL_MS);
    this.counts = new TtlCache(ttl.countsMs ?? COUNTS_TTL_MS);
    this.maps = new LanderMaps(db, geo, logger);
  }

  /** The variant a slug names on this site (`women`, `ie`, `noord-holland`, `romance`), or the default. */
  async variantOf(slug: string | undefined, countries: string[], visitorCountry: string | null): Promise<LanderVariant> {
    if (!slug) return { kind: 'default' };
    const [regions, interests] = await Promise.all([this.catalog.regionsOf(countries), this.catalog.interestSlugs()]);
    return resolveVariant(slug, { countries, regions, interests, visitorCountry: this.visitorIn(countries, visitorCountry) });
  }

  /** The profiles and counts of a lander (the same for every lander of a site, visitor country and variant). */
  async selection(q: SelectionQuery): Promise<LanderSelection> {
    const visitor = this.visitorIn(q.countries, q.visitorCountry);
    const variant = await this.variantOf(q.slug, q.countries, visitor);
    const key = [q.countries.join(','), visitor ?? '-', variantKey(variant), q.cdnPrefix, q.fictionalPresence].join('|');
    return this.picks.get(key, () => this.load(variant, q.countries, visitor, q));
  }

  /**
   * The map of a selection (/landers/maplanding): its place's outline, its profiles as pins, the
   * visitor's rough area when their country is one of the site's. Null when the geo data cannot answer.
   */
  map(selection: LanderSelection, q: Pick<SelectionQuery, 'countries' | 'visitorCountry'>): Promise<LanderMap | null> {
    return this.maps.mapOf(selection, { countries: q.countries, visitor: this.visitorIn(q.countries, q.visitorCountry) });
  }

  /** One profile put forward (`/members/{id}/landing…`); hidden, disabled and unknown ones are not found. */
  async memberLanding(id: number, ctx: CardContext & { visibleFields: string[] }): Promise<{ profile: ProfileDetail; teaser: string | null }> {
    const profile = await this.profiles.view(id, { ...ctx, viewer: null });
    return { profile, teaser: teaserOf(profile.about) };
  }

  /** Forgets every kept selection and count (tests; an operator's import shows up within a minute anyway). */
  clearCache(): void {
    this.picks.clear();
    this.counts.clear();
  }

  private visitorIn(countries: string[], country: string | null): string | null {
    return country && countries.includes(country) ? country : null;
  }

  private async load(variant: LanderVariant, countries: string[], visitor: string | null, card: CardContext): Promise<LanderSelection> {
    const scope = scopeOf(variant, visitor);
    const [rows, counts] = await Promise.all([this.pickRows(scope, countries), this.countsFor(scope, countries)]);
    // Presence as the site shows it everywhere (invisible members show none), kept with the selection.
    const [abouts, presence] = await Promise.all([aboutTextsOf(this.db, rows.map((r) => r.id)), this.presence.answersFor(rows, card.fictionalPresence)]);
    const profiles: LanderProfile[] = rows.map((r) => ({
      ...toProfileCard(r, card.cdnPrefix, presence),
      teaser: teaserOf(abouts.get(r.id) ?? null),
    }));
    return { variant, gender: scope.gender, place: scope.place, profiles, counts };
  }

  /**
   * The scope's profiles, then (when a chosen place or an interest has too few) the rest of the
   * site's of the same gender: the page stays full, and every card says where its profile lives.
   */
  private async pickRows(scope: Scope, countries: string[]): Promise<ProfileRow[]> {
    const rows = await this.search.withPhotos(filterOf(scope, countries, scope.chosenPlace), scope.place?.country, LANDER_PROFILES);
    if (rows.length >= LANDER_PROFILES || !(scope.chosenPlace || scope.interest)) return rows;
    const wider: SearchFilter = { countries, gender: scope.gender, excludeIds: rows.map((r) => r.id) };
    return [...rows, ...(await this.search.withPhotos(wider, scope.place?.country, LANDER_PROFILES - rows.length))];
  }

  private countsFor(scope: Scope, countries: string[]): Promise<LanderCounts> {
    const key = [countries.join(','), scope.gender, scope.place?.country ?? '-', scope.place?.region ?? '-', scope.interest ?? '-'].join('|');
    return this.counts.get(key, async () => {
      const filter = filterOf(scope, countries, true);
      const now = Date.now();
      const [matching, activeToday, onlineNow, members] = await Promise.all([
        countProfiles(this.db, filter, LANDER_COUNT_CAP),
        countProfiles(this.db, { ...filter, activeSince: now - DAY_MS }, LANDER_COUNT_CAP),
        countProfiles(this.db, { ...filter, activeSince: now - ONLINE_MS }, LANDER_COUNT_CAP),
        this.search.memberCount(countries),
      ]);
      return { matching, activeToday, onlineNow, members };
    });
  }
}

/** Who and where a variant shows: women unless it says men; its place, else the visitor's country. */
function scopeOf(variant: LanderVariant, visitor: string | null): Scope {
  const gender = variant.kind === 'gender' ? variant.gender : 'female';
  if (variant.kind === 'region') return { gender, place: { country: variant.country, region: variant.region }, chosenPlace: true };
  if (variant.kind === 'country') return { gender, place: { country: variant.country, region: null }, chosenPlace: true };
  const place = visitor ? { country: visitor, region: null } : null;
  return { gender, place, chosenPlace: false, interest: variant.kind === 'interest' ? variant.interest : undefined };
}

/**
 * The scope as a search. `inPlace`: only the place's profiles (counts, a chosen place); otherwise
 * the visitor's country merely comes first (SearchService.withPhotos) and the site's others follow.
 */
function filterOf(scope: Scope, countries: string[], inPlace: boolean): SearchFilter {
  const place = inPlace ? scope.place : null;
  return {
    countries: place ? [place.country] : countries,
    gender: scope.gender,
    region: place?.region ?? undefined,
    interest: scope.interest,
  };
}
