// amora codes create CODE --percent N [rules] [--dry-run] — one discount code with any rule of SPEC.md §3.
// amora codes batch --count N --campaign NAME --out FILE.csv --percent N [rules] [--dry-run] — N unique
// random codes (single use unless --max-uses), written to a new CSV file.
// amora codes list [--campaign NAME] [--site DOMAIN] [--all] [--json] — codes with uses and revenue.
// amora codes disable [CODE...] [--campaign NAME] [--dry-run] — codes stop working at once.
// amora codes enable [CODE...] [--campaign NAME] [--dry-run] — disabled codes work again (not expired ones).
// Rules: --currency, --min-order, --country, --user, --site, --expires, --methods, --max-uses, --campaign.
import { open, unlink } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Runtime } from '../../server/boot.js';
import type { CodeRules, ListedCode } from '../../server/services/promotions/discount-codes-admin-service.js';
import type { NewDiscountCode } from '../../server/repos/discount-codes-repo.js';
import { CliError, withRuntime } from '../context.js';
import { rulesFrom, wholeNumber, type RuleFlags } from './codes-input.js';

type Flags = RuleFlags & { dryRun?: boolean };

function ruleOptions(cmd: Command): Command {
  return cmd
    .requiredOption('--percent <n>', 'the discount, a whole number from 1 to 90')
    .option('--currency <code>', 'only for payments in this currency (EUR, GBP, …); the currency of --min-order')
    .option('--min-order <amount>', 'the bundle must cost at least this much, e.g. 20 or 19.95')
    .option('--country <code>', "only for members in this country (two letters, e.g. NL)")
    .option('--user <id>', 'only for this member (user id); the code is then for their site')
    .option('--site <domain>', 'only on this site (default: every site)')
    .option('--expires <date>', 'valid through this day (2026-12-31, UTC) or until this instant (2026-12-31T18:00:00Z)')
    .option('--methods <list>', 'only with these payment methods, comma-separated (e.g. ideal,creditcard)')
    .option('--max-uses <n>', 'how many payments in all may use it, or "unlimited" (each member once in any case)')
    .option('--campaign <name>', 'a name to list and disable codes by')
    .option('--dry-run', 'check everything and show what would be created; change nothing');
}

export function registerCodes(program: Command): void {
  const codes = program.command('codes').description('discount codes: create one or a batch for a campaign, list with uses and revenue, disable, enable');

  ruleOptions(codes.command('create <code>').description('create one code (unlimited uses unless --max-uses; each member may use a code once)'))
    .action(async (code: string, flags: Flags) => {
      const rules = rulesFrom(flags, null);
      await withRuntime(async (rt) => {
        const row = await rt.services.discountCodesAdmin.create(code, { ...rules, siteId: await siteIdOf(rt, flags.site) }, { dryRun: flags.dryRun });
        console.log(`${flags.dryRun ? 'would create' : 'created'} 1 code: ${describe(row, flags.site)}${flags.dryRun ? ' (dry run, nothing changed)' : ''}`);
      });
    });

  ruleOptions(codes.command('batch').description('create COUNT unique random codes for a campaign and write them to a new CSV file (single use unless --max-uses)'))
    .requiredOption('--count <n>', 'how many codes, 1-100000')
    .requiredOption('--out <file.csv>', 'the CSV file to write (must not exist yet)')
    .option('--prefix <text>', 'put before each code, e.g. SUMMER-', '')
    .option('--length <n>', 'random characters per code, 6-20', '10')
    .action(async (flags: Flags & { count: string; out: string; prefix: string; length: string }) => {
      if (flags.campaign === undefined) throw new CliError('a batch needs --campaign NAME, to list and disable its codes together later');
      const rules = rulesFrom(flags, 1);
      const count = wholeNumber(flags.count) ?? NaN;
      const length = wholeNumber(flags.length) ?? NaN;
      await withRuntime(async (rt) => {
        const siteId = await siteIdOf(rt, flags.site);
        const batch = { count, length, prefix: flags.prefix.trim() };
        if (flags.dryRun) {
          const rows = await rt.services.discountCodesAdmin.createBatch({ ...rules, siteId }, batch, { dryRun: true });
          console.log(`would create ${rows.length} codes for campaign ${flags.campaign} (e.g. ${rows[0]!.code}): ${describe(rows[0]!, flags.site)} (dry run, nothing changed, no file written)`);
          return;
        }
        const file = await open(flags.out, 'wx').catch((err: NodeJS.ErrnoException) => {
          throw new CliError(err.code === 'EEXIST' ? `${flags.out} exists already; choose a new file` : `cannot write ${flags.out}: ${err.message}`);
        });
        try {
          const rows = await rt.services.discountCodesAdmin.createBatch({ ...rules, siteId }, batch);
          await file.writeFile(csvOf(rows, flags.site));
          await file.close();
          console.log(`created ${rows.length} codes for campaign ${flags.campaign}: ${describe(rows[0]!, flags.site)}; written to ${flags.out}`);
        } catch (err) {
          await file.close().catch(() => undefined);
          await unlink(flags.out).catch(() => undefined);
          throw err;
        }
      });
    });

  codes
    .command('list')
    .description('list codes, newest first, with uses, open reservations and revenue (paid, less refunds)')
    .option('--campaign <name>', 'only this campaign')
    .option('--site <domain>', 'only codes made for this site')
    .option('--all', 'include disabled codes')
    .option('--limit <n>', 'at most this many', '200')
    .option('--json', 'print JSON')
    .action(async (flags: { campaign?: string; site?: string; all?: boolean; limit: string; json?: boolean }) => {
      const limit = wholeNumber(flags.limit) ?? 0;
      if (limit < 1 || limit > 100_000) throw new CliError(`--limit must be a whole number from 1 to 100000, got "${flags.limit}"`);
      await withRuntime(async (rt) => {
        const siteId = flags.site === undefined ? undefined : ((await siteIdOf(rt, flags.site)) ?? undefined);
        const rows = await rt.services.discountCodesAdmin.list({ campaign: flags.campaign, siteId, includeDisabled: flags.all, limit });
        if (flags.json) return console.log(JSON.stringify(rows, null, 2));
        for (const r of rows) console.log(lineOf(r));
        const used = rows.reduce((n, r) => n + r.used, 0);
        console.log(`listed ${rows.length} code(s), used ${used} time(s)${rows.length === limit ? ` (limit ${limit} reached: narrow it down)` : ''}`);
      });
    });

  codes
    .command('disable [codes...]')
    .description('disable codes by name, or every code of --campaign; members then get "Code not found"')
    .option('--campaign <name>', 'every code of this campaign')
    .option('--dry-run', 'show what would be disabled; change nothing')
    .action(async (names: string[], flags: { campaign?: string; dryRun?: boolean }) => {
      if ((names.length > 0) === (flags.campaign !== undefined)) throw new CliError('give either codes or --campaign NAME');
      await withRuntime(async (rt) => {
        const r = await rt.services.discountCodesAdmin.disable(names.length ? { codes: names } : { campaign: flags.campaign }, { dryRun: flags.dryRun });
        const missing = r.notFound.length ? ` (${r.notFound.join(', ')})` : '';
        console.log(`${flags.dryRun ? 'would disable' : 'disabled'} ${r.disabled}, already disabled ${r.alreadyDisabled}, not found ${r.notFound.length}${missing}${flags.dryRun ? ' (dry run, nothing changed)' : ''}`);
        if (r.notFound.length) process.exitCode = 1;
      });
    });

  codes
    .command('enable [codes...]')
    .description('enable disabled codes again by name, or every code of --campaign; an expired code is not enabled (create a new one)')
    .option('--campaign <name>', 'every code of this campaign')
    .option('--dry-run', 'show what would be enabled; change nothing')
    .action(async (names: string[], flags: { campaign?: string; dryRun?: boolean }) => {
      if ((names.length > 0) === (flags.campaign !== undefined)) throw new CliError('give either codes or --campaign NAME');
      await withRuntime(async (rt) => {
        const r = await rt.services.discountCodesAdmin.enable(names.length ? { codes: names } : { campaign: flags.campaign }, { dryRun: flags.dryRun });
        const named = (list: string[]) => (list.length ? ` (${list.slice(0, 20).join(', ')}${list.length > 20 ? ', …' : ''})` : '');
        // Named codes that were not enabled are the operator's mistake; in a campaign, enabled ones are simply counted.
        const already = names.length ? r.alreadyEnabled : [];
        for (const code of r.notFound) console.error(`${code}: no such code (see amora codes list --all)`);
        for (const code of already) console.error(`${code}: already enabled`);
        for (const code of r.expired) console.error(`${code}: expired, not enabled; create a new code instead`);
        if (flags.campaign !== undefined && r.enabled + r.alreadyEnabled.length + r.expired.length === 0) console.error(`campaign ${flags.campaign}: no codes`);
        console.log(`${flags.dryRun ? 'would enable' : 'enabled'} ${r.enabled}, already enabled ${r.alreadyEnabled.length}${named(already)}, expired ${r.expired.length}${named(r.expired)}, not found ${r.notFound.length}${named(r.notFound)}${flags.dryRun ? ' (dry run, nothing changed)' : ''}`);
        const campaignEmpty = flags.campaign !== undefined && r.enabled + r.alreadyEnabled.length + r.expired.length === 0;
        if (r.notFound.length || already.length || r.expired.length || campaignEmpty) process.exitCode = 1;
      });
    });
}

async function siteIdOf(rt: Runtime, domain: string | undefined): Promise<number | null> {
  if (domain === undefined) return null;
  const site = await rt.services.sites.findByDomain(domain.trim().toLowerCase());
  if (!site) throw new CliError(`--site: no site with the domain "${domain}" (see amora sites list)`);
  return site.id;
}

const money = (cents: number, currency: string | null) => `${(cents / 100).toFixed(2)}${currency ? ` ${currency}` : ''}`;

function describe(r: Pick<CodeRules, keyof CodeRules> & { code: string }, site?: string): string {
  return [
    `${r.code} ${r.percent}% off`,
    r.minimumOrderCents !== null ? `minimum order ${money(r.minimumOrderCents, r.currency)}` : r.currency && `in ${r.currency}`,
    r.country && `country ${r.country}`,
    r.userId !== null && `member ${r.userId}`,
    site ? `site ${site}` : r.userId === null && 'every site',
    r.expiresAt !== null && `until ${new Date(r.expiresAt).toISOString()}`,
    r.paymentMethods && `methods ${r.paymentMethods.join(',')}`,
    r.maxUses === null ? 'unlimited uses' : `${r.maxUses} use(s)`,
  ].filter(Boolean).join(', ');
}

function lineOf(r: ListedCode): string {
  const revenue = Object.entries(r.revenueCents).map(([cur, cents]) => money(cents, cur)).join(' + ') || '0.00';
  const reserved = r.reserved ? `, ${r.reserved} reserved` : '';
  return `${r.code}  ${r.status}  used ${r.used}${r.maxUses === null ? '' : `/${r.maxUses}`}${reserved}  revenue ${revenue}  [${describe(r)}]${r.campaign ? `  campaign ${r.campaign}` : ''}`;
}

function csvOf(rows: NewDiscountCode[], site?: string): string {
  const head = 'code,percentage,currency,minimum_order,country,site,expires,payment_methods,max_uses,campaign';
  const cell = (v: string | number | null) => (v === null ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const lines = rows.map((r) =>
    [r.code, r.percent, r.currency, r.minimumOrderCents === null ? null : (r.minimumOrderCents / 100).toFixed(2), r.country, site ?? null,
      r.expiresAt === null ? null : new Date(r.expiresAt).toISOString(), r.paymentMethods?.join(' ') ?? null, r.maxUses, r.campaign].map(cell).join(','),
  );
  return `${head}\n${lines.join('\n')}\n`;
}
