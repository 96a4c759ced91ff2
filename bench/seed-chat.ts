// Bench data for the chat (DESIGN.md §8: at least 1,000,000 messages): conversations between seeded
// profiles, the bench member's inbox, and one conversation of 100,000 messages whose history page
// is measured. Multi-row inserts in batches, like seed-large.ts.
import type { Db } from '../server/db.js';
import { prng } from '../seeds/demo-seed.js';
import { insertRows, nextId } from './seed-large.js';

export const TOTAL_MESSAGES = 1_000_000;
export const LONG_CONVERSATION_MESSAGES = 100_000;
/** The bench member's other conversations (the /chats list). */
const INBOX_CONVERSATIONS = 40;
const MESSAGES_PER_CONVERSATION = 30;
/** Messages written per transaction. */
const CHUNK = 20_000;
const LINES = ['Hi there!', 'How was your day?', 'I love that photo of you.', 'Do you like hiking?', 'Coffee sometime?', 'Haha, that is funny', 'Where are you from?', 'I am free on Saturday.'];

export interface ChatSeed {
  messages: number;
  conversations: number;
  /** The conversation with LONG_CONVERSATION_MESSAGES messages, the bench member's. */
  longConversationId: number;
}

interface Conversation {
  id: number;
  a: number;
  b: number;
  messages: number;
}

export async function seedChat(db: Db, benchProfileId: number, opts: { total?: number; long?: number } = {}): Promise<ChatSeed> {
  const total = opts.total ?? TOTAL_MESSAGES;
  const long = Math.min(opts.long ?? LONG_CONVERSATION_MESSAGES, total);
  const rnd = prng(20261123);
  // Partners the member has not blocked and is not blocked by (bench-member.ts blocks a few).
  const blocked = new Set(
    ((await db('blocks').where('blocker_profile_id', benchProfileId).orWhere('blocked_profile_id', benchProfileId).select('blocker_profile_id', 'blocked_profile_id')) as { blocker_profile_id: number; blocked_profile_id: number }[]).flatMap(
      (r) => [Number(r.blocker_profile_id), Number(r.blocked_profile_id)],
    ),
  );
  const active = ((await db('profiles').where('status', 'active').whereNot('id', benchProfileId).orderBy('id').limit(200_000).pluck('id')) as number[]).map(Number);
  const partners = active.filter((id) => !blocked.has(id));
  let conversationId = await nextId(db, 'conversations');
  const conversations: Conversation[] = [];
  const seenPairs = new Set<string>();
  const add = (a: number, b: number, messages: number) => {
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (a === b || seenPairs.has(key)) return false;
    seenPairs.add(key);
    conversations.push({ id: conversationId++, a, b, messages });
    return true;
  };
  add(benchProfileId, partners[0]!, long);
  for (let i = 1; i <= INBOX_CONVERSATIONS && i < partners.length; i++) add(benchProfileId, partners[i]!, MESSAGES_PER_CONVERSATION);
  let left = total - conversations.reduce((s, c) => s + c.messages, 0);
  while (left > 0) {
    const n = Math.min(MESSAGES_PER_CONVERSATION, left);
    if (add(active[Math.floor(rnd() * active.length)]!, active[Math.floor(rnd() * active.length)]!, n)) left -= n;
  }

  const now = Date.now();
  const start = now - 60 * 86_400_000;
  await db.transaction(async (tx) => {
    const convRows: Record<string, unknown>[] = [];
    const participants: Record<string, unknown>[] = [];
    for (const c of conversations) {
      const [low, high] = c.a < c.b ? [c.a, c.b] : [c.b, c.a];
      convRows.push({ id: c.id, profile_low_id: low, profile_high_id: high, started_by_profile_id: c.a, last_message_at: now - c.id, created_at: start });
      participants.push({ conversation_id: c.id, profile_id: c.a, unread_count: 0, last_read_at: now, last_message_at: now - c.id });
      participants.push({ conversation_id: c.id, profile_id: c.b, unread_count: 0, last_read_at: now, last_message_at: now - c.id });
    }
    await insertRows(tx, 'conversations', convRows);
    await insertRows(tx, 'conversation_participants', participants);
  });

  // Messages in order of conversation, each conversation's spread over the last 60 days.
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    await db.transaction((tx) => insertRows(tx, 'messages', rows));
  };
  for (const c of conversations) {
    const step = Math.max(1, Math.floor((now - start - c.id) / c.messages));
    for (let m = 0; m < c.messages; m++) {
      const createdAt = start + m * step;
      batch.push({ conversation_id: c.id, sender_profile_id: m % 2 ? c.b : c.a, kind: 'text', body: LINES[(c.id + m) % LINES.length], credits_spent: 0, created_at: createdAt, read_at: createdAt });
      if (batch.length >= CHUNK) await flush();
    }
  }
  if (batch.length) await flush();
  return { messages: total, conversations: conversations.length, longConversationId: conversations[0]!.id };
}
