// amora sites list|set
import type { Command } from 'commander';
import { DEFAULT_SETTINGS } from '../../server/services/sites/default-settings.js';
import { parseAssignments, withRuntime } from '../context.js';

export function registerSites(program: Command): void {
  const sites = program.command('sites').description('the domains this installation serves and their settings');

  sites
    .command('list')
    .description('list every site with its settings overrides')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withRuntime(async ({ services }) => {
        const list = await services.sites.list();
        if (opts.json) return console.log(JSON.stringify(list, null, 2));
        for (const s of list) {
          console.log(`${s.domain}  "${s.name}"  language=${s.language}  countries=${s.countries.join(',')}`);
          if (s.aliases.length) console.log(`  aliases: ${s.aliases.join(', ')}`);
          for (const [k, v] of Object.entries(s.stored)) console.log(`  ${k} = ${JSON.stringify(v)}`);
        }
        console.log(`${list.length} site(s)`);
      });
    });

  sites
    .command('add <domain> [assignments...]')
    .description('add a site, e.g. `sites add amora.example --name Amora countries=\'["GB","IE"]\' domain_language=en-GB`')
    .requiredOption('--name <name>', 'the site name shown to members')
    .option('--alias <host...>', 'further host names of the same site')
    .action(async (domain: string, assignments: string[], opts: { name: string; alias?: string[] }) => {
      const settings = parseAssignments(assignments);
      await withRuntime(async ({ services }) => {
        const site = await services.sites.add({ domain, name: opts.name, aliases: opts.alias ?? [], settings });
        console.log(`added ${site.domain} "${site.name}": ${JSON.stringify(site.stored)}`);
      });
    });

  sites
    .command('set <domain> [assignments...]')
    .description('set settings, e.g. `sites set nl.localhost signups=with_trafficsource countries=\'["NL","BE"]\'`')
    .option('--name <name>', 'rename the site')
    .option('--unset <keys>', 'comma-separated keys to reset to the default')
    .option('--dry-run', 'validate and show the result without saving')
    .action(async (domain: string, assignments: string[], opts: { name?: string; unset?: string; dryRun?: boolean }) => {
      const patch = parseAssignments(assignments);
      const unset = opts.unset ? opts.unset.split(',').map((s) => s.trim()).filter(Boolean) : [];
      const unknown = [...Object.keys(patch), ...unset].filter((k) => !(k in DEFAULT_SETTINGS) && !['index_title', 'description', 'fictional_warning', 'fictional_singular', 'fictional_plural'].includes(k));
      if (unknown.length) throw new Error(`unknown setting(s): ${unknown.join(', ')}`);
      await withRuntime(async ({ services }) => {
        const site = await services.sites.updateSettings(domain, patch, unset, { dryRun: opts.dryRun });
        if (opts.name && !opts.dryRun) await services.sites.rename(domain, opts.name);
        console.log(`${opts.dryRun ? 'dry run, not saved: ' : 'updated '}${site.domain}: ${JSON.stringify(site.stored)}`);
      });
    });
}
