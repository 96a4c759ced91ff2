// SQL for the signup steps after the account exists.
import type { Runner } from '../db.js';

export async function signupStepOf(db: Runner, userId: number): Promise<string | null> {
  const row = await db('users').where('id', userId).first('signup_step');
  return (row?.signup_step as string | null | undefined) ?? null;
}

/** Moves from `from` to `to` only if the member is still at `from`: a replayed request changes nothing. */
export async function moveSignupStep(db: Runner, userId: number, from: string, to: string | null): Promise<boolean> {
  return Number(await db('users').where({ id: userId, signup_step: from }).update({ signup_step: to, updated_at: Date.now() })) === 1;
}

export async function updateProfileFields(db: Runner, profileId: number, fields: Record<string, string | boolean | null>): Promise<void> {
  await db('profiles').where('id', profileId).update({ ...fields, updated_at: Date.now() });
}

export async function setSignupReason(db: Runner, userId: number, reason: string | null): Promise<void> {
  await db('users').where('id', userId).update({ signup_reason: reason, updated_at: Date.now() });
}

export async function replaceInterests(db: Runner, profileId: number, slugs: string[]): Promise<void> {
  await db('profile_interests').where('profile_id', profileId).delete();
  if (!slugs.length) return;
  const ids = await db('interests').whereIn('slug', slugs).select('id');
  await db('profile_interests').insert(ids.map((r: { id: number }) => ({ profile_id: profileId, interest_id: r.id })));
}
