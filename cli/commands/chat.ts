// amora chat inbox | reply | purge-photos — operators answer for fictional profiles: the
// conversations waiting for a reply (longest waiting first), and the reply, free for the operator
// and live for the member; and cron deletes the files of chat photos whose conversation is gone.
import type { Command } from 'commander';
import { DEFAULT_SETTINGS } from '../../server/services/sites/default-settings.js';
import { CliError, withRuntime } from '../context.js';

const positive = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`${name} must be a positive whole number, got "${v}"`);
  return n;
};

export function registerChat(program: Command): void {
  const chat = program.command('chat').description('conversations of fictional profiles');

  chat
    .command('inbox')
    .description('list conversations waiting for a fictional profile’s reply, longest waiting first')
    .option('--limit <n>', 'at most this many', positive('--limit'), 50)
    .option('--profile <id>', 'only this fictional profile', positive('--profile'))
    .action(async (opts: { limit: number; profile?: number }) => {
      await withRuntime(async ({ services }) => {
        const rows = await services.operatorChat.inbox({ limit: opts.limit, fictionalId: opts.profile });
        for (const r of rows) {
          const when = r.last_message_at ? new Date(Number(r.last_message_at)).toISOString().slice(0, 16).replace('T', ' ') : '-';
          const last = [r.last_kind === 'text' ? '' : `(${r.last_kind ?? 'gift'})`, r.last_body ?? ''].filter(Boolean).join(' ').replace(/\s+/g, ' ').slice(0, 80);
          console.log(`#${r.conversation_id}  ${when} UTC  ${r.member_name} (${r.member_id}) → ${r.fictional_name} (${r.fictional_id})  waiting ${r.waiting}: ${last}`);
        }
        console.log(`${rows.length} waiting`);
      });
    });

  chat
    .command('reply')
    .description('answer in a conversation as its fictional profile')
    .requiredOption('--conversation <id>', 'the conversation (see inbox)', positive('--conversation'))
    .requiredOption('--text <text>', 'the message')
    .action(async (opts: { conversation: number; text: string }) => {
      await withRuntime(async ({ services }) => {
        const message = await services.operatorChat.reply(opts.conversation, opts.text, { messageLength: DEFAULT_SETTINGS.message_length });
        console.log(`sent message ${message.id} in conversation #${opts.conversation}`);
      });
    });

  chat
    .command('purge-photos')
    .description('delete the files of chat photos whose conversation is gone (blocks, purged accounts); for cron')
    .option('--dry-run', 'only count them')
    .action(async (opts: { dryRun?: boolean }) => {
      await withRuntime(async ({ services }) => {
        const { photos } = await services.chat.photos.purgeOrphans({ dryRun: opts.dryRun });
        console.log(opts.dryRun ? `would delete ${photos} photos` : `deleted ${photos} photos`);
      });
    });
}
