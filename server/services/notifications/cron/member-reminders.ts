// Reminders: a member who has not confirmed their address gets a fresh activation link, one who
// confirmed but has no photo a link to add one; at most one of the two a week (the key is the
// ISO week, shared by both). Nobody is reminded on the day they signed up (the activation mail
// has just gone), and an address left unconfirmed for a month is not written to again.
import { ACTIVATION_TTL_MS, type ActivationService } from '../../accounts/activation-service.js';
import type { CronMailJob } from '../cron-mail-runner.js';
import { activationReminderEmail, photoReminderEmail } from '../digest-templates.js';

const DAY_MS = 86_400_000;
export const REMIND_AFTER_MS = DAY_MS;
export const UNCONFIRMED_REMINDERS_FOR_MS = 30 * DAY_MS;

export function memberRemindersJob(activation: ActivationService, o: { week: string; now: number }): CronMailJob<{ reminder: 'activation' | 'photo' }> {
  return {
    type: 'reminders',
    statuses: ['not_confirmed', 'active'],
    audience: { kind: 'to_remind', signedUpBefore: o.now - REMIND_AFTER_MS, unconfirmedSince: o.now - UNCONFIRMED_REMINDERS_FOR_MS },
    async plan(batch) {
      return batch.map((member) => ({ member, periodKey: o.week, data: { reminder: member.status === 'not_confirmed' ? 'activation' : 'photo' } as const }));
    },
    async render(tx, p, frame) {
      if (p.data.reminder === 'photo') return { template: 'photo_reminder', ...photoReminderEmail(frame) };
      const url = await activation.newLink(tx, p.member.user_id, frame.baseUrl);
      return { template: 'activation_reminder', ...activationReminderEmail(frame, { url, days: Math.round(ACTIVATION_TTL_MS / DAY_MS) }) };
    },
  };
}
