// SQL for terms acceptances: one row per member and version accepted (see the migration).
import type { Runner } from '../db.js';

export type AcceptanceSource = 'signup' | 'prompt';

export async function insertAcceptance(db: Runner, userId: number, version: number, source: AcceptanceSource, now: number): Promise<void> {
  await db('terms_acceptances')
    .insert({ user_id: userId, terms_version: version, accepted_at: now, source })
    .onConflict(['user_id', 'terms_version'])
    .ignore();
}

/** The member's signup instant and the newest version they accepted since (null: no row). */
export async function acceptanceStateOf(db: Runner, userId: number): Promise<{ signupDate: number; newest: number | null } | undefined> {
  const [user, newest] = await Promise.all([
    db('users').where({ id: userId }).first('signup_date') as Promise<{ signup_date: number | string } | undefined>,
    db('terms_acceptances').where({ user_id: userId }).max({ v: 'terms_version' }).first() as Promise<{ v: number | string | null } | undefined>,
  ]);
  if (!user) return undefined;
  return { signupDate: Number(user.signup_date), newest: newest?.v === null || newest?.v === undefined ? null : Number(newest.v) };
}
