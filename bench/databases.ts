// Bench databases: a SQLite file or a MySQL/MariaDB database, migrated and seeded large, then kept
// for the next run: a database whose seed (version and size) matches is reused as it is.
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import knexFactory from 'knex';
import { createDb, isSqlite, migrateLatest, type Db } from '../server/db.js';
import { CatalogService } from '../server/services/catalog/catalog-service.js';
import { GeoService } from '../server/services/geo/geo-service.js';
import { locateUnplacedProfiles } from '../server/services/geo/profile-locations.js';
import { addBenchMember, benchProfileId } from './bench-member.js';
import { seedChat } from './seed-chat.js';
import { seedLarge } from './seed-large.js';
import { seedStreamMembers } from './seed-members.js';
import { seedRelations } from './seed-relations.js';

/**
 * Bump when what the seed writes changes: older bench databases are then seeded again. Also when a
 * migration adds an index to a seeded table: migrated onto a kept file, its pages would sit together
 * at the end rather than among the data's, as on a site that grew with it (5: the badge-count indexes;
 * 6: SQLite's partial indexes for new likes and profiles not active).
 */
const SEED_VERSION = 6;
const MARKER = 'bench_seed';

export interface SeedInfo {
  version: number;
  profiles: number;
  messages: number;
  /** The bench member's conversation with 100,000 messages. */
  longConversationId: number;
  /** The first of the stream members' user ids (seed-members.ts), consecutive. */
  firstStreamUserId: number;
  streamMembers: number;
}

export interface SeedOptions {
  messages: number;
  /** Seed again even when the database's seed matches. */
  fresh: boolean;
  log: (msg: string) => void;
}

export interface PreparedDb {
  url: string;
  /**
   * Up to 1,000 ids of visible profiles, for the profile page scenarios: the few profiles that
   * visitors open most (those the search pages show first), each opened again within seconds.
   */
  profileIds: number[];
  /** Every visible profile's id (in a random order), for a visitor opening any of them. */
  allProfileIds: number[];
  seed: SeedInfo;
  /** Seconds the seeding took; 0 when a seeded database was reused. */
  seededInS: number;
}

async function readMarker(db: Db, profiles: number, messages: number): Promise<SeedInfo | undefined> {
  if (!(await db.schema.hasTable(MARKER))) return undefined;
  const row = (await db(MARKER).first('info')) as { info: string } | undefined;
  const info = row && (JSON.parse(row.info) as SeedInfo);
  return info?.version === SEED_VERSION && info.profiles === profiles && info.messages === messages ? info : undefined;
}

async function seedAll(db: Db, profiles: number, messages: number, mediaDir: string, log: (msg: string) => void): Promise<SeedInfo> {
  await migrateLatest(db);
  log(`seeding ${profiles} profiles`);
  await seedLarge(db, { profiles, mediaDir });
  await addBenchMember(db);
  // Positions for "near me", the way a real installation's backfill or saves give them.
  log('placing the profiles');
  await locateUnplacedProfiles(db, new GeoService(db, new CatalogService(db)));
  log('seeding the messages');
  const chat = await seedChat(db, await benchProfileId(db), { total: messages });
  log(`seeded ${chat.messages} messages in ${chat.conversations} conversations; seeding the stream members`);
  const stream = await seedStreamMembers(db);
  const relations = await seedRelations(db, stream.profileIds);
  log(`seeded ${relations.likes} likes and ${relations.blocks} blocks of the stream members`);
  const info: SeedInfo = { version: SEED_VERSION, profiles, messages: chat.messages, longConversationId: chat.longConversationId, firstStreamUserId: stream.userIds[0]!, streamMembers: stream.userIds.length };
  await db.schema.createTable(MARKER, (t) => t.text('info').notNullable());
  await db(MARKER).insert({ info: JSON.stringify(info) });
  return info;
}

/** How many profiles the profile scenarios open (a visitor's kept profile page holds up to 2,000). */
const PROFILE_SAMPLE = 1000;

/**
 * The visible fictional profiles in a random order, none in a block with the bench member: its
 * blocks (either way) would answer 403 or 404 and count as errors in the member's row. (The
 * stream members' blocks do not touch what the bench member or a visitor sees.)
 */
async function visibleProfileIds(db: Db): Promise<number[]> {
  const bench = await benchProfileId(db);
  const rows = (await db('profiles')
    .where('status', 'active')
    .whereNull('user_id')
    .whereNotIn('id', db('blocks').where('blocked_profile_id', bench).select('blocker_profile_id'))
    .whereNotIn('id', db('blocks').where('blocker_profile_id', bench).select('blocked_profile_id'))
    .orderByRaw(isSqlite(db) ? 'random()' : 'rand()')
    .select('id')) as { id: number }[];
  return rows.map((r) => Number(r.id));
}

/** `db()` is the current connection: SQLite's wipe replaces it. */
async function prepare(db: () => Db, url: string, profiles: number, mediaDir: string, wipe: () => Promise<void>, opts: SeedOptions): Promise<PreparedDb> {
  let seed = opts.fresh ? undefined : await readMarker(db(), profiles, opts.messages);
  let seededInS = 0;
  if (seed && existsSync(mediaDir)) {
    opts.log('reusing the seeded database (same seed version and size)');
    await migrateLatest(db());
  } else {
    const started = Date.now();
    await wipe();
    seed = await seedAll(db(), profiles, opts.messages, mediaDir, opts.log);
    seededInS = (Date.now() - started) / 1000;
  }
  const allProfileIds = await visibleProfileIds(db());
  return { url, profileIds: allProfileIds.slice(0, PROFILE_SAMPLE), allProfileIds, seed, seededInS };
}

/** A SQLite file (kept in bench/data/ between runs). */
export async function prepareSqlite(file: string, profiles: number, mediaDir: string, opts: SeedOptions): Promise<PreparedDb> {
  await mkdir(dirname(file), { recursive: true });
  const url = `sqlite:${file}`;
  let db = createDb(url);
  const wipe = async () => {
    await db.destroy();
    for (const f of [file, `${file}-wal`, `${file}-shm`, mediaDir]) await rm(f, { recursive: true, force: true });
    db = createDb(url);
  };
  try {
    return await prepare(() => db, url, profiles, mediaDir, wipe, opts);
  } finally {
    await db.destroy();
  }
}

/** Creates the database if needed; unless its seed matches, drops every table in it, then migrates and seeds. */
export async function prepareMysql(url: string, profiles: number, mediaDir: string, opts: SeedOptions): Promise<PreparedDb> {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`--mysql: the URL needs a plain database name, got "${name}"`);
  const admin = knexFactory({
    client: 'mysql2',
    connection: {
      ...(parsed.searchParams.get('socket') ? { socketPath: parsed.searchParams.get('socket')! } : { host: parsed.hostname, port: Number(parsed.port || 3306) }),
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
    },
    pool: { min: 0, max: 1 },
  });
  try {
    await admin.raw('CREATE DATABASE IF NOT EXISTS ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
  } finally {
    await admin.destroy();
  }
  // Seeding a million rows in bulk: no statement deadline.
  const db = createDb(url, { queryTimeoutMs: 0 });
  const wipe = async () => {
    const [rows] = (await db.raw('SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ?', [name])) as [{ t: string }[]];
    // One connection for all drops, so that the foreign key switch applies to them.
    await db.transaction(async (tx) => {
      await tx.raw('SET FOREIGN_KEY_CHECKS = 0');
      for (const { t } of rows) await tx.raw('DROP TABLE IF EXISTS ??', [t]);
      await tx.raw('SET FOREIGN_KEY_CHECKS = 1');
    });
    await rm(mediaDir, { recursive: true, force: true });
  };
  try {
    return await prepare(() => db, url, profiles, mediaDir, wipe, opts);
  } finally {
    await db.destroy();
  }
}
