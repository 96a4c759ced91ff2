// Demo data for a local or staging site: a few hundred profiles with generated pictures (a share of
// them labelled fictional) and one demo member per site. Runs once: a marker in app_keys says so.
import { randomBytes } from 'node:crypto';
import type { Db } from '../server/db.js';
import { hashPassword } from '../server/lib/passwords.js';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import type { MediaService } from '../server/services/media/media-service.js';
import { DEFAULT_SETTINGS } from '../server/services/sites/default-settings.js';
import { CITIES, COUNTRY_LANGUAGE, FIRST_NAMES, aboutTextsFor } from './data/demo-people.js';
import { regionNames } from './data/regions.js';
import { makeVariants, renderAvatar } from './lib/avatar.js';
import { mulberry32 } from './lib/prng.js';

const MARKER = 'seed:demo:v1';
export const DEMO_EMAIL = 'demo@amora.local';

/** The same demo data on every machine. */
export const prng = mulberry32;

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

const HAIR = ['brunette', 'blond', 'brown', 'black', 'dark blond', 'dark brown', 'red', 'gray', 'white', 'bald', 'other'];
const EYES = ['blue', 'green', 'hazel', 'brown'];
const BODY = ['slim', 'normal', 'fat'];
const RELATIONSHIP = ['single', 'single', 'single', 'divorced', 'unmarried', 'widowed', 'living together', 'married'];
/** Weighted so both demo sites (English-speaking countries; NL and BE) have plenty of members. */
const COUNTRY_WEIGHTS: [keyof typeof CITIES, number][] = [
  ['NL', 18], ['BE', 8], ['GB', 16], ['US', 12], ['IE', 5], ['CA', 5], ['AU', 5], ['NZ', 3],
  ['DE', 7], ['AT', 3], ['CH', 3], ['FR', 5], ['IT', 4], ['ES', 4], ['PL', 4],
];

function weightedCountry(rnd: () => number): keyof typeof CITIES {
  const total = COUNTRY_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let x = rnd() * total;
  for (const [c, w] of COUNTRY_WEIGHTS) if ((x -= w) < 0) return c;
  return 'GB';
}

function birthDate(rnd: () => number, now: Date): string {
  const age = 18 + Math.floor(Math.pow(rnd(), 1.4) * 47);
  const d = new Date(Date.UTC(now.getUTCFullYear() - age - 1, 0, 1) + Math.floor(rnd() * 364) * 86400000);
  return d.toISOString().slice(0, 10);
}

export const newFileKey = () => randomBytes(16).toString('hex');

async function storeAvatar(db: Db, media: MediaService, profileId: number, jpeg: Buffer, position: number, now: number): Promise<number> {
  const { full, thumb, blurred } = await makeVariants(jpeg);
  const fileKey = newFileKey();
  await media.store(fileKey, { full, thumb, blur: blurred });
  const [id] = await db('photos').insert({ profile_id: profileId, file_key: fileKey, width: 720, height: 960, status: 'active', position, reviewed_at: now, created_at: now });
  return Number(id);
}

export async function seedDemo(db: Db, media: MediaService, opts: { profiles: number; password: string }): Promise<{ profiles: number; skipped: boolean; demoLogin: { email: string; password: string } }> {
  const demoLogin = { email: DEMO_EMAIL, password: opts.password };
  if (await db('app_keys').where({ name: MARKER }).first('name')) return { profiles: 0, skipped: true, demoLogin };
  const rnd = prng(20261121);
  const now = new Date();
  const interestIds = (await db('interests').select('id', 'slug')) as { id: number; slug: string }[];
  let created = 0;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < opts.profiles; i++) {
    const country = weightedCountry(rnd);
    const gender = rnd() < 0.6 ? 'female' : 'male';
    const place = pick(rnd, CITIES[country]);
    const regions = regionNames(country);
    const hair = pick(rnd, gender === 'female' ? HAIR.filter((h) => h !== 'bald') : HAIR);
    const birth = birthDate(rnd, now);
    const ageYears = now.getUTCFullYear() - Number(birth.slice(0, 4));
    const lastActive = now.getTime() - Math.floor(Math.pow(rnd(), 2) * 14 * 86400000);
    const [profileId] = await db('profiles').insert({
      user_id: null,
      is_fictional: rnd() < 0.35,
      name: pick(rnd, FIRST_NAMES[country][gender]),
      gender,
      sexuality: rnd() < 0.88 ? 'hetero' : gender === 'female' ? pick(rnd, ['lesbian', 'bi']) : pick(rnd, ['gay', 'bi']),
      birth_date: birth,
      country,
      region: regions.includes(place.region) ? place.region : null,
      city: place.city,
      about: rnd() < 0.9 ? pick(rnd, aboutTextsFor(COUNTRY_LANGUAGE[country], gender)) : null,
      hair_color: hair,
      eye_color: pick(rnd, EYES),
      body_type: pick(rnd, BODY),
      relationship_status: pick(rnd, RELATIONSHIP),
      tattoos: rnd() < 0.3,
      appearance: rnd() < 0.5 ? 'sexy' : 'normal',
      race: rnd() < 0.7 ? 'white' : 'other',
      language: COUNTRY_LANGUAGE[country],
      status: 'active',
      last_active_at: lastActive,
      created_at: lastActive - 30 * 86400000,
      updated_at: lastActive,
    });
    const id = Number(profileId);
    const ageGroup = ageYears < 32 ? 'young' : ageYears < 50 ? 'middle' : 'older';
    const photoCount = 1 + Math.floor(rnd() * 3);
    const look = Math.floor(rnd() * 1000);
    // Pictures are drawn a few profiles at a time (sharp works on its own threads); random draws
    // stay in this loop, so the data is the same on every machine.
    pending.push(
      (async () => {
        const photoIds: number[] = [];
        for (let p = 0; p < photoCount; p++) {
          // The same person (seed) in another style for each further photo.
          const jpeg = await renderAvatar({ seed: i * 7, gender, hairColor: hair, ageGroup, variant: look + p });
          photoIds.push(await storeAvatar(db, media, id, jpeg, p, now.getTime()));
        }
        await db('profiles').where({ id }).update({ main_photo_id: photoIds[0], photo_count: photoCount });
      })(),
    );
    if (pending.length >= 6) await Promise.all(pending.splice(0));
    const chosen = new Set<number>();
    const n = 3 + Math.floor(rnd() * 5);
    while (chosen.size < n) chosen.add(pick(rnd, interestIds).id);
    await db('profile_interests').insert([...chosen].map((interest_id) => ({ profile_id: id, interest_id })));
    created++;
  }
  await Promise.all(pending);
  await seedDemoMembers(db, opts.password);
  await db('app_keys').insert({ name: MARKER, value: JSON.stringify({ profiles: created }), created_at: Date.now() });
  return { profiles: created, skipped: false, demoLogin };
}

/** One confirmed demo member per site, with the signup credits booked through the ledger. */
async function seedDemoMembers(db: Db, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const sites = (await db('sites').select('id', 'domain', 'settings')) as { id: number; domain: string; settings: string }[];
  for (const site of sites) {
    if (await db('users').where({ site_id: site.id, email: DEMO_EMAIL }).first('id')) continue;
    const dutch = site.domain.startsWith('nl.');
    const now = Date.now();
    await db.transaction(async (tx) => {
      const [userId] = await tx('users').insert({
        site_id: site.id, email: DEMO_EMAIL, password_hash: hash, status: 'active', credits: 0, paid_user: false,
        signup_date: now, language: dutch ? 'nl' : 'en', invisible: false, confirmed_at: now, created_at: now, updated_at: now,
      });
      await tx('profiles').insert({
        user_id: userId, is_fictional: false, name: dutch ? 'Daan' : 'Alex', gender: 'male', sexuality: 'hetero',
        birth_date: '1990-06-15', country: dutch ? 'NL' : 'GB', region: dutch ? 'Noord-Holland' : 'London',
        city: dutch ? 'Amsterdam' : 'London', about: null, status: 'active', last_active_at: now, created_at: now, updated_at: now,
      });
      await applyCreditDelta(tx, { userId: Number(userId), delta: DEFAULT_SETTINGS.signup_credits, reason: 'signup', idempotencyKey: `signup:${userId}` });
    });
  }
}
