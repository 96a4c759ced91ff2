// An operator's mailing (news or promotions) to every member who allows that type, once per
// member and mailing: the period key is the campaign id or a hash of the template file.
import type { CronMailJob } from '../cron-mail-runner.js';
import { mailingEmail } from '../digest-templates.js';
import { mailingTextFor, mailingUrl, type MailingTemplate } from '../mailing-template.js';

export type MailingType = 'news' | 'promotions';

export function mailingJob(type: MailingType, template: MailingTemplate, key: string): CronMailJob<null> {
  return {
    type,
    statuses: ['active'],
    audience: { kind: 'all' },
    async plan(batch) {
      return batch.map((member) => ({ member, periodKey: key, data: null }));
    },
    async render(_tx, _p, frame) {
      const text = mailingTextFor(template, frame.language);
      return { template: type, ...mailingEmail(frame, { ...text, url: mailingUrl(template, frame.baseUrl) }) };
    },
  };
}
