// amora payments dd-block --user ID [--unblock] — ends direct debit for a member (their pending
// and active mandates stop working, /directdebit shows the blocked message), or allows it again.
// A chargeback blocks a member by itself; this is the operator's hand on the same switch.
import type { Command } from 'commander';
import { AppError } from '../../server/errors.js';
import { CliError, operatorActor, withRuntime } from '../context.js';

export function registerDirectDebitBlock(payments: Command): void {
  payments
    .command('dd-block')
    .description('block a member from paying by direct debit (or allow it again with --unblock)')
    .requiredOption('--user <id>', 'the member by user id')
    .option('--unblock', 'allow direct debit again')
    .action(async (opts: { user: string; unblock?: boolean }) => {
      const userId = /^\d+$/.test(opts.user.trim()) ? Number(opts.user) : NaN;
      if (!Number.isSafeInteger(userId) || userId < 1) throw new CliError(`--user must be a user id (a positive whole number), not "${opts.user}"`);
      const block = !opts.unblock;
      await withRuntime(async ({ services }) => {
        const result = await services.directDebit.setBlocked(userId, block, operatorActor()).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'user_not_found') throw new CliError(`no member with user id ${userId} (or the account is deleted)`);
          throw err;
        });
        const who = `user ${userId} (${result.email})`;
        if (block) console.log(result.changed ? `blocked direct debit for ${who}` : `direct debit was already blocked for ${who} since ${new Date(result.blockedAt!).toISOString()}; nothing changed`);
        else console.log(result.changed ? `direct debit allowed again for ${who}` : `direct debit was not blocked for ${who}; nothing changed`);
      });
    });
}
