// amora accounts — members' accounts for operators and cron:
//   purge            daily: erases accounts whose 14 days of pending deletion have passed (the
//                    credit ledger stays, anonymous) and sweeps expired data exports;
//   export           a member's data export (issue 18.1) written to a file, for a written request;
//   prepare-exports  builds the exports members asked for (the server does this every 5 s too).
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { LOCALES, type Locale } from '../../types/settings.js';
import { CliError, operatorActor, withRuntime } from '../context.js';

export function registerAccounts(program: Command): void {
  const accounts = program.command('accounts').description('member accounts');

  accounts
    .command('purge')
    .description('anonymise accounts deleted more than 14 days ago and delete their photos; delete expired data exports')
    .option('--dry-run', 'only count the accounts that are due')
    .action(async (opts: { dryRun?: boolean }) => {
      await withRuntime(async ({ services }) => {
        const result = await services.accountDeletion.purge({ dryRun: Boolean(opts.dryRun) });
        if (opts.dryRun) return console.log(`due ${result.accounts} (dry run, nothing changed)`);
        const swept = await services.dataExport.sweep();
        console.log(`purged ${result.accounts}, photos deleted ${result.photos}, export files deleted ${swept.filesDeleted}`);
      });
    });

  accounts
    .command('export')
    .description("write a member's data export (README, JSON files, photos) to a ZIP file, e.g. to answer a written request")
    .requiredOption('--user <id>', 'the member (user id)')
    .option('--out <file>', 'the ZIP file to write (must not exist yet)')
    .option('--language <lng>', `the README's language (${LOCALES.join(', ')}); default: the member's`)
    .action(async (opts: { user: string; out?: string; language?: string }) => {
      const userId = Number(opts.user);
      if (!Number.isInteger(userId) || userId <= 0) throw new CliError('--user must be a user id');
      if (opts.language !== undefined && !LOCALES.includes(opts.language as Locale)) throw new CliError(`--language must be one of ${LOCALES.join(', ')}`);
      const out = resolve(opts.out ?? `data-export-user-${userId}-${new Date().toISOString().slice(0, 10)}.zip`);
      await withRuntime(async ({ services }) => {
        const bytes = await services.dataExport.exportToFile(userId, out, { language: opts.language, actor: operatorActor() }).catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'EEXIST') throw new CliError(`${out} exists already: choose another --out`);
          if (err.code === 'not_found') throw new CliError(`no member with user id ${userId}`);
          throw err;
        });
        console.log(`exported user ${userId} to ${out} (${bytes} bytes)`);
      });
    });

  accounts
    .command('prepare-exports')
    .description('build the data exports members asked for and mail their links; delete expired ones')
    .option('--limit <n>', 'at most this many exports', '20')
    .action(async (opts: { limit: string }) => {
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit <= 0) throw new CliError('--limit must be a positive whole number');
      await withRuntime(async ({ services }) => {
        const ready = await services.dataExport.processDue({ limit });
        const swept = await services.dataExport.sweep();
        await services.mail.deliverDue();
        console.log(`prepared ${ready}, export files deleted ${swept.filesDeleted}`);
      });
    });
}
