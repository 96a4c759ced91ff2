// amora profiles import FILE [--dry-run] [--site DOMAIN] — fictional profiles with their photos
// from a CSV or JSON file (format in README.md). Bad rows are reported and skipped; exit code 1
// when any row failed.
import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { ImportFormat, RowOutcome } from '../../server/services/profiles/profile-import-service.js';
import { CliError, withRuntime } from '../context.js';

export function registerProfiles(program: Command): void {
  const profiles = program.command('profiles').description('fictional profiles');

  profiles
    .command('import <file>')
    .description('import fictional profiles with their photos from a .csv or .json file (photo paths relative to the file)')
    .option('--dry-run', 'check every row and photo, write nothing')
    .option('--site <domain>', "accept only the countries this site offers, and prefer its language")
    .action(async (file: string, opts: { dryRun?: boolean; site?: string }) => {
      const path = resolve(file);
      const format = formatOf(path);
      const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
        throw new CliError(`cannot read ${file}: ${err.code ?? err.message}`);
      });
      await withRuntime(async ({ services }) => {
        const records = services.profileImport.parse(text, format);
        const summary = await services.profileImport.importRecords(records, {
          baseDir: dirname(path), dryRun: opts.dryRun, site: opts.site, onRow: (row) => printRow(row, Boolean(opts.dryRun)),
        });
        const line = `added ${summary.added}, skipped ${summary.skipped}, failed ${summary.failed}`;
        console.log(opts.dryRun ? `${line} (dry run, nothing written)` : line);
        if (summary.failed) process.exitCode = 1;
      });
    });
}

function formatOf(path: string): ImportFormat {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.json') return 'json';
  throw new CliError(`the file must end in .csv or .json, not "${ext || '(none)'}"`);
}

function printRow(row: RowOutcome, dryRun: boolean): void {
  if (row.outcome === 'failed') {
    for (const p of row.problems) console.error(`row ${row.row}: ${p.field}: ${p.message}`);
  } else if (row.outcome === 'skipped') {
    const where = row.duplicateOf === null ? 'an earlier row of this file' : `profile ${row.duplicateOf}`;
    console.log(`row ${row.row}: skipped ${row.name}, already there as ${where}`);
  } else {
    console.log(`row ${row.row}: ${dryRun ? 'would add' : `added profile ${row.profileId}`} ${row.name} with ${row.photos} photo(s)`);
  }
}
