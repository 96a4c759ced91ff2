// amora complaints list [--status open|resolved] [--since DATE] [--limit N] [--json] — complaints
// sent from /complaints, newest first.
// amora complaints resolve ID [--note TEXT] [--dry-run] — marks an open complaint resolved.
import type { Command } from 'commander';
import { COMPLAINT_STATUSES, type ComplaintRow, type ComplaintStatus } from '../../types/complaints.js';
import { AppError } from '../../server/errors.js';
import { CliError, operatorActor, withRuntime } from '../context.js';
import { wholeNumber } from './codes-input.js';

/** "2026-11-01" (UTC midnight) or a full ISO instant. */
function sinceOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : NaN;
  if (!Number.isFinite(ms)) throw new CliError(`--since must be a date such as 2026-11-01 or 2026-11-01T12:00:00Z, got "${raw}"`);
  return ms;
}

const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function lineOf(c: ComplaintRow): string {
  const about = c.aboutProfileId !== null ? ` profile ${c.aboutProfileId}` : c.aboutPayment !== null ? ` payment ${c.aboutPayment}` : '';
  const who = c.userId !== null ? `member ${c.userId}` : 'visitor';
  const closed = c.status === 'resolved' && c.resolvedAt !== null ? ` resolved ${new Date(c.resolvedAt).toISOString()}${c.resolutionNote ? ` (${oneLine(c.resolutionNote, 60)})` : ''}` : '';
  return `#${c.id} ${c.reference} ${new Date(c.createdAt).toISOString()} ${c.status} ${c.subject}${about} from ${who} <${c.email}> [${c.language}]${closed}: ${oneLine(c.body, 120)}`;
}

export function registerComplaints(program: Command): void {
  const complaints = program.command('complaints').description('complaints sent from /complaints: list them, resolve one');

  complaints
    .command('list')
    .description('list complaints, newest first')
    .option('--status <status>', 'only open or only resolved ones')
    .option('--since <date>', 'only those sent on or after this day (2026-11-01, UTC) or instant')
    .option('--limit <n>', 'at most this many', '200')
    .option('--json', 'print JSON')
    .action(async (flags: { status?: string; since?: string; limit: string; json?: boolean }) => {
      if (flags.status !== undefined && !(COMPLAINT_STATUSES as readonly string[]).includes(flags.status)) {
        throw new CliError(`--status must be one of ${COMPLAINT_STATUSES.join(', ')}, got "${flags.status}"`);
      }
      const since = sinceOf(flags.since);
      const limit = wholeNumber(flags.limit) ?? 0;
      if (limit < 1 || limit > 100_000) throw new CliError(`--limit must be a whole number from 1 to 100000, got "${flags.limit}"`);
      await withRuntime(async (rt) => {
        const rows = await rt.services.complaints.list({ status: flags.status as ComplaintStatus | undefined, since, limit });
        if (flags.json) return console.log(JSON.stringify(rows, null, 2));
        for (const r of rows) console.log(lineOf(r));
        const open = rows.filter((r) => r.status === 'open').length;
        console.log(`listed ${rows.length} complaint(s), ${open} open${rows.length === limit ? ` (limit ${limit} reached: narrow it down)` : ''}`);
      });
    });

  complaints
    .command('resolve <id>')
    .description('mark an open complaint resolved, with an optional note for the record')
    .option('--note <text>', 'what was done (kept with the complaint, up to 1000 characters)')
    .option('--dry-run', 'check the complaint and show what would change; change nothing')
    .action(async (rawId: string, flags: { note?: string; dryRun?: boolean }) => {
      const id = wholeNumber(rawId);
      if (id === undefined || id < 1) throw new CliError(`ID must be a complaint's number (see amora complaints list), got "${rawId}"`);
      await withRuntime(async (rt) => {
        const row = await rt.services.complaints.resolve(id, { note: flags.note, dryRun: flags.dryRun, actor: operatorActor() }).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'complaint_not_found') throw new CliError(`no complaint #${id}`);
          if (err instanceof AppError && err.code === 'complaint_resolved') throw new CliError(`complaint #${id} is resolved already`);
          throw err;
        });
        console.log(`${flags.dryRun ? 'would resolve' : 'resolved'} complaint #${row.id} (${row.reference}, ${row.subject}, from ${row.email})${flags.note ? ' with a note' : ''}${flags.dryRun ? ' (dry run, nothing changed)' : ''}`);
      });
    });
}
