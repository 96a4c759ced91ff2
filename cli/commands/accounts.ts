// amora accounts purge — for cron (daily): anonymises accounts whose 14 days of pending deletion
// have passed, deleting their photos and personal data; the credit ledger stays, anonymous.
import type { Command } from 'commander';
import { withRuntime } from '../context.js';

export function registerAccounts(program: Command): void {
  const accounts = program.command('accounts').description('member accounts');

  accounts
    .command('purge')
    .description('anonymise accounts deleted more than 14 days ago and delete their photos')
    .option('--dry-run', 'only count the accounts that are due')
    .action(async (opts: { dryRun?: boolean }) => {
      await withRuntime(async ({ services }) => {
        const result = await services.accountDeletion.purge({ dryRun: Boolean(opts.dryRun) });
        console.log(opts.dryRun ? `due ${result.accounts} (dry run, nothing changed)` : `purged ${result.accounts}, photos deleted ${result.photos}`);
      });
    });
}
