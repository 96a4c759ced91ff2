// SQL for creating an account with its profile.
import type { Runner } from '../db.js';
import type { UsernameKeys } from '../services/accounts/username-policy.js';
import { rememberPlaces, type LocationColumns } from './places-repo.js';
import { nameKeyColumns } from './username-keys-repo.js';
import type { Landing, TrackingRecord } from '../services/traffic/tracking-record.js';

export interface NewAccount {
  siteId: number;
  email: string;
  passwordHash: string;
  language: string;
  ip: string | null;
  reason: string | null;
  tracking: TrackingRecord;
  /** The landing page the tracking record arrived on. */
  landing: Landing | null;
  /** The username's look-alike keys (username-policy.ts); unique per site. */
  nameKeys: UsernameKeys;
  profile: {
    name: string;
    gender: string;
    sexuality: string;
    birthDate: string;
    country: string;
    region: string | null;
    city: string | null;
  };
  /** The profile's position (its city's), from GeoService.locationFor. */
  location: LocationColumns;
}

export async function emailTaken(db: Runner, siteId: number, email: string): Promise<boolean> {
  return Boolean(await db('users').where({ site_id: siteId, email }).first('id'));
}

/** Inserts the user (not_confirmed) and its profile (disabled until the e-mail is confirmed). */
export async function insertAccount(db: Runner, a: NewAccount, now: number): Promise<{ userId: number; profileId: number }> {
  const [userId] = await db('users').insert({
    site_id: a.siteId, email: a.email, password_hash: a.passwordHash, status: 'not_confirmed', credits: 0, paid_user: false,
    signup_date: now, language: a.language, invisible: false, signup_ip: a.ip, signup_reason: a.reason,
    network: a.tracking.network ?? null, ref: a.tracking.ref ?? null, sub1: a.tracking.sub1 ?? null, sub2: a.tracking.sub2 ?? null,
    sub3: a.tracking.sub3 ?? null, lander: a.landing?.name ?? null, lander_variant: a.landing?.variant ?? null, signup_step: 'photo', ...nameKeyColumns(a.nameKeys), created_at: now, updated_at: now,
  });
  const [profileId] = await db('profiles').insert({
    user_id: userId, is_fictional: false, name: a.profile.name, gender: a.profile.gender, sexuality: a.profile.sexuality,
    birth_date: a.profile.birthDate, country: a.profile.country, region: a.profile.region, city: a.profile.city,
    language: a.language, status: 'disabled', ...a.location, last_active_at: now, created_at: now, updated_at: now,
  });
  await rememberPlaces(db, [{ country: a.profile.country, region: a.profile.region, location: a.location }]);
  return { userId: Number(userId), profileId: Number(profileId) };
}

/** Confirms the e-mail: the account becomes active and the profile visible. */
export async function activateAccount(db: Runner, userId: number, now: number): Promise<void> {
  await db('users').where({ id: userId, status: 'not_confirmed' }).update({ status: 'active', confirmed_at: now, updated_at: now });
  await db('profiles').where({ user_id: userId, status: 'disabled' }).update({ status: 'active', updated_at: now });
}
