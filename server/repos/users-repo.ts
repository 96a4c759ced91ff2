// SQL for member accounts.
import { isSqlite, type Runner } from '../db.js';
import { batchedFirstRow } from '../db-read-batch.js';
import { badgeCountColumns } from './badges-repo.js';

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
  return (await memberQuery(db).where('u.id', userId).first()) as MemberRow | undefined;
}

function memberQuery(db: Runner) {
  return db({ u: 'users' })
    .join({ p: 'profiles' }, 'p.user_id', 'u.id')
    .leftJoin({ ph: 'photos' }, 'ph.id', 'p.main_photo_id')
    .select(
      'u.id', 'u.site_id', 'u.email', 'u.status', 'u.credits', 'u.paid_user', 'u.signup_date', 'u.language', 'u.invisible', 'u.password_changed_at', 'u.signup_step',
      'p.id as profile_id', 'p.status as profile_status', 'p.name as profile_name', 'p.country as profile_country',
      'ph.file_key as main_file_key', 'ph.status as main_photo_status',
    );
}

/** findMember() with what every page of a member shows beside it (see memberForPage()). */
export interface MemberPageRow extends MemberRow {
  /** The badge counts (badges-repo's badgeCountColumns): unread messages and new likes. */
  unread: number | string | null;
  likes: number | string | null;
  /** The dismissed alerts, comma-separated (their names have no comma), or null. */
  dismissed: string | null;
  /** How many notification switches the member has set (none: every one is on). */
  notification_settings: number | string;
  /** How many suppressions the stored address has, matched as stored (see memberForPage()). */
  suppressions: number | string;
}

/**
 * memberForPage()'s statement, a fixed text (batchedFirstRow): built by knex's query builder on every
 * member page, as it was, its four subqueries cost more to build than to run. The badge counts are
 * badges-repo's (badgeCountColumns); the suppressions are matched against the address as stored.
 */
const memberForPageSql = (dialect: 'sqlite' | 'mysql') => `SELECT u.id, u.site_id, u.email, u.status, u.credits, u.paid_user, u.signup_date, u.language, u.invisible, u.password_changed_at, u.signup_step,
  p.id AS profile_id, p.status AS profile_status, p.name AS profile_name, p.country AS profile_country,
  ph.file_key AS main_file_key, ph.status AS main_photo_status,
  ${badgeCountColumns(dialect, 'p.id')},
  (SELECT group_concat(d.alert) FROM dismissals AS d WHERE d.user_id = u.id) AS dismissed,
  (SELECT COUNT(*) FROM notification_settings AS ns WHERE ns.user_id = u.id) AS notification_settings,
  (SELECT COUNT(*) FROM suppressions AS s WHERE s.email = u.email) AS suppressions
FROM users AS u JOIN profiles AS p ON p.user_id = u.id LEFT JOIN photos AS ph ON ph.id = p.main_photo_id
WHERE u.id = ? LIMIT 1`;
const MEMBER_FOR_PAGE = { sqlite: memberForPageSql('sqlite'), mysql: memberForPageSql('mysql') };

/**
 * The member of a session and their page furniture in one statement: the badge counts, the
 * dismissed alerts, whether any notification switch is set and whether the address has any
 * suppression. Every page of a member needs them; as separate statements they were a third of a
 * member page's SQL.
 */
export async function memberForPage(db: Runner, userId: number): Promise<MemberPageRow | undefined> {
  return batchedFirstRow<MemberPageRow>(db, MEMBER_FOR_PAGE[isSqlite(db) ? 'sqlite' : 'mysql'], [userId]);
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

/** A fixed text, read together with other requests' (batchedFirstRow): every message sent checks its session's member. */
const SESSION_MEMBER = 'SELECT u.id, u.site_id, u.status, u.paid_user, u.password_changed_at, p.id AS profile_id FROM users AS u JOIN profiles AS p ON p.user_id = u.id WHERE u.id = ? LIMIT 1';

export async function findSessionMember(db: Runner, userId: number): Promise<SessionMemberRow | undefined> {
  return batchedFirstRow<SessionMemberRow>(db, SESSION_MEMBER, [userId]);
}

export async function disabledNotificationTypes(db: Runner, userId: number): Promise<string[]> {
  const rows = await db('notification_settings').distinct('type').where({ user_id: userId, enabled: false });
  return rows.map((r: { type: string }) => r.type);
}

export async function updateLanguage(db: Runner, userId: number, language: string): Promise<void> {
  await db('users').where({ id: userId }).update({ language, updated_at: Date.now() });
}
