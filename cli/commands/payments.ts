// amora payments reconcile [--older-than MIN] [--max-age DAYS] — for cron: asks the provider about
// payments no webhook settled (open or pending for longer than MIN minutes, and paid ones that may
// since have been refunded or charged back) and settles them exactly as the webhook would; then
// expires checkouts abandoned past their time (60 minutes open, 24 hours pending, 14 days for bank
// transfer and direct debit: server/services/payments/checkout-expiry.ts).
// amora payments refund --payment ID [--amount CENTS] — asks the provider to refund a paid payment;
// its webhook (or the next reconcile) then takes the credits back.
// amora payments dd-block --user ID [--unblock] — see payments-direct-debit.ts.
import type { Command } from 'commander';
import { AppError } from '../../server/errors.js';
import { CliError, withRuntime } from '../context.js';
import { registerDirectDebitBlock } from './payments-direct-debit.js';

export function registerPayments(program: Command): void {
  const payments = program.command('payments').description('payments at the provider: reconcile, refunds, direct debit');

  payments
    .command('reconcile')
    .description('settle payments whose webhook never came and expire abandoned checkouts (run it from cron, e.g. every 10 minutes)')
    .option('--older-than <minutes>', 'only open or pending payments older than this', '10')
    .option('--max-age <days>', 'look back this many days', '60')
    .action(async (opts: { olderThan: string; maxAge: string }) => {
      const olderThanMinutes = positive(opts.olderThan, '--older-than', true);
      const maxAgeDays = positive(opts.maxAge, '--max-age');
      await withRuntime(async ({ services }) => {
        const { checked, outcomes } = await services.payments.reconcile({ olderThanMinutes, maxAgeDays });
        const parts = Object.entries(outcomes).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`);
        console.log(`checked ${checked}${parts.length ? `: ${parts.join(', ')}` : ''}`);
        if (outcomes.error > 0) process.exitCode = 1;
      });
    });

  payments
    .command('refund')
    .description('refund a paid payment at the provider (all of it, or --amount cents); the credits are taken back when the provider confirms')
    .requiredOption('--payment <id>', "the payment's id as the member sees it (/transactions/<id>)")
    .option('--amount <cents>', 'refund only part of it, in cents')
    .action(async (opts: { payment: string; amount?: string }) => {
      const amount = opts.amount === undefined ? undefined : positive(opts.amount, '--amount');
      await withRuntime(async ({ services }) => {
        const row = await services.payments.refund(opts.payment, amount).catch((err: unknown) => {
          if (err instanceof AppError) throw new CliError(`refund refused: ${err.code}`);
          throw err;
        });
        console.log(`refund of ${amount ?? row.amountCents - row.refundedCents - row.chargedBackCents} ${row.currency} cents requested for payment ${row.publicId}`);
      });
    });

  registerDirectDebitBlock(payments);
}

function positive(value: string, flag: string, zeroOk = false): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < (zeroOk ? 0 : 1)) throw new CliError(`${flag} must be a whole number${zeroOk ? '' : ' above 0'}`);
  return n;
}
