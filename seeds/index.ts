// Seeding entry points for the server's first start and `amora db seed`.
import type { Db } from '../server/db.js';
import type { Services } from '../server/services/index.js';
import type { Config } from '../server/config.js';
import { locateUnplacedProfiles } from '../server/services/geo/profile-locations.js';
import { seedBase } from './base-seed.js';
import { DEMO_EMAIL, seedDemo } from './demo-seed.js';

export async function hasSites(db: Db): Promise<boolean> {
  return Boolean(await db('sites').first('id'));
}

/** Whether the demo member exists (the password printed at start is only right for demo data). */
export async function hasDemoMember(db: Db): Promise<boolean> {
  return Boolean(await db('users').where({ email: DEMO_EMAIL }).first('id'));
}

export async function seedAll(
  rt: { db: Db; services: Services; config: Config },
  opts: { demo: boolean; profiles?: number },
): Promise<{ base: Awaited<ReturnType<typeof seedBase>>; demoProfiles: number; demoLogin?: { email: string; password: string } }> {
  const base = await seedBase(rt.db);
  if (!opts.demo) return { base, demoProfiles: 0 };
  const demo = await seedDemo(rt.db, rt.services.media, { profiles: opts.profiles ?? rt.config.demoProfiles, password: rt.config.demoPassword });
  // Positions for "near me": the demo cities through the same lookup as a profile save.
  if (!demo.skipped) await locateUnplacedProfiles(rt.db, rt.services.geo);
  return { base, demoProfiles: demo.profiles, demoLogin: demo.demoLogin };
}
