// Chat as pages, islands, the JSON API and live events see it (SPEC.md §3 chat state, §7).
import type { IcebreakerHints } from './icebreaker.js';
import type { PresenceView } from './presence.js';

/** The other member of a conversation, as a chat list or header shows them. */
export interface ChatPartner {
  id: number;
  name: string;
  age: number;
  photoUrl: string | null;
  isFictional: boolean;
  /** Online, or when last active; null shows nothing (issue 16). */
  presence: PresenceView | null;
  /** The account was erased: the islands show the localized "Deleted member", and nothing can be sent. */
  deleted: boolean;
}

/** One entry of GET /api/chats.php `chats` (SPEC.md §3: conversation.id, profile.id, num_unread_messages). */
export interface ChatSummary {
  conversation: {
    id: number;
    last_message_at: string | null;
    /** The last message's text (a photo's caption); null for gifts and photos without one. */
    last_message: string | null;
    last_message_kind: MessageKind | null;
    last_message_mine: boolean;
  };
  profile: ChatPartner;
  num_unread_messages: number;
}

export interface ChatsAnswer {
  chats: ChatSummary[];
  /** More conversations follow the last one: GET /api/chats.php?before={chatsCursor(last)} answers the next page. */
  has_more: boolean;
  /** Totals for the badges and the title prefix. */
  num_unread_messages: number;
  num_new_likes: number;
}

/**
 * Where the list goes on after this entry (the list is newest first: by the last message's time,
 * then by conversation id): "{last message time in ms}-{conversation id}", for `?before=` of
 * /chats and /api/chats.php.
 */
/** A cursor later than any conversation: GET /api/chats.php?before= with it answers the newest page. */
export const NEWEST_CHATS_CURSOR = '999999999999999-0';

export function chatsCursor(chat: ChatSummary): string {
  const at = chat.conversation.last_message_at ? Date.parse(chat.conversation.last_message_at) : 0;
  return `${at}-${chat.conversation.id}`;
}

/** 'deleted': the sender's account was erased; the partner sees "message deleted" in its place. */
export type MessageKind = 'text' | 'gift' | 'photo' | 'deleted';

/** A photo sent in a conversation; its URLs answer only the conversation's two members. */
export interface ChatPhoto {
  /** At most 480 px, the shape of the original: the bubble. */
  thumb: string;
  /** At most 1600 px: opened from the bubble. */
  full: string;
  width: number;
  height: number;
}

export interface ChatMessage {
  id: number;
  conversation_id: number;
  /** Sent by the member who receives this object. */
  mine: boolean;
  kind: MessageKind;
  /** The text; for a photo, its caption (or null). */
  body: string | null;
  gift: { id: number; slug: string; image: string } | null;
  photo: ChatPhoto | null;
  created_at: string;
  /** For own messages: the partner has read it. */
  read: boolean;
  /** The sender's id for safe retries; only on own messages. */
  client_id: string | null;
}

export interface MessagesPage {
  messages: ChatMessage[];
  /** Older messages exist before the first one. */
  has_more: boolean;
}

export interface SendAnswer {
  message: ChatMessage;
  /** The sender's balance after the debit. */
  credits: number;
  /** What is left of the sender's daily spending limit after a paid send; null without a limit. */
  left_today?: number | null;
}

export interface Gift {
  id: number;
  slug: string;
  image: string;
  credits: number;
}

/** The price of one message as the composer shows it before sending (SPEC.md §3, DESIGN.md §6). */
export interface ChatPriceInfo {
  messageCredits: number;
  /** settings.photo_credits: a photo message (its caption included). */
  photoCredits: number;
  /**
   * What one message costs in money in the member's currency, from the biggest bundle's rate to
   * the smallest's ("£1.24–£1.80"; BundlesService.messageMoneyLabel); null when no bundle is sold there.
   */
  money: string | null;
  messageLength: number;
}

/** An error of the no-JavaScript send form, localized on the server. */
export interface ChatFormError {
  message: string;
  /** Buying credits helps (not enough credits, the free members' conversation limit). */
  creditsLink: boolean;
}

/** Props of the chat pane island on /chats, /chats/{id} and /members/{id}/chat. */
export interface ChatPaneProps {
  /** The open conversation; null on /chats and before the first message to `partner`. */
  conversationId: number | null;
  /** Whom the open (or new) conversation is with; null on /chats, where none is chosen. */
  partner: ChatPartner | null;
  /** One page of history, oldest first: the newest page, or the one the no-JavaScript link asked for. */
  messages: ChatMessage[];
  hasMore: boolean;
  /** The page is an older one (?before=): newer messages exist after it. */
  hasNewer: boolean;
  /** The member's conversations for the list: the newest page (or the one `?before=` asked for without JavaScript). */
  chats: ChatSummary[];
  /** More conversations follow: the list loads them as it is scrolled (without JavaScript, a link pages on). */
  chatsHasMore: boolean;
  /** The list is a later page (/chats?before=): a link leads back to the newest conversations. */
  chatsPaged: boolean;
  credits: number;
  /** What is left of the member's daily spending limit today (issue 18.3); null without a limit. */
  leftToday: number | null;
  price: ChatPriceInfo;
  /** settings.fictional_singular, shown beside fictional partners' names. */
  fictionalLabel: string;
  /** The no-JavaScript form's client id, new on every render, so a re-posted form is stored once. */
  formClientId: string;
  formError: ChatFormError | null;
  /** The server's clock at render time (ISO): the first render in the browser matches the server's. */
  now: string;
  /** For a conversation with no messages yet: what the icebreaker's opening lines may mention; else null. */
  icebreaker: IcebreakerHints | null;
}
