// amora credits audit [--user ID] — for cron: proves every balance equals its ledger; exit code 1
// when any does not, so the job's mail alerts.
// amora credits grant --user ID|--email EMAIL [--site DOMAIN] --amount N --reason TEXT [--key K]
// [--dry-run] — adds credits (or takes them back with a negative amount) through the ledger.
import type { Command } from 'commander';
import { AppError, InsufficientCreditsError } from '../../server/errors.js';
import {
  GRANT_KEY_MAX, GRANT_MAX_AMOUNT, GRANT_REASON_MAX, GRANT_REASON_MIN, isGrantKey, type GrantResult,
} from '../../server/services/credits/credits-service.js';
import type { Services } from '../../server/services/index.js';
import { CliError, operatorActor, withRuntime } from '../context.js';

interface GrantFlags {
  user?: string;
  email?: string;
  site?: string;
  amount: string;
  reason: string;
  key?: string;
  dryRun?: boolean;
}

export function registerCredits(program: Command): void {
  const credits = program.command('credits').description("members' credits and the credit ledger");

  credits
    .command('audit')
    .description('check that every balance equals the sum of its ledger and its last balance_after; exit code 1 on a mismatch')
    .option('--user <id>', 'check one member only')
    .action(async (opts: { user?: string }) => {
      const userId = opts.user === undefined ? undefined : parseId(opts.user);
      await withRuntime(async ({ services }) => {
        const { checked, mismatches } = await services.credits.audit({ userId });
        for (const m of mismatches) {
          const last = m.lastBalanceAfter === null ? 'no ledger rows' : `last balance_after ${m.lastBalanceAfter}`;
          console.log(`user ${m.userId} ${m.email}: balance ${m.balance}, ledger sum ${m.ledgerSum}, ${last}`);
        }
        console.log(`checked ${checked}, mismatches ${mismatches.length}`);
        if (mismatches.length) process.exitCode = 1;
      });
    });

  credits
    .command('grant')
    .description('add credits to a member (a negative amount takes them back, never below zero), booked in the ledger')
    .option('--user <id>', 'the member by user id')
    .option('--email <address>', 'the member by e-mail address')
    .option('--site <domain>', 'the site of --email, when the address is a member on several sites')
    .requiredOption('--amount <n>', `whole number of credits, -${GRANT_MAX_AMOUNT} to ${GRANT_MAX_AMOUNT}, not 0`)
    .requiredOption('--reason <text>', `why, ${GRANT_REASON_MIN}-${GRANT_REASON_MAX} characters (kept in the ledger and the audit log)`)
    .option('--key <key>', 'idempotency key: running again with the same key grants nothing more')
    .option('--dry-run', 'show what would change, change nothing')
    .action(async (flags: GrantFlags) => {
      const input = parseGrant(flags);
      await withRuntime(async ({ services }) => {
        const account = await findAccount(services, flags);
        const result = await services.credits
          .grant(account.id, input.amount, input.reason, { idempotencyKey: flags.key, actor: operatorActor(), dryRun: flags.dryRun })
          .catch((err: unknown) => {
            if (err instanceof InsufficientCreditsError) {
              throw new CliError(`cannot take back ${-input.amount} credits from ${account.email}: the balance is ${account.credits}`);
            }
            if (err instanceof AppError && err.code === 'idempotency_key_reused') {
              throw new CliError(`the key "${flags.key}" was used before for a different member or amount; nothing changed`);
            }
            throw err;
          });
        console.log(describeGrant(result, flags.key));
      });
    });
}

function parseGrant(flags: GrantFlags): { amount: number; reason: string } {
  if ((flags.user === undefined) === (flags.email === undefined)) throw new CliError('give the member with either --user ID or --email ADDRESS');
  if (flags.site !== undefined && flags.email === undefined) throw new CliError('--site goes with --email');
  const amount = /^[+-]?\d+$/.test(flags.amount.trim()) ? Number(flags.amount) : NaN;
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > GRANT_MAX_AMOUNT) {
    throw new CliError(`--amount must be a whole number from -${GRANT_MAX_AMOUNT} to ${GRANT_MAX_AMOUNT}, not 0; got "${flags.amount}"`);
  }
  const reason = flags.reason.replace(/\s+/g, ' ').trim();
  if (reason.length < GRANT_REASON_MIN || reason.length > GRANT_REASON_MAX) {
    throw new CliError(`--reason must be ${GRANT_REASON_MIN}-${GRANT_REASON_MAX} characters, got ${reason.length}`);
  }
  if (flags.key !== undefined && !isGrantKey(flags.key)) {
    throw new CliError(`--key must be 1-${GRANT_KEY_MAX} printable characters without spaces`);
  }
  return { amount, reason };
}

async function findAccount(services: Services, flags: GrantFlags) {
  const by = flags.user !== undefined
    ? { userId: parseId(flags.user) }
    : { email: flags.email!.trim().toLowerCase(), siteDomain: flags.site?.trim().toLowerCase() };
  return services.credits.findAccount(by).catch((err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    const who = 'userId' in by ? `user id ${by.userId}` : `e-mail ${by.email}${by.siteDomain ? ` on ${by.siteDomain}` : ''}`;
    if (err.code === 'user_not_found') throw new CliError(`no member with ${who} (or the account is deleted)`);
    if (err.code === 'email_on_several_sites') throw new CliError(`${who} is a member on several sites (${err.params.sites}): add --site DOMAIN`);
    throw err;
  });
}

function describeGrant(r: GrantResult, key: string | undefined): string {
  const what = r.amount > 0 ? `${r.amount} credits to ${r.email}` : `back ${-r.amount} credits from ${r.email}`;
  const change = `balance ${r.balanceBefore} → ${r.balanceAfter}`;
  if (r.dryRun) return `would ${r.amount > 0 ? 'grant' : 'take'} ${what}: ${change} (dry run, nothing changed)`;
  if (r.replayed) return `already done with key ${key}: ${r.amount > 0 ? 'granted' : 'took'} ${what}, ${change} (nothing changed now)`;
  return `${r.amount > 0 ? 'granted' : 'took'} ${what}: ${change}`;
}

function parseId(value: string): number {
  const id = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new CliError(`--user must be a user id (a positive whole number), not "${value}"`);
  return id;
}
