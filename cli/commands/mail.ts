// amora mail deliver|status — for cron and for looking at the outbox.
import type { Command } from 'commander';
import { withRuntime } from '../context.js';

export function registerMail(program: Command): void {
  const mail = program.command('mail').description('the outgoing mail queue');

  mail
    .command('deliver')
    .description('send the mails that are due (SMTP_URL, or .eml files in DATA_DIR/mail)')
    .option('--limit <n>', 'at most this many', (v) => Number.parseInt(v, 10), 200)
    .action(async (opts: { limit: number }) => {
      await withRuntime(async ({ services }) => {
        const sent = await services.mail.deliverDue({ limit: opts.limit });
        const counts = await services.mail.counts();
        console.log(`sent ${sent}; outbox: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ') || 'empty'}`);
      });
    });

  mail
    .command('status')
    .description('count the outbox by status')
    .action(async () => {
      await withRuntime(async ({ services }) => {
        const counts = await services.mail.counts();
        console.log(Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ') || 'outbox empty');
      });
    });
}
