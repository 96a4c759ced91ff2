// SQL for profiles and their photos as members see them.
import { allRows, isSqlite, type Runner } from '../db.js';
import { batchedAllRows, batchedFirstRow } from '../db-read-batch.js';
import type { Knex } from 'knex';

/** The editable columns a profile shares in every row shape of it. */
export interface ProfileFieldColumns {
  gender: string;
  sexuality: string;
  birth_date: string;
  country: string;
  region: string | null;
  city: string | null;
  about: string | null;
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
}

export interface ProfileRow extends ProfileFieldColumns {
  id: number;
  user_id: number | null;
  is_fictional: number | boolean;
  name: string;
  gender: 'male' | 'female';
  tattoos: number | boolean | null;
  status: string;
  main_photo_id: number | null;
  photo_count: number;
  last_active_at: number;
  main_file_key: string | null;
}

export interface SearchFilter {
  countries: string[];
  gender?: 'male' | 'female';
  region?: string;
  /** Inclusive birth-date bounds (YYYY-MM-DD) derived from the age range. */
  bornAfter?: string;
  bornBefore?: string;
  excludeIds?: number[];
  withPhoto?: boolean;
  /** Match finder (SPEC.md §3): appearance normal|sexy, race white|other. */
  appearance?: string;
  race?: string;
  fictionalOnly?: boolean;
  /** Leaves out profiles this profile has liked (swipe game). */
  notLikedBy?: number;
  /** Leaves out profiles that have liked this profile (automatic likes). */
  notLiking?: number;
  /** Only profiles with this interest (a catalogue slug): landing pages' interest variants. */
  interest?: string;
  /** Only profiles active at or after this time (epoch ms): "online now", "active today". */
  activeSince?: number;
}

const CARD_COLUMNS: string[] = [
  'p.id', 'p.user_id', 'p.is_fictional', 'p.name', 'p.gender', 'p.sexuality', 'p.birth_date', 'p.country', 'p.region',
  'p.city', 'p.status', 'p.main_photo_id', 'p.photo_count', 'p.last_active_at', 'ph.file_key as main_file_key',
];

function applyFilter(q: ReturnType<Runner>, f: SearchFilter) {
  q.where('p.status', 'active');
  if (f.gender) q.where('p.gender', f.gender);
  if (f.countries.length === 1) q.where('p.country', f.countries[0]!);
  else q.whereIn('p.country', f.countries);
  if (f.region) q.where('p.region', f.region);
  if (f.bornAfter) q.where('p.birth_date', '>=', f.bornAfter);
  if (f.bornBefore) q.where('p.birth_date', '<=', f.bornBefore);
  if (f.excludeIds?.length) q.whereNotIn('p.id', f.excludeIds);
  if (f.withPhoto) q.whereNotNull('p.main_photo_id');
  if (f.appearance) q.where('p.appearance', f.appearance);
  if (f.race) q.where('p.race', f.race);
  if (f.fictionalOnly) q.where('p.is_fictional', true);
  if (f.notLikedBy) {
    const me = f.notLikedBy;
    q.whereNotExists((s) => s.from('likes').select('likes.id').whereRaw('likes.to_profile_id = p.id').andWhere('likes.from_profile_id', me));
  }
  if (f.interest) {
    // Checked per profile through the (profile_id, interest_id) key while the feed index is walked.
    const slug = f.interest;
    q.whereExists((s) =>
      s.from({ pi: 'profile_interests' }).join({ i: 'interests' }, 'i.id', 'pi.interest_id').select('pi.profile_id').whereRaw('pi.profile_id = p.id').andWhere('i.slug', slug),
    );
  }
  if (f.activeSince !== undefined) q.where('p.last_active_at', '>=', f.activeSince);
  if (f.notLiking) {
    const me = f.notLiking;
    q.whereNotExists((s) => s.from('likes').select('likes.id').whereRaw('likes.from_profile_id = p.id').andWhere('likes.to_profile_id', me));
  }
  return q;
}

/**
 * The index that walks the filter's matches in activity order. Planners (SQLite's even with
 * statistics) tend to pick the covering count index and sort every match instead, which grows
 * with the table; naming the index keeps one page's cost flat at a million profiles.
 */
function feedIndex(f: SearchFilter): string {
  const oneCountry = f.countries.length === 1;
  if (f.region && oneCountry) return 'profiles_feed_region';
  if (f.gender && oneCountry) return 'profiles_feed_gender_country';
  if (f.gender) return 'profiles_feed_gender';
  if (oneCountry) return 'profiles_feed_country';
  return 'profiles_feed';
}

function profilesUsing(db: Runner, index: string) {
  // `index` comes from feedIndex() above, never from input.
  return isSqlite(db) ? db.raw(`"profiles" AS "p" INDEXED BY "${index}"`) : db.raw(`\`profiles\` AS \`p\` FORCE INDEX (\`${index}\`)`);
}

/** The columns of a profile card (profiles `p` joined with its active main photo `ph`). */
export function cardColumns(): string[] {
  return [...CARD_COLUMNS];
}

/** Others see a main photo only once it is approved; until then the card shows no picture. */
export function activeMainPhoto(this: Knex.JoinClause) {
  this.on('ph.id', '=', 'p.main_photo_id').andOnVal('ph.status', '=', 'active');
}

/** One page of visible profiles, most recently active first. */
export async function searchProfiles(db: Runner, f: SearchFilter, limit: number, offset: number): Promise<ProfileRow[]> {
  const q = db
    .from(profilesUsing(db, feedIndex(f)))
    .leftJoin({ ph: 'photos' }, activeMainPhoto)
    .select(CARD_COLUMNS)
    .orderBy([{ column: 'p.last_active_at', order: 'desc' }, { column: 'p.id', order: 'desc' }])
    .limit(limit)
    .offset(offset);
  // A card "with photo" needs an approved one, not just a pending choice.
  if (f.withPhoto) q.whereNotNull('ph.id');
  return (await applyFilter(q, f)) as ProfileRow[];
}

export interface PlacedProfileRow extends ProfileRow {
  geo_point: number;
  latitude: number | string;
  longitude: number | string;
  location_precision: 'city' | 'region' | 'country';
}

/**
 * The profiles at each of `points` (places: services/search/near-search.ts), at most `limitEach`
 * per place, each place's most recently active first: one index walk per place, in one statement.
 */
export async function profilesAtPlaces(db: Runner, f: SearchFilter, points: number[], limitEach: number): Promise<PlacedProfileRow[]> {
  const index = f.gender ? 'profiles_near_gender' : 'profiles_near';
  const one = (point: number) => {
    const q = db
      .from(profilesUsing(db, index))
      .leftJoin({ ph: 'photos' }, activeMainPhoto)
      .select([...CARD_COLUMNS, 'p.geo_point', 'p.latitude', 'p.longitude', 'p.location_precision'])
      .where('p.geo_point', point)
      .orderBy([{ column: 'p.last_active_at', order: 'desc' }, { column: 'p.id', order: 'desc' }])
      .limit(limitEach);
    if (f.withPhoto) q.whereNotNull('ph.id');
    return applyFilter(q, f);
  };
  if (points.length === 1) return (await one(points[0]!)) as PlacedProfileRow[];
  // SQLite takes ORDER BY … LIMIT in a compound select only inside a subquery; MySQL the same way.
  const [first, ...rest] = points.map((point, i) => db.select('*').from(one(point).as(`at${i}`)));
  return (await first!.unionAll(rest, false)) as PlacedProfileRow[];
}

/** These profiles' card rows, whatever their status (a kept page checks what it shows: render/page-cache.ts). */
export async function cardRowsByIds(db: Runner, ids: number[]): Promise<ProfileRow[]> {
  if (!ids.length) return [];
  // A fixed text per number of ids (batchedAllRows): a member's search page reads its cards again with it.
  const sql = `SELECT ${CARD_COLUMNS.join(', ')} FROM profiles AS p LEFT JOIN photos AS ph ON ph.id = p.main_photo_id AND ph.status = 'active' WHERE p.id IN (${ids.map(() => '?').join(', ')})`;
  return batchedAllRows<ProfileRow>(db, sql, ids);
}

/** Counts matches up to `cap` without scanning further (cheap at a million profiles). */
export async function countProfiles(db: Runner, f: SearchFilter, cap: number): Promise<number> {
  const inner = applyFilter(db({ p: 'profiles' }).select('p.id').limit(cap), f);
  const row = await db.from(inner.as('m')).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * The profile page's reads as fixed texts (batched: db-read-batch.ts): every profile a member opens runs
 * them, and knex built each one anew. The main photo is joined as activeMainPhoto() joins it.
 */
const PROFILE = `SELECT ${CARD_COLUMNS.join(', ')}, p.about, p.hair_color, p.eye_color, p.body_type, p.relationship_status, p.tattoos
  FROM profiles AS p LEFT JOIN photos AS ph ON ph.id = p.main_photo_id AND ph.status = 'active' WHERE p.id = ? LIMIT 1`;
const INTERESTS = 'SELECT i.slug FROM profile_interests AS pi JOIN interests AS i ON i.id = pi.interest_id WHERE pi.profile_id = ? ORDER BY i.position';

/** Read together with the other reads under way (batchedFirstRow): every profile opened reads it. */
export async function findProfile(db: Runner, id: number): Promise<(ProfileRow & { about: string | null }) | undefined> {
  return batchedFirstRow<ProfileRow & { about: string | null }>(db, PROFILE, [id]);
}

/**
 * A profile page's photos (by position) and interests (by the catalogue's order, as
 * listInterestsOf gives them) in one statement, on every profile opened and every answer from a
 * visitor's kept profile page, which reads it again; on MySQL in the same round trip as the
 * profile's row and other requests' reads (batchedAllRows).
 */
const PHOTOS_AND_INTERESTS = `SELECT 'photo' AS kind, ph.id AS id, ph.file_key AS value, ph.position AS pos FROM photos AS ph WHERE ph.profile_id = ? AND ph.status = 'active'
  UNION ALL SELECT 'tag', NULL, i.slug, i.position FROM profile_interests AS pi JOIN interests AS i ON i.id = pi.interest_id WHERE pi.profile_id = ?
  ORDER BY kind, pos, id`;

export async function photosAndInterestsOf(db: Runner, profileId: number): Promise<{ photos: { id: number; file_key: string }[]; interests: string[] }> {
  const rows = await batchedAllRows<{ kind: 'photo' | 'tag'; id: number | string | null; value: string }>(db, PHOTOS_AND_INTERESTS, [profileId, profileId]);
  return {
    photos: rows.filter((r) => r.kind === 'photo').map((r) => ({ id: Number(r.id), file_key: r.value })),
    interests: rows.filter((r) => r.kind === 'tag').map((r) => r.value),
  };
}

export async function listInterestsOf(db: Runner, profileId: number): Promise<string[]> {
  return (await allRows<{ slug: string }>(db, INTERESTS, [profileId])).map((r) => r.slug);
}

export interface PhotoAccessRow {
  id: number;
  profile_id: number;
  status: string;
  is_main: number | boolean;
}

export async function findPhotoByKey(db: Runner, fileKey: string): Promise<PhotoAccessRow | undefined> {
  return (await db({ ph: 'photos' })
    .join({ p: 'profiles' }, 'p.id', 'ph.profile_id')
    .select('ph.id', 'ph.profile_id', 'ph.status', db.raw('CASE WHEN p.main_photo_id = ph.id THEN 1 ELSE 0 END as is_main'))
    .where('ph.file_key', fileKey)
    .first()) as PhotoAccessRow | undefined;
}

/** The user behind a profile (null for fictional profiles) and that account's status. */
export async function ownerOfProfile(db: Runner, profileId: number): Promise<{ user_id: number | null; status: string | null } | undefined> {
  return (await db({ p: 'profiles' }).leftJoin({ u: 'users' }, 'u.id', 'p.user_id').where('p.id', profileId).first('p.user_id', 'u.status')) as
    | { user_id: number | null; status: string | null }
    | undefined;
}

/** The about texts of these profiles (landing pages quote their start). */
export async function aboutTextsOf(db: Runner, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = (await db('profiles').whereIn('id', ids).select('id', 'about')) as { id: number; about: string | null }[];
  return new Map(rows.map((r) => [Number(r.id), r.about]));
}
