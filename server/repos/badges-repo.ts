// SQL for the top bar's badges (SPEC.md §2): unread messages, and what a live update needs of a member.
import type { Runner } from '../db.js';

/** Unread messages over the member's conversations that are not deleted on their side. */
export async function countUnreadMessages(db: Runner, profileId: number): Promise<number> {
  const row = (await db('conversation_participants')
    .where({ profile_id: profileId })
    .whereNull('deleted_at')
    .sum({ n: 'unread_count' })
    .first()) as { n: number | string | null } | undefined;
  return Number(row?.n ?? 0);
}

/** The member's profile and credit balance, or undefined when the account is gone. */
export async function memberBadgeRow(db: Runner, userId: number): Promise<{ profile_id: number; credits: number } | undefined> {
  const row = (await db({ u: 'users' })
    .join({ p: 'profiles' }, 'p.user_id', 'u.id')
    .where('u.id', userId)
    .first('p.id as profile_id', 'u.credits')) as { profile_id: number; credits: number | string } | undefined;
  return row && { profile_id: Number(row.profile_id), credits: Number(row.credits) };
}
