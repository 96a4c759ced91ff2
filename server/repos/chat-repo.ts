// SQL for conversations and messages. A pair of profiles has one conversation (stored low id
// first); each member's view of it (unread count, hidden after delete, the time of its last
// message) is a participant row. conversations.last_message_at is only set when it is opened.
import { isSqlite, type Runner } from '../db.js';
import { batchedAllRows, batchedFirstRow } from '../db-read-batch.js';

export interface ConversationRow {
  id: number;
  profile_low_id: number;
  profile_high_id: number;
  started_by_profile_id: number;
}

export const pairOf = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

export async function findConversation(db: Runner, id: number): Promise<ConversationRow | undefined> {
  return (await db('conversations').where({ id }).first('id', 'profile_low_id', 'profile_high_id', 'started_by_profile_id')) as ConversationRow | undefined;
}

export async function findConversationBetween(db: Runner, a: number, b: number): Promise<ConversationRow | undefined> {
  const [low, high] = pairOf(a, b);
  return (await db('conversations').where({ profile_low_id: low, profile_high_id: high }).first('id', 'profile_low_id', 'profile_high_id', 'started_by_profile_id')) as
    | ConversationRow
    | undefined;
}

/** The partner's profile as the chat pages show it; user_id (null for fictional profiles) and status: what its presence shows. */
interface PartnerColumns {
  user_id: number | null;
  status: string;
  name: string;
  birth_date: string;
  is_fictional: number | boolean;
  last_active_at: number;
  main_file_key: string | null;
}

/** A member's conversation as /chats/{id} opens it: the conversation, its partner, and whether anything is unread. */
export interface OpenedConversationRow extends ConversationRow, PartnerColumns {
  /** The partner's profile (null if it is gone) and account status (null for fictional profiles). */
  partner_id: number | null;
  owner_status: string | null;
  /** The member's unread count, and whether a message of the partner's waits unread: opening it reads them. */
  unread_count: number | null;
  partner_unread: number | string;
}

/**
 * One statement for what opening a conversation needs; undefined unless it is the member's. The
 * unread partner message is looked up on the (conversation_id, read_at) index, so a long
 * conversation costs no more than a short one. A fixed text (batchedFirstRow): every /chats/{id} runs it.
 */
const OPENED_CONVERSATION = `SELECT c.id, c.profile_low_id, c.profile_high_id, c.started_by_profile_id,
    p.id AS partner_id, p.user_id, p.status, p.name, p.birth_date, p.is_fictional, p.last_active_at, ph.file_key AS main_file_key, u.status AS owner_status,
    cp.unread_count,
    EXISTS (SELECT 1 FROM messages AS um WHERE um.conversation_id = c.id AND um.read_at IS NULL AND um.sender_profile_id <> ?) AS partner_unread
  FROM conversations AS c
  LEFT JOIN conversation_participants AS cp ON cp.conversation_id = c.id AND cp.profile_id = ?
  LEFT JOIN profiles AS p ON p.id = CASE WHEN c.profile_low_id = ? THEN c.profile_high_id ELSE c.profile_low_id END
  LEFT JOIN photos AS ph ON ph.id = p.main_photo_id AND ph.status = 'active'
  LEFT JOIN users AS u ON u.id = p.user_id
  WHERE c.id = ? AND (c.profile_low_id = ? OR c.profile_high_id = ?)
  LIMIT 1`;

export function findOpenedConversation(db: Runner, conversationId: number, profileId: number): Promise<OpenedConversationRow | undefined> {
  const me = profileId;
  return batchedFirstRow<OpenedConversationRow>(db, OPENED_CONVERSATION, [me, me, me, conversationId, me, me]);
}

/** The pair's conversation, created by `starter` when it does not exist yet; `created` says which. */
export async function openConversation(db: Runner, starter: number, other: number, now: number): Promise<{ conversation: ConversationRow; created: boolean }> {
  const existing = await findConversationBetween(db, starter, other);
  if (existing) return { conversation: existing, created: false };
  const [low, high] = pairOf(starter, other);
  await db('conversations')
    .insert({ profile_low_id: low, profile_high_id: high, started_by_profile_id: starter, last_message_at: now, created_at: now })
    .onConflict(['profile_low_id', 'profile_high_id'])
    .ignore();
  // A locking read sees the latest committed row: a plain read inside MariaDB's repeatable-read
  // snapshot would miss the one the other member's transaction just committed.
  const q = db('conversations').where({ profile_low_id: low, profile_high_id: high }).first('id', 'profile_low_id', 'profile_high_id', 'started_by_profile_id');
  const conversation = (await (isSqlite(db) ? q : q.forUpdate())) as ConversationRow;
  // Lost a race to the other member starting it at the same moment: theirs, not ours.
  return { conversation, created: Number(conversation.started_by_profile_id) === starter };
}

export async function countStartedBy(db: Runner, profileId: number): Promise<number> {
  const row = await db('conversations').where('started_by_profile_id', profileId).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * The conversation row's write lock (MariaDB; SQLite's one connection runs one transaction at a
 * time): an operator's reply reads and writes both participant rows in its own order, so it
 * queues behind members' sends here rather than deadlocking with them.
 */
export async function lockConversation(db: Runner, id: number): Promise<void> {
  if (!isSqlite(db)) await db('conversations').where({ id }).forUpdate().first('id');
}

/**
 * What a send needs to know before its transaction, read in one statement: whom it goes to (the
 * profile, or the partner in the member's conversation), whether that account can receive it, the
 * pair's conversation, blocks either way, the sender's balance, and the message a retry with the
 * same client id already stored.
 */
export interface SendTargetRow {
  partner_id: number;
  partner_status: string;
  partner_name: string;
  partner_user_id: number | null;
  /** The partner's account status; null for fictional profiles (no account). */
  owner_status: string | null;
  conversation_id: number | null;
  blocked_by_me: number | string;
  blocked_me: number | string;
  replay_id: number | null;
  sender_credits: number | string | null;
}

export type SendTargetOf = { conversationId: number } | { profileId: number };

/** The columns of the send's target, `p` being the partner's profile and `u` its account (the sender: ?, ?, ?, ?, ?). */
const SEND_TARGET_COLUMNS = `p.id AS partner_id, p.status AS partner_status, p.name AS partner_name, p.user_id AS partner_user_id, u.status AS owner_status,
  (SELECT COUNT(*) FROM blocks AS b WHERE b.blocker_profile_id = ? AND b.blocked_profile_id = p.id) AS blocked_by_me,
  (SELECT COUNT(*) FROM blocks AS b WHERE b.blocked_profile_id = ? AND b.blocker_profile_id = p.id) AS blocked_me,
  (SELECT r.id FROM messages AS r WHERE r.sender_profile_id = ? AND r.client_id = ?) AS replay_id,
  (SELECT s.credits FROM users AS s WHERE s.id = ?) AS sender_credits`;

/** Through the member's conversation: the partner is its other profile. */
const SEND_TARGET_BY_CONVERSATION = `SELECT ${SEND_TARGET_COLUMNS}, c.id AS conversation_id
  FROM conversations AS c
  JOIN profiles AS p ON p.id = CASE WHEN c.profile_low_id = ? THEN c.profile_high_id ELSE c.profile_low_id END
  LEFT JOIN users AS u ON u.id = p.user_id
  WHERE c.id = ? AND (c.profile_low_id = ? OR c.profile_high_id = ?) LIMIT 1`;

/** To a profile: the pair's conversation, if there is one yet. */
const SEND_TARGET_BY_PROFILE = `SELECT ${SEND_TARGET_COLUMNS},
  (SELECT id FROM conversations WHERE profile_low_id = ? AND profile_high_id = ?) AS conversation_id
  FROM profiles AS p LEFT JOIN users AS u ON u.id = p.user_id
  WHERE p.id = ? LIMIT 1`;

/**
 * Undefined when the profile does not exist, or the conversation is not one of the sender's. A
 * fixed text, read together with those of other sends under way (batchedFirstRow): it runs before
 * every message sent.
 */
export async function findSendTarget(db: Runner, sender: { userId: number; profileId: number }, target: SendTargetOf, clientId: string): Promise<SendTargetRow | undefined> {
  const me = sender.profileId;
  const columns = [me, me, me, clientId, sender.userId];
  if ('conversationId' in target) return batchedFirstRow<SendTargetRow>(db, SEND_TARGET_BY_CONVERSATION, [...columns, me, target.conversationId, me, me]);
  const [low, high] = pairOf(me, target.profileId);
  return batchedFirstRow<SendTargetRow>(db, SEND_TARGET_BY_PROFILE, [...columns, low, high, target.profileId]);
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_profile_id: number;
  /** 'deleted' only by an account's erasure (erasure-repo.ts); never sent. */
  kind: 'text' | 'gift' | 'photo' | 'deleted';
  body: string | null;
  gift_id: number | null;
  gift_slug: string | null;
  gift_image: string | null;
  photo_id: number | null;
  photo_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
  credits_spent: number;
  client_id: string | null;
  created_at: number;
  read_at: number | null;
}

const MESSAGE_COLUMNS = [
  'm.id', 'm.conversation_id', 'm.sender_profile_id', 'm.kind', 'm.body', 'm.gift_id', 'g.slug as gift_slug', 'g.image as gift_image',
  'm.photo_id', 'ph.file_key as photo_key', 'ph.width as photo_width', 'ph.height as photo_height',
  'm.credits_spent', 'm.client_id', 'm.created_at', 'm.read_at',
];

/** Messages with what their gift or photo needs to be shown. */
const messagesWithContent = (db: Runner) =>
  db({ m: 'messages' }).leftJoin({ g: 'gifts' }, 'g.id', 'm.gift_id').leftJoin({ ph: 'chat_photos' }, 'ph.id', 'm.photo_id');

export async function findMessageByClientId(db: Runner, senderProfileId: number, clientId: string): Promise<MessageRow | undefined> {
  return (await messagesWithContent(db).where({ 'm.sender_profile_id': senderProfileId, 'm.client_id': clientId }).first(MESSAGE_COLUMNS)) as MessageRow | undefined;
}

export interface NewMessage {
  conversationId: number;
  senderProfileId: number;
  kind: 'text' | 'gift' | 'photo';
  body: string | null;
  giftId: number | null;
  photoId: number | null;
  credits: number;
  clientId: string;
}

export async function insertMessage(db: Runner, m: NewMessage, now: number): Promise<number> {
  const [id] = await db('messages').insert({
    conversation_id: m.conversationId, sender_profile_id: m.senderProfileId, kind: m.kind, body: m.body, gift_id: m.giftId,
    photo_id: m.photoId, credits_spent: m.credits, client_id: m.clientId, created_at: now,
  });
  return Number(id);
}

export async function findMessage(db: Runner, id: number): Promise<MessageRow | undefined> {
  return (await messagesWithContent(db).where('m.id', id).first(MESSAGE_COLUMNS)) as MessageRow | undefined;
}

/** One page of history: newest first, before an id when given, on the (conversation_id, id) index. Fixed texts: every conversation page runs one. */
const HISTORY = (before: boolean) => `SELECT m.id, m.conversation_id, m.sender_profile_id, m.kind, m.body, m.gift_id, g.slug AS gift_slug, g.image AS gift_image,
    m.photo_id, ph.file_key AS photo_key, ph.width AS photo_width, ph.height AS photo_height, m.credits_spent, m.client_id, m.created_at, m.read_at
  FROM messages AS m LEFT JOIN gifts AS g ON g.id = m.gift_id LEFT JOIN chat_photos AS ph ON ph.id = m.photo_id
  WHERE m.conversation_id = ?${before ? ' AND m.id < ?' : ''}
  ORDER BY m.id DESC
  LIMIT ?`;
const HISTORY_NEWEST = HISTORY(false);
const HISTORY_BEFORE = HISTORY(true);

/** Newest first, before `beforeId` when given: one page of history on the (conversation, id) index. */
export function listMessages(db: Runner, conversationId: number, limit: number, beforeId?: number): Promise<MessageRow[]> {
  return beforeId ? batchedAllRows<MessageRow>(db, HISTORY_BEFORE, [conversationId, beforeId, limit]) : batchedAllRows<MessageRow>(db, HISTORY_NEWEST, [conversationId, limit]);
}

/**
 * After a message: both members see the conversation again (a new one gets its two rows here) and
 * the receiver has one more unread, in one statement. The rows go in profile id order whoever
 * writes, so two members writing to each other lock them in the same order (no deadlock).
 */
export async function recordDelivery(db: Runner, conversationId: number, senderId: number, receiverId: number, now: number): Promise<void> {
  const row = (profileId: number) => ({ conversation_id: conversationId, profile_id: profileId, unread_count: profileId === receiverId ? 1 : 0, last_message_at: now, deleted_at: null });
  const added = isSqlite(db) ? 'conversation_participants.unread_count + excluded.unread_count' : 'unread_count + VALUES(unread_count)';
  await db('conversation_participants')
    .insert(pairOf(senderId, receiverId).map(row))
    .onConflict(['conversation_id', 'profile_id'])
    .merge({ last_message_at: now, deleted_at: null, unread_count: db.raw(added) });
}

/**
 * Marks the partner's messages read; returns the highest id read (0 when none). Both statements
 * stay within the conversation's newest or unread messages, whatever its length: the UPDATE finds
 * the unread ones by the (conversation_id, read_at) index, and the newest of the partner's is the
 * first one met walking (conversation_id, id) backwards, where MAX(id) with the sender condition
 * read every message.
 */
export async function markRead(db: Runner, conversationId: number, readerId: number, now: number): Promise<number> {
  await db('conversation_participants').where({ conversation_id: conversationId, profile_id: readerId }).update({ unread_count: 0, last_read_at: now });
  await db('messages').where('conversation_id', conversationId).whereNull('read_at').whereNot('sender_profile_id', readerId).update({ read_at: now });
  const row = (await db('messages').where('conversation_id', conversationId).whereNot('sender_profile_id', readerId).orderBy('id', 'desc').first('id')) as { id: number } | undefined;
  return Number(row?.id ?? 0);
}

/** Hides the conversation for this member until a new message arrives. */
export async function hideForParticipant(db: Runner, conversationId: number, profileId: number, now: number): Promise<void> {
  await db('conversation_participants').where({ conversation_id: conversationId, profile_id: profileId }).update({ deleted_at: now, unread_count: 0 });
}

export interface ChatListRow extends PartnerColumns {
  conversation_id: number;
  unread_count: number;
  last_message_at: number | null;
  partner_id: number;
  last_body: string | null;
  last_kind: string | null;
  last_sender: number | null;
  /** The partner's account status; null for fictional profiles. */
  owner_status: string | null;
}

/** Where a page of the chat list starts: after the conversation whose last message came at `at` (ms) with this id. */
export interface ChatListCursor {
  at: number;
  id: number;
}

/**
 * The member's visible conversations, most recent first (ties: the higher conversation id first),
 * with the partner and the last message, found by one lookup on the (conversation_id, id) index
 * per conversation. A fixed text: the chat pages run it on every request, and building it with
 * knex cost about as much as running it.
 *
 * MariaDB is told that index (lastMessageIndex): its statistics may make it take the
 * (conversation_id, read_at) index instead, which holds the ids too but not in order, and then it
 * reads and sorts every message of each conversation. On the bench's data that happened after
 * some 86,000 new messages: 50 ms for the list (a conversation of 100,000 messages in it), member
 * /chats at 38 requests a second instead of 430, with timeouts. SQLite plans it right as it is.
 */
const CHAT_LIST = (paged: boolean, hint: string) => `SELECT c.id AS conversation_id, cp.unread_count, cp.last_message_at, p.id AS partner_id, p.user_id, p.status, p.name, p.birth_date,
    p.is_fictional, p.last_active_at, ph.file_key AS main_file_key, u.status AS owner_status, lm.body AS last_body, lm.kind AS last_kind, lm.sender_profile_id AS last_sender
  FROM conversation_participants AS cp
  JOIN conversations AS c ON c.id = cp.conversation_id
  JOIN profiles AS p ON p.id = CASE WHEN c.profile_low_id = ? THEN c.profile_high_id ELSE c.profile_low_id END
  LEFT JOIN photos AS ph ON ph.id = p.main_photo_id AND ph.status = 'active'
  LEFT JOIN users AS u ON u.id = p.user_id
  LEFT JOIN messages AS lm ON lm.id = (SELECT x.id FROM messages AS x${hint} WHERE x.conversation_id = c.id ORDER BY x.id DESC LIMIT 1)
  WHERE cp.profile_id = ? AND cp.deleted_at IS NULL${paged ? ' AND (cp.last_message_at < ? OR (cp.last_message_at = ? AND cp.conversation_id < ?))' : ''}
  ORDER BY cp.last_message_at DESC, cp.conversation_id DESC
  LIMIT ?`;
const MYSQL_LAST_MESSAGE_HINT = ' FORCE INDEX (messages_conversation_id_id_index)';
/** The fixed texts, first page and after a cursor, per database. */
const CHAT_LISTS = {
  sqlite: { first: CHAT_LIST(false, ''), after: CHAT_LIST(true, '') },
  mysql: { first: CHAT_LIST(false, MYSQL_LAST_MESSAGE_HINT), after: CHAT_LIST(true, MYSQL_LAST_MESSAGE_HINT) },
};

/** The index hint for a read of a conversation's last message: MariaDB's only (see CHAT_LIST). */
function lastMessageIndex(db: Runner): string {
  return isSqlite(db) ? '' : MYSQL_LAST_MESSAGE_HINT;
}

/** Up to `limit` of the member's visible conversations, from the newest or after `before`. */
export async function listChats(db: Runner, profileId: number, limit: number, before?: ChatListCursor): Promise<ChatListRow[]> {
  const bindings = before ? [profileId, profileId, before.at, before.at, before.id, limit] : [profileId, profileId, limit];
  const texts = CHAT_LISTS[isSqlite(db) ? 'sqlite' : 'mysql'];
  return batchedAllRows<ChatListRow>(db, before ? texts.after : texts.first, bindings);
}

export interface GiftRow {
  id: number;
  slug: string;
  image: string;
  credits: number | null;
}

export async function listGifts(db: Runner): Promise<GiftRow[]> {
  return (await db('gifts').where('is_active', true).orderBy('position').select('id', 'slug', 'image', 'credits')) as GiftRow[];
}

export async function findGift(db: Runner, id: number): Promise<GiftRow | undefined> {
  return (await db('gifts').where({ id, is_active: true }).first('id', 'slug', 'image', 'credits')) as GiftRow | undefined;
}

export interface InboxRow {
  conversation_id: number;
  fictional_id: number;
  fictional_name: string;
  member_id: number;
  member_name: string;
  waiting: number;
  last_message_at: number | null;
  last_body: string | null;
  last_kind: string | null;
}

/** Conversations whose fictional side has unread messages, the longest waiting first. */
export async function operatorInbox(db: Runner, limit: number, fictionalId?: number): Promise<InboxRow[]> {
  const q = db({ cp: 'conversation_participants' })
    .join({ f: 'profiles' }, 'f.id', 'cp.profile_id')
    .join({ c: 'conversations' }, 'c.id', 'cp.conversation_id')
    .join({ m: 'profiles' }, function member() {
      this.on(db.raw('m.id = CASE WHEN c.profile_low_id = cp.profile_id THEN c.profile_high_id ELSE c.profile_low_id END'));
    })
    .where('f.is_fictional', true)
    .andWhere('cp.unread_count', '>', 0)
    .select(
      'c.id as conversation_id', 'f.id as fictional_id', 'f.name as fictional_name', 'm.id as member_id', 'm.name as member_name',
      'cp.unread_count as waiting', 'cp.last_message_at',
      db.raw(`(SELECT lm.body FROM messages AS lm${lastMessageIndex(db)} WHERE lm.conversation_id = c.id ORDER BY lm.id DESC LIMIT 1) AS last_body`),
      db.raw(`(SELECT lk.kind FROM messages AS lk${lastMessageIndex(db)} WHERE lk.conversation_id = c.id ORDER BY lk.id DESC LIMIT 1) AS last_kind`),
    )
    .orderBy('cp.last_message_at', 'asc')
    .limit(limit);
  if (fictionalId) q.andWhere('f.id', fictionalId);
  return (await q) as InboxRow[];
}
