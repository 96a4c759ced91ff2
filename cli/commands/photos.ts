// amora photos review [--approve ID...] [--reject ID...] [--limit N] [--dry-run] — members' pending
// photos: without flags it lists them oldest first with the path of the full picture to look at.
import type { Command } from 'commander';
import type { PhotoReviewService, ReviewOutcome } from '../../server/services/photos/photo-review-service.js';
import { CliError, withRuntime } from '../context.js';

export function registerPhotos(program: Command): void {
  const photos = program.command('photos').description("members' photos");

  photos
    .command('review')
    .description('list pending photos, or approve / reject them by id (rejected files are deleted)')
    .option('--approve <ids...>', 'photo ids to approve (space or comma separated)')
    .option('--reject <ids...>', 'photo ids to reject')
    .option('--limit <n>', 'how many pending photos to list', '50')
    .option('--dry-run', 'check the ids, change nothing')
    .action(async (opts: { approve?: string[]; reject?: string[]; limit: string; dryRun?: boolean }) => {
      const approve = parseIds(opts.approve);
      const reject = parseIds(opts.reject);
      const both = approve.filter((id) => reject.includes(id));
      if (both.length) throw new CliError(`photo(s) ${both.join(', ')} both approved and rejected`);
      await withRuntime(async ({ services }) => {
        if (!approve.length && !reject.length) return listPending(services.photoReview, parseLimit(opts.limit));
        const summary = await services.photoReview.review({ approve, reject }, { dryRun: opts.dryRun });
        for (const r of summary.results) printResult(r);
        const line = `approved ${summary.approved}, rejected ${summary.rejected}, skipped ${summary.skipped}`;
        console.log(opts.dryRun ? `${line} (dry run, nothing changed)` : line);
      });
    });
}

async function listPending(review: PhotoReviewService, limit: number): Promise<void> {
  const { photos, total } = await review.listPending(limit);
  for (const p of photos) {
    const created = new Date(p.createdAt).toISOString().slice(0, 16).replace('T', ' ');
    console.log(`photo ${p.id}  profile ${p.profileId} ${JSON.stringify(p.profileName)}  ${created} UTC  ${p.fullPath}`);
  }
  console.log(photos.length < total ? `${total} pending, showing the oldest ${photos.length}` : `${total} pending`);
}

function printResult(r: ReviewOutcome): void {
  if (r.outcome === 'skipped') console.log(`photo ${r.photoId}: skipped, ${r.reason}`);
  else if (r.outcome === 'approved') console.log(`photo ${r.photoId}: approved`);
  else {
    const main = r.newMainPhotoId === undefined ? '' : `; main photo of profile ${r.profileId} is now ${r.newMainPhotoId ?? 'none'}`;
    console.log(`photo ${r.photoId}: rejected, files deleted${main}`);
  }
}

function parseIds(values: string[] | undefined): number[] {
  const ids = (values ?? []).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  const bad = ids.filter((s) => !/^\d+$/.test(s));
  if (bad.length) throw new CliError(`not a photo id: ${bad.join(', ')}`);
  return [...new Set(ids.map(Number))];
}

function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--limit must be a positive whole number, not "${value}"`);
  return n;
}
