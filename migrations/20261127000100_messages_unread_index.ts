// Opening a conversation marks the partner's unread messages read (repos/chat-repo.ts markRead).
// Without an index on read_at that UPDATE read every message of the conversation on each visit:
// ~30 ms of CPU for a conversation of 100,000 messages (issue 17). With (conversation_id, read_at)
// it visits only the unread ones.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.index(['conversation_id', 'read_at'], 'messages_unread');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.dropIndex(['conversation_id', 'read_at'], 'messages_unread');
  });
}
