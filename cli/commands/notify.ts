// amora notify unread-reminders [--older-than 24h] — remind members of messages left unread.
// amora notify weekly [--week 2026-W48] — new members matching what each member looks for.
// amora notify reminders [--week 2026-W48] — confirm your address / add a photo, at most one a week.
// amora notify send --type news|promotions --template FILE [--campaign ID] — an operator's mailing.
// Every verb: [--site DOMAIN|ID] [--dry-run] [--limit N] [--batch-size N]. Each is idempotent (a
// member gets a mail once per period, however often cron runs it) and resumable after a crash;
// the mails go to the outbox, which the server (or `amora mail deliver`) sends.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Runtime } from '../../server/boot.js';
import { MailingTemplateError, WeekError, type CronRunOptions, type CronRunSummary } from '../../server/services/notifications/notify-cron-service.js';
import { CliError, withRuntime } from '../context.js';
import { wholeNumber } from './codes-input.js';

interface RunFlags {
  site?: string;
  dryRun?: boolean;
  limit?: string;
  batchSize: string;
}

function runOptions(cmd: Command): Command {
  return cmd
    .option('--site <domain|id>', 'only members of this site (default: every site)')
    .option('--dry-run', 'count the mails that would be sent; send and record nothing')
    .option('--limit <n>', 'queue at most this many mails, then stop (the next run goes on from there)')
    .option('--batch-size <n>', 'members read and queued per batch (one transaction each)', '500');
}

export function registerNotify(program: Command): void {
  const notify = program.command('notify').description('cron mails: unread-message reminders, weekly updates, reminders, news and promotions');

  runOptions(notify.command('unread-reminders').description('remind members of messages unread for longer than --older-than (once for the same messages); hourly'))
    .option('--older-than <duration>', 'how long a message waits unread before a reminder: 90m, 24h, 2d (1m to 30d)', '24h')
    .action(async (flags: RunFlags & { olderThan: string }) => {
      const olderThanMs = durationMs(flags.olderThan);
      await run('unread-reminders', flags, (rt, o) => rt.services.notifyCron.unreadReminders(olderThanMs, o));
    });

  runOptions(notify.command('weekly').description('mail each member up to 6 new members of the last 7 days who match what they look for; weekly'))
    .option('--week <yyyy-Www>', 'the week the mail is for (this week or last week, to finish a run begun then), e.g. 2026-W48')
    .action(async (flags: RunFlags & { week?: string }) => {
      await run('weekly', flags, (rt, o) => rt.services.notifyCron.weeklyUpdates({ ...o, week: flags.week }));
    });

  runOptions(notify.command('reminders').description('remind members to confirm their address (with a fresh link) or to add a photo; at most one a week; daily'))
    .option('--week <yyyy-Www>', 'the week the reminder counts for (this week or last week)')
    .action(async (flags: RunFlags & { week?: string }) => {
      await run('reminders', flags, (rt, o) => rt.services.notifyCron.reminders({ ...o, week: flags.week }));
    });

  runOptions(notify.command('send').description('send an operator\'s template file (JSON, see README) to every member who allows the type, once per member'))
    .requiredOption('--type <type>', 'news or promotions: the switch members turn it off with')
    .requiredOption('--template <file>', 'the mailing: a JSON file with button_url and subject/body/button per language (en required)')
    .option('--campaign <id>', 'the mailing\'s id (default: a hash of the file): the same id is never sent to a member twice')
    .action(async (flags: RunFlags & { type: string; template: string; campaign?: string }) => {
      const type = flags.type.trim().toLowerCase();
      if (type !== 'news' && type !== 'promotions') throw new CliError(`--type must be news or promotions, got "${flags.type.slice(0, 40)}"`);
      const file = await readFile(flags.template).catch((err: NodeJS.ErrnoException) => {
        throw new CliError(`cannot read ${flags.template}: ${err.code ?? err.message}`);
      });
      await run(`send ${type}`, flags, (rt, o) => rt.services.notifyCron.mailing(type, file, { ...o, campaign: flags.campaign }));
    });
}

async function run(label: string, flags: RunFlags, send: (rt: Runtime, o: CronRunOptions) => Promise<CronRunSummary>): Promise<void> {
  const batchSize = wholeNumber(flags.batchSize) ?? 0;
  if (batchSize < 1 || batchSize > 10_000) throw new CliError(`--batch-size must be a whole number from 1 to 10000, got "${flags.batchSize}"`);
  const limit = flags.limit === undefined ? undefined : (wholeNumber(flags.limit) ?? 0);
  if (limit !== undefined && (limit < 1 || limit > 10_000_000)) throw new CliError(`--limit must be a whole number from 1 to 10000000, got "${flags.limit}"`);
  await withRuntime(async (rt) => {
    const siteId = flags.site === undefined ? undefined : await siteIdOf(rt, flags.site);
    let s: CronRunSummary;
    try {
      s = await send(rt, { siteId, dryRun: flags.dryRun, batchSize, limit });
    } catch (err) {
      if (err instanceof MailingTemplateError || err instanceof WeekError) throw new CliError(`${err.message}\nnothing was sent`);
      throw err;
    }
    console.log(summaryLine(label, s, limit));
  });
}

export function summaryLine(label: string, s: CronRunSummary, limit?: number): string {
  const head = s.dryRun ? `${label}: would send ${s.sent} mail(s)` : `${label}: queued ${s.sent} mail(s)`;
  const rest = `already sent ${s.alreadySent}, switched off ${s.switchedOff}, nothing to send ${s.nothingToSend}; checked ${s.checked} member(s) in ${s.batches} batch(es)`;
  const tail = [s.limitReached && `limit ${limit} reached: run again to go on`, s.dryRun && 'dry run, nothing sent or recorded'].filter(Boolean);
  return `${head}; ${rest}${tail.length ? ` (${tail.join('; ')})` : ''}`;
}

/** "90m", "24h", "2d" → milliseconds, from one minute to 30 days. */
export function durationMs(value: string): number {
  const m = /^(\d{1,6})\s*(m|min|h|d)$/i.exec(value.trim());
  const unit = { m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000 }[(m?.[2] ?? '').toLowerCase() as 'm'];
  const ms = m ? Number(m[1]) * unit : NaN;
  if (!(ms >= 60_000 && ms <= 30 * 86_400_000)) throw new CliError(`--older-than must be a duration from 1m to 30d such as 90m, 24h or 2d, got "${value.slice(0, 40)}"`);
  return ms;
}

async function siteIdOf(rt: Runtime, value: string): Promise<number> {
  const v = value.trim().toLowerCase();
  const site = /^\d+$/.test(v) ? (await rt.services.sites.list()).find((s) => s.id === Number(v)) : await rt.services.sites.findByDomain(v);
  if (!site) throw new CliError(`--site: no site "${value.slice(0, 100)}" (give its domain or id; see amora sites list)`);
  return site.id;
}
