// amora push deliver|status — the push outbox from cron (the server's own loop does the same every 5 s).
import type { Command } from 'commander';
import { withRuntime } from '../context.js';

const summary = (counts: Record<string, number>) => Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ') || 'empty';

export function registerPush(program: Command): void {
  const push = program.command('push').description('the outgoing web-push queue');

  push
    .command('deliver')
    .description('send the pushes that are due to the members\' browsers')
    .option('--limit <n>', 'at most this many', (v) => Number.parseInt(v, 10), 200)
    .action(async (opts: { limit: number }) => {
      await withRuntime(async ({ services }) => {
        const sent = await services.pushDelivery.deliverDue({ limit: opts.limit });
        console.log(`sent ${sent}; outbox: ${summary(await services.pushDelivery.counts())}`);
      });
    });

  push
    .command('status')
    .description('count the push outbox by status')
    .action(async () => {
      await withRuntime(async ({ services }) => console.log(`outbox: ${summary(await services.pushDelivery.counts())}`));
    });
}
