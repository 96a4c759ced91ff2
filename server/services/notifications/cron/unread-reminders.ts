// Unread-message reminders: a member whose messages have waited unread longer than `olderThanMs`
// is told once. The period is the newest such message, so the same unread messages never bring a
// second reminder, and a message that arrives later (and waits as long) brings a new one.
import { unreadAmong } from '../../../repos/notify-cron-repo.js';
import { unreadReminderEmail } from '../digest-templates.js';
import type { CronMailJob } from '../cron-mail-runner.js';
import type { Db } from '../../../db.js';

export function unreadRemindersJob(db: Db, o: { olderThanMs: number; now: number }): CronMailJob<{ unread: number }> {
  return {
    type: 'unread_message_reminders',
    statuses: ['active'],
    audience: { kind: 'with_unread' },
    async plan(batch) {
      const unread = await unreadAmong(db, batch.map((m) => m.profile_id), o.now - o.olderThanMs);
      return batch.flatMap((member) => {
        const u = unread.get(member.profile_id);
        return u ? [{ member, periodKey: `message:${u.newestMessageId}`, data: { unread: u.unread } }] : [];
      });
    },
    async render(_tx, p, frame) {
      return { template: 'unread_reminder', ...unreadReminderEmail(frame, p.data) };
    },
  };
}
