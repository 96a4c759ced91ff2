// Bench data: fills a freshly migrated database with N realistic profiles fast (batched inserts).
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { isSqlite, type Db, type Runner } from '../server/db.js';
import { MediaService } from '../server/services/media/media-service.js';
import { seedBase } from '../seeds/base-seed.js';
import { prng } from '../seeds/demo-seed.js';
import type { DemoCountry, DemoGender } from '../seeds/data/demo-people.js';
import { demoProfile, pick } from '../seeds/lib/demo-profile.js';
import { makeVariants, renderAvatar } from '../seeds/lib/avatar.js';

export interface SeedLargeResult {
  profiles: number;
  photos: number;
  interests: number;
  /** Photo keys that have real files on disk (the rest of the rows point at missing files). */
  poolKeys: number;
  ms: number;
}

/** Profiles written per transaction. */
const CHUNK = 5000;
const POOL_SIZE = 40;
const DAY = 86_400_000;

/** Site `localhost` countries first (about 60% of profiles), then other European countries. */
const COUNTRY_WEIGHTS: [DemoCountry, number][] = [
  ['GB', 20], ['US', 17], ['IE', 5], ['CA', 6], ['AU', 6], ['NZ', 3],
  ['NL', 10], ['BE', 4], ['DE', 8], ['AT', 2], ['CH', 2], ['FR', 6], ['IT', 4], ['ES', 5], ['PL', 2],
];
const HAIR = ['brunette', 'blond', 'brown', 'black', 'dark blond', 'dark brown', 'red', 'gray', 'white', 'bald', 'other'];

/** Renders ~40 avatars once and stores their variants; returns the keys per gender. */
async function renderPool(media: MediaService, size: number): Promise<Record<DemoGender, string[]>> {
  const pool: Record<DemoGender, string[]> = { female: [], male: [] };
  const specs = Array.from({ length: size }, (_, i) => ({
    seed: 9000 + i,
    gender: (i % 2 === 0 ? 'female' : 'male') as DemoGender,
    hairColor: HAIR[i % HAIR.length]!,
    ageGroup: (['young', 'middle', 'older'] as const)[i % 3]!,
    variant: i * 37,
  }));
  for (let i = 0; i < specs.length; i += 4) {
    await Promise.all(
      specs.slice(i, i + 4).map(async (spec) => {
        const { full, thumb, blurred } = await makeVariants(await renderAvatar(spec));
        const key = randomBytes(16).toString('hex');
        await media.store(key, { full, thumb, blur: blurred });
        pool[spec.gender].push(key);
      }),
    );
  }
  return pool;
}

export async function nextId(db: Db, table: string): Promise<number> {
  const row = (await db(table).max({ m: 'id' }).first()) as { m: number | string | null } | undefined;
  return Number(row?.m ?? 0) + 1;
}

/**
 * Multi-row INSERT … VALUES in batches of up to 1,000 rows. Hand-built because knex writes SQLite
 * batch inserts as UNION ALL selects, which SQLite caps at 500 terms; VALUES lists have no such cap,
 * only the 32,766 bound parameters per statement.
 */
export async function insertRows(tx: Runner, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]!);
  const batch = Math.min(1000, Math.floor(32_000 / cols.length));
  const tuple = `(${cols.map(() => '?').join(',')})`;
  const head = `insert into ?? (${cols.map(() => '??').join(',')}) values `;
  for (let i = 0; i < rows.length; i += batch) {
    const slice = rows.slice(i, i + batch);
    const values = slice.flatMap((r) => cols.map((c) => (typeof r[c] === 'boolean' ? Number(r[c]) : r[c])));
    await tx.raw(head + new Array<string>(slice.length).fill(tuple).join(','), [table, ...cols, ...values] as Knex.RawBinding[]);
  }
}

type SeedOptions = { profiles: number; mediaDir: string; seed?: number };

export async function seedLarge(db: Db, opts: SeedOptions): Promise<SeedLargeResult> {
  const started = Date.now();
  if (!isSqlite(db)) return { ...(await fill(db, opts)), ms: Date.now() - started };
  // SQLite: the default 2 MB page cache thrashes on the random file_key index, and a throw-away
  // bench database needs no fsync. Both settings are put back afterwards.
  const pragma = async (name: string) => Number(Object.values(((await db.raw(`PRAGMA ${name}`)) as Record<string, number>[])[0] ?? {})[0]);
  const before = { cache_size: await pragma('cache_size'), synchronous: await pragma('synchronous') };
  await db.raw('PRAGMA cache_size = -262144');
  await db.raw('PRAGMA synchronous = OFF');
  try {
    return { ...(await fill(db, opts)), ms: Date.now() - started };
  } finally {
    for (const [name, value] of Object.entries(before)) await db.raw(`PRAGMA ${name} = ${value}`);
  }
}

async function fill(db: Db, opts: SeedOptions): Promise<Omit<SeedLargeResult, 'ms'>> {
  await seedBase(db);
  const media = new MediaService(db, opts.mediaDir);
  const pool = await renderPool(media, POOL_SIZE);
  const poolUsed: Record<DemoGender, number> = { female: 0, male: 0 };
  const interestIds = ((await db('interests').select('id')) as { id: number }[]).map((r) => Number(r.id));
  const rnd = prng(opts.seed ?? 20261122);
  const now = Date.now();
  let profileId = await nextId(db, 'profiles');
  let photoId = await nextId(db, 'photos');
  const totals = { photos: 0, interests: 0 };

  for (let done = 0; done < opts.profiles; done += CHUNK) {
    const n = Math.min(CHUNK, opts.profiles - done);
    const profiles: Record<string, unknown>[] = [];
    const photos: Record<string, unknown>[] = [];
    const links: { profile_id: number; interest_id: number }[] = [];
    const keys = randomBytes(16 * n * 3).toString('hex');
    let keyAt = 0;
    for (let i = 0; i < n; i++) {
      const id = profileId++;
      const demo = demoProfile(rnd, now, COUNTRY_WEIGHTS);
      const gender = demo.gender;
      const lastActive = now - Math.floor(Math.pow(rnd(), 1.5) * 30 * DAY);
      const statusRoll = rnd();
      // About 5% have no photo yet, a third have two or three.
      const photoCount = rnd() < 0.05 ? 0 : rnd() < 0.67 ? 1 : 2 + Math.floor(rnd() * 2);
      const mainPhotoId = photoCount ? photoId : null;
      for (let p = 0; p < photoCount; p++) {
        const usePool = p === 0 && poolUsed[gender] < pool[gender].length;
        const fileKey = usePool ? pool[gender][poolUsed[gender]++]! : keys.slice(keyAt, (keyAt += 32));
        photos.push({ id: photoId++, profile_id: id, file_key: fileKey, width: 720, height: 960, status: 'active', position: p, reviewed_at: lastActive, created_at: lastActive });
      }
      profiles.push({
        id,
        ...demo.row,
        status: statusRoll < 0.96 ? 'active' : statusRoll < 0.98 ? 'hidden' : 'disabled',
        main_photo_id: mainPhotoId,
        photo_count: photoCount,
        last_active_at: lastActive,
        created_at: lastActive - Math.floor(rnd() * 180 * DAY),
        updated_at: lastActive,
      });
      // 60% picked 3 to 7 interests.
      if (rnd() < 0.6) {
        const chosen = new Set<number>();
        const k = 3 + Math.floor(rnd() * 5);
        while (chosen.size < Math.min(k, interestIds.length)) chosen.add(pick(rnd, interestIds));
        for (const interest_id of chosen) links.push({ profile_id: id, interest_id });
      }
    }
    await db.transaction(async (tx) => {
      await insertRows(tx, 'profiles', profiles);
      await insertRows(tx, 'photos', photos);
      await insertRows(tx, 'profile_interests', links);
    });
    totals.photos += photos.length;
    totals.interests += links.length;
  }
  return { profiles: opts.profiles, ...totals, poolKeys: POOL_SIZE };
}
