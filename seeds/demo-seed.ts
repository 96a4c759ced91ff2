// Demo data for a local or staging site: a few hundred profiles with generated pictures (a share of
// them labelled fictional) and one demo member per site. Runs once: a marker in app_keys says so.
import { randomBytes } from 'node:crypto';
import type { Db } from '../server/db.js';
import { hashPassword } from '../server/lib/passwords.js';
import { applyCreditDelta } from '../server/repos/credits-repo.js';
import { nameKeyColumns } from '../server/repos/username-keys-repo.js';
import { usernameKeys } from '../server/services/accounts/username-policy.js';
import type { MediaService } from '../server/services/media/media-service.js';
import { DEFAULT_SETTINGS } from '../server/services/sites/default-settings.js';
import { renderAvatarVariants, type AvatarSpec } from './lib/avatar.js';
import { avatarSpecFor, demoProfile, pick } from './lib/demo-profile.js';
import { mulberry32 } from './lib/prng.js';

const MARKER = 'seed:demo:v1';
export const DEMO_EMAIL = 'demo@amora.local';

/** The same demo data on every machine. */
export const prng = mulberry32;

export const newFileKey = () => randomBytes(16).toString('hex');

async function storeAvatar(db: Db, media: MediaService, profileId: number, spec: AvatarSpec, position: number, now: number): Promise<number> {
  const { full, thumb, blurred } = await renderAvatarVariants(spec);
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
    const demo = demoProfile(rnd, now.getTime());
    const lastActive = now.getTime() - Math.floor(Math.pow(rnd(), 2) * 14 * 86400000);
    const [profileId] = await db('profiles').insert({
      ...demo.row,
      status: 'active',
      last_active_at: lastActive,
      created_at: lastActive - 30 * 86400000,
      updated_at: lastActive,
    });
    const id = Number(profileId);
    const photoCount = 1 + Math.floor(rnd() * 3);
    // Pictures are drawn a few profiles at a time (sharp works on its own threads); random draws
    // stay in this loop, so the data is the same on every machine.
    pending.push(
      (async () => {
        const photoIds: number[] = [];
        for (let p = 0; p < photoCount; p++) {
          // The same person (face, hair, age) in every photo; place, clothes, pose and light change.
          photoIds.push(await storeAvatar(db, media, id, avatarSpecFor(demo, p), p, now.getTime()));
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
      const name = dutch ? 'Daan' : 'Alex';
      const [userId] = await tx('users').insert({
        site_id: site.id, email: DEMO_EMAIL, password_hash: hash, status: 'active', credits: 0, paid_user: false,
        signup_date: now, language: dutch ? 'nl' : 'en', invisible: false, confirmed_at: now, ...nameKeyColumns(usernameKeys(name)), created_at: now, updated_at: now,
      });
      await tx('profiles').insert({
        user_id: userId, is_fictional: false, name, gender: 'male', sexuality: 'hetero',
        birth_date: '1990-06-15', country: dutch ? 'NL' : 'GB', region: dutch ? 'Noord-Holland' : 'London',
        city: dutch ? 'Amsterdam' : 'London', about: null, status: 'active', last_active_at: now, created_at: now, updated_at: now,
      });
      await applyCreditDelta(tx, { userId: Number(userId), delta: DEFAULT_SETTINGS.signup_credits, reason: 'signup', idempotencyKey: `signup:${userId}` });
    });
  }
}
