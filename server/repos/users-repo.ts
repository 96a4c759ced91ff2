// SQL for member accounts.
import type { Runner } from '../db.js';

export interface MemberRow {
  id: number;
  site_id: number;
  email: string;
  status: 'not_confirmed' | 'active' | 'pending_deletion' | 'deleted';
  credits: number;
  paid_user: number | boolean;
  signup_date: number;
  language: string;
  invisible: number | boolean;
  password_changed_at: number | null;
  signup_step: string | null;
  profile_id: number;
  profile_status: string;
  profile_name: string;
  profile_country: string;
  main_file_key: string | null;
  main_photo_status: string | null;
}

export async function findMember(db: Runner, userId: number): Promise<MemberRow | undefined> {
  return (await db({ u: 'users' })
    .join({ p: 'profiles' }, 'p.user_id', 'u.id')
    .leftJoin({ ph: 'photos' }, 'ph.id', 'p.main_photo_id')
    .select(
      'u.id', 'u.site_id', 'u.email', 'u.status', 'u.credits', 'u.paid_user', 'u.signup_date', 'u.language', 'u.invisible', 'u.password_changed_at', 'u.signup_step',
      'p.id as profile_id', 'p.status as profile_status', 'p.name as profile_name', 'p.country as profile_country',
      'ph.file_key as main_file_key', 'ph.status as main_photo_status',
    )
    .where('u.id', userId)
    .first()) as MemberRow | undefined;
}

/** What tells whether a session's member is still logged in, and who they are (no joins beyond the profile). */
export interface SessionMemberRow {
  id: number;
  site_id: number;
  status: MemberRow['status'];
  paid_user: number | boolean;
  password_changed_at: number | null;
  profile_id: number;
}

export async function findSessionMember(db: Runner, userId: number): Promise<SessionMemberRow | undefined> {
  return (await db({ u: 'users' })
    .join({ p: 'profiles' }, 'p.user_id', 'u.id')
    .where('u.id', userId)
    .first('u.id', 'u.site_id', 'u.status', 'u.paid_user', 'u.password_changed_at', 'p.id as profile_id')) as SessionMemberRow | undefined;
}

export async function disabledNotificationTypes(db: Runner, userId: number): Promise<string[]> {
  const rows = await db('notification_settings').distinct('type').where({ user_id: userId, enabled: false });
  return rows.map((r: { type: string }) => r.type);
}

export async function updateLanguage(db: Runner, userId: number, language: string): Promise<void> {
  await db('users').where({ id: userId }).update({ language, updated_at: Date.now() });
}
