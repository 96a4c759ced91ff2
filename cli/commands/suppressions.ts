// amora suppressions import FILE --reason fbl|bounce|listunsubscribe [--dry-run] — addresses from a
//   CSV file with an email column, or one address a line; idempotent, with a closing summary.
// amora suppressions list [--reason R] [--email ADDRESS] [--limit N] [--json]
// amora suppressions remove EMAIL [--reason R] [--dry-run]
// Suppressed addresses get no notification mail (transactional mail still goes out).
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { SUPPRESSION_REASONS, type SuppressionReason } from '../../types/notifications.js';
import { isSuppressionReason } from '../../server/services/notifications/suppressions-service.js';
import { CliError, withRuntime } from '../context.js';
import { wholeNumber } from './codes-input.js';

const REASONS = SUPPRESSION_REASONS.join('|');

function reasonOf(value: string | undefined): SuppressionReason | undefined {
  if (value === undefined) return undefined;
  const reason = value.trim().toLowerCase();
  if (!isSuppressionReason(reason)) throw new CliError(`--reason must be one of ${REASONS}, got "${value}"`);
  return reason;
}

export function registerSuppressions(program: Command): void {
  const cmd = program.command('suppressions').description('addresses that get no notification mail (spam reports, bounces, unsubscribes)');

  cmd
    .command('import <file>')
    .description('suppress the addresses of a CSV file (a column named email) or a plain list (one address a line)')
    .requiredOption('--reason <reason>', `why: ${REASONS}`)
    .option('--dry-run', 'read and count everything; change nothing')
    .action(async (file: string, flags: { reason: string; dryRun?: boolean }) => {
      const reason = reasonOf(flags.reason)!;
      const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
        throw new CliError(`cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
      });
      await withRuntime(async ({ services }) => {
        const r = await services.suppressions.importList(text, reason, { dryRun: flags.dryRun });
        const verb = flags.dryRun ? 'would add' : 'added';
        console.log(`${verb} ${r.added}, already suppressed ${r.existing}, duplicates ${r.duplicates}, skipped ${r.bad} bad line(s) (reason ${reason})${flags.dryRun ? ' (dry run, nothing changed)' : ''}`);
      });
    });

  cmd
    .command('list')
    .description('suppressions, newest first')
    .option('--reason <reason>', `only this reason: ${REASONS}`)
    .option('--email <address>', 'only this address')
    .option('--limit <n>', 'at most this many', '1000')
    .option('--json', 'print JSON')
    .action(async (flags: { reason?: string; email?: string; limit: string; json?: boolean }) => {
      const reason = reasonOf(flags.reason);
      const limit = wholeNumber(flags.limit) ?? 0;
      if (limit < 1 || limit > 1_000_000) throw new CliError(`--limit must be a whole number from 1 to 1000000, got "${flags.limit}"`);
      await withRuntime(async ({ services }) => {
        const rows = await services.suppressions.list({ reason, email: flags.email, limit });
        if (flags.json) return console.log(JSON.stringify(rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })), null, 2));
        for (const r of rows) console.log(`${r.email}  ${r.reason}  ${new Date(r.createdAt).toISOString()}`);
        console.log(`listed ${rows.length} suppression(s)${rows.length === limit ? ` (limit ${limit} reached: narrow it down)` : ''}`);
      });
    });

  cmd
    .command('remove <email>')
    .description('lift the suppressions of an address (all reasons, or one)')
    .option('--reason <reason>', `only this reason: ${REASONS}`)
    .option('--dry-run', 'show what would be removed; change nothing')
    .action(async (email: string, flags: { reason?: string; dryRun?: boolean }) => {
      const reason = reasonOf(flags.reason);
      await withRuntime(async ({ services }) => {
        const found = (await services.suppressions.list({ email, reason, limit: 100 })).length;
        const removed = flags.dryRun ? found : await services.suppressions.remove(email, reason);
        console.log(`${flags.dryRun ? 'would remove' : 'removed'} ${removed} suppression(s) of ${email.trim().toLowerCase()}${flags.dryRun ? ' (dry run, nothing changed)' : ''}`);
        if (removed === 0) process.exitCode = 1;
      });
    });
}
