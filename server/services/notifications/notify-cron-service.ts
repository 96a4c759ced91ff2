// The cron mails of SPEC.md §3's notification types, one verb each (`amora notify …`): unread
// message reminders, the weekly mail of new members, reminders (confirm your address, add a
// photo) and operators' news and promotions. Each is idempotent per member and period, resumable
// and batched (see cron-mail-runner.ts); a dry run counts and writes nothing.
import type { i18n as I18n } from 'i18next';
import type { Db } from '../../db.js';
import { isoWeekOf, isoWeekStart } from '../../lib/iso-week.js';
import type { ActivationService } from '../accounts/activation-service.js';
import type { MailService } from '../mail/mail-service.js';
import type { SitesService } from '../sites/sites-service.js';
import { CronMailRunner, type CronRunOptions, type CronRunSummary } from './cron-mail-runner.js';
import { mailingJob, type MailingType } from './cron/mailings.js';
import { memberRemindersJob } from './cron/member-reminders.js';
import { unreadRemindersJob } from './cron/unread-reminders.js';
import { weeklyUpdatesJob } from './cron/weekly-updates.js';
import { MailFrames } from './mail-frames.js';
import { MailingTemplateError, mailingKey, parseMailingTemplate } from './mailing-template.js';

export type { CronRunOptions, CronRunSummary } from './cron-mail-runner.js';

const WEEK_MS = 7 * 86_400_000;

/** A --week that is neither this week nor last week (a typo would send everyone a second mail). */
export class WeekError extends Error {}

export class NotifyCronService {
  private readonly runner: CronMailRunner;

  constructor(
    private readonly db: Db,
    mail: MailService,
    sites: SitesService,
    private readonly activation: ActivationService,
    i18n: I18n,
    /** Where links of the embedded demo's localhost sites point. */
    localPort: number,
  ) {
    this.runner = new CronMailRunner(db, mail, () => new MailFrames(sites, i18n, localPort));
  }

  /** Members with messages unread for longer than `olderThanMs`, each reminded once for them. */
  async unreadReminders(olderThanMs: number, o: CronRunOptions = {}): Promise<CronRunSummary> {
    return this.runner.run(unreadRemindersJob(this.db, { olderThanMs, now: o.now ?? Date.now() }), o);
  }

  /** The weekly mail of new members; `week` ("2026-W48", default this week) is its period. */
  async weeklyUpdates(o: CronRunOptions & { week?: string } = {}): Promise<CronRunSummary> {
    const now = o.now ?? Date.now();
    return this.runner.run(weeklyUpdatesJob(this.db, { week: weekOf(o.week, now), now }), o);
  }

  /** Confirm-your-address and add-a-photo reminders, at most one a week per member. */
  async reminders(o: CronRunOptions & { week?: string } = {}): Promise<CronRunSummary> {
    const now = o.now ?? Date.now();
    return this.runner.run(memberRemindersJob(this.activation, { week: weekOf(o.week, now), now }), o);
  }

  /** An operator's template file to everyone who allows `type`; throws MailingTemplateError before sending anything. */
  async mailing(type: MailingType, file: Buffer, o: CronRunOptions & { campaign?: string } = {}): Promise<CronRunSummary> {
    const template = parseMailingTemplate(file);
    return this.runner.run(mailingJob(type, template, mailingKey(file, o.campaign)), o);
  }
}

/** This week, or a week given to finish a run that began in it (this week or the one before). */
function weekOf(week: string | undefined, now: number): string {
  const current = isoWeekOf(now);
  if (week === undefined) return current;
  if (isoWeekStart(week) === undefined) throw new WeekError(`--week must be an ISO week such as ${current}, got "${week.slice(0, 20)}"`);
  const previous = isoWeekOf(now - WEEK_MS);
  if (week !== current && week !== previous) throw new WeekError(`--week must be this week (${current}) or last week (${previous}), got ${week}`);
  return week;
}

export { MailingTemplateError };
