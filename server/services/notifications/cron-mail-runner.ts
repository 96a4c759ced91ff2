// The loop every cron mail shares. Members are walked by id, a batch at a time, so a run over
// 100,000 members holds one batch in memory; each batch is filtered by the type's e-mail switch
// and by what was sent already, and each mail is queued in the same transaction that records
// its (member, kind, period) key in notification_sends. A run that dies mid-way has queued
// either a batch's mails and keys or neither, so running it again sends each mail once.
import type { Db, Runner } from '../../db.js';
import { retryOnDeadlock } from '../../lib/db-errors.js';
import { memberBatch, sentAmong, type CronMemberRow, type MemberAudience } from '../../repos/notify-cron-repo.js';
import { claimSend, disabledAmong } from '../../repos/notification-settings-repo.js';
import type { NotificationType } from '../../../types/notifications.js';
import type { EmailContent } from '../mail/email-templates.js';
import type { MailService } from '../mail/mail-service.js';
import type { MailFrames, SiteFrame } from './mail-frames.js';

export const DEFAULT_BATCH_SIZE = 500;

export interface CronRunOptions {
  /** Only members of this site. */
  siteId?: number;
  /** Count what would be sent; write nothing. */
  dryRun?: boolean;
  /** Members per batch (default 500). */
  batchSize?: number;
  /** Stop after queueing this many mails (a careful first run; the next run goes on from there). */
  limit?: number;
  /** The clock (tests). */
  now?: number;
}

export interface CronRunSummary {
  /** Mails queued, or in a dry run the mails that would be. */
  sent: number;
  /** Members who got this mail for this period already (an earlier or concurrent run). */
  alreadySent: number;
  /** Members who switched this type of e-mail off. */
  switchedOff: number;
  /** Members with nothing to tell (no new member matches, say). */
  nothingToSend: number;
  /** Members looked at, and in how many batches. */
  checked: number;
  batches: number;
  limitReached: boolean;
  dryRun: boolean;
}

/** One mail to one member, as a job plans it for a batch. */
export interface PlannedMail<D> {
  member: CronMemberRow;
  /** With the job's kind, the member's key in notification_sends: the same key is never sent twice. */
  periodKey: string;
  data: D;
}

export type FramedMember = SiteFrame & { memberName: string };

export interface CronMailJob<D> {
  /** The switch members turn it off with; also the outbox row's type and the kind of its key. */
  type: NotificationType;
  /** A kind of its own when one type has several senders (each mailing is a news mail). */
  kind?: string;
  statuses: string[];
  audience: MemberAudience;
  /** The mails a batch gets; members left out have nothing to be told. */
  plan(batch: CronMemberRow[], frames: MailFrames): Promise<PlannedMail<D>[]>;
  /** The mail, inside the transaction that queues it (an activation link is issued in it). */
  /** The mail; `aboutProfileIds`: the profiles it shows (a block with one since it was queued drops it). */
  render(tx: Runner, mail: PlannedMail<D>, frame: FramedMember): Promise<EmailContent & { template: string; aboutProfileIds?: number[] }>;
}

export class CronMailRunner {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly newFrames: () => MailFrames,
  ) {}

  async run<D>(job: CronMailJob<D>, o: CronRunOptions = {}): Promise<CronRunSummary> {
    const batchSize = o.batchSize ?? DEFAULT_BATCH_SIZE;
    const kind = job.kind ?? job.type;
    const frames = this.newFrames();
    const s: CronRunSummary = { sent: 0, alreadySent: 0, switchedOff: 0, nothingToSend: 0, checked: 0, batches: 0, limitReached: false, dryRun: Boolean(o.dryRun) };
    let afterId = 0;
    for (;;) {
      const batch = await memberBatch(this.db, { afterId, limit: batchSize, siteId: o.siteId, statuses: job.statuses, audience: job.audience });
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1]!.user_id;
      s.batches++;
      s.checked += batch.length;
      const off = await disabledAmong(this.db, batch.map((m) => m.user_id), job.type, 'email');
      s.switchedOff += off.size;
      const planned = await job.plan(batch.filter((m) => !off.has(m.user_id)), frames);
      s.nothingToSend += batch.length - off.size - planned.length;
      const sent = await sentAmong(this.db, kind, planned.map((p) => ({ userId: p.member.user_id, periodKey: p.periodKey })));
      let due = planned.filter((p) => !sent.has(`${p.member.user_id}:${p.periodKey}`));
      s.alreadySent += planned.length - due.length;
      if (o.limit !== undefined && s.sent + due.length >= o.limit) {
        due = due.slice(0, o.limit - s.sent);
        s.limitReached = true;
      }
      if (o.dryRun) s.sent += due.length;
      else {
        const r = await this.queue(job, kind, due, frames);
        s.sent += r.queued;
        s.alreadySent += r.raced;
        s.nothingToSend += r.siteless;
      }
      if (s.limitReached || batch.length < batchSize) break;
    }
    return s;
  }

  /** One transaction per batch: every key claimed here has its mail queued, or neither is kept. */
  private async queue<D>(job: CronMailJob<D>, kind: string, due: PlannedMail<D>[], frames: MailFrames) {
    // Site settings are read before the transaction: SQLite has one connection, which it holds.
    const framed: [PlannedMail<D>, FramedMember][] = [];
    for (const p of due) {
      const frame = await frames.frameFor(p.member);
      if (frame) framed.push([p, frame]);
    }
    const siteless = due.length - framed.length;
    return retryOnDeadlock(() =>
      this.db.transaction(async (tx) => {
        const r = { queued: 0, raced: 0, siteless };
        for (const [p, frame] of framed) {
          // A concurrent run claimed it between the check above and now: theirs is the one sent.
          if (!(await claimSend(tx, p.member.user_id, kind, p.periodKey))) {
            r.raced++;
            continue;
          }
          const { template, ...content } = await job.render(tx, p, frame);
          await this.mail.enqueue(
            { siteId: p.member.site_id, userId: p.member.user_id, to: p.member.email, template, language: frame.language, notificationType: job.type, ...content },
            tx,
          );
          r.queued++;
        }
        return r;
      }),
    );
  }
}
