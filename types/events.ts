// Live events (GET /api/events, server-sent events): what the server pushes to one member's open
// pages, in any app process (DESIGN.md §1, §2).
import type { ChatMessage } from './chat.js';

export type LiveEvent =
  /** A new message in one of the member's conversations (own messages too: other tabs). */
  | { type: 'message'; message: ChatMessage }
  /** The partner read the member's messages in a conversation up to this id. */
  | { type: 'read'; conversation_id: number; up_to_id: number }
  /** A conversation disappeared for the member (deleted on another tab, or a block). */
  | { type: 'conversation_removed'; conversation_id: number }
  /** Badge totals: SPEC.md §2 top bar, title prefix and app badge. */
  | { type: 'counts'; num_unread_messages: number; num_new_likes: number }
  /** The member's credit balance changed. */
  | { type: 'credits'; credits: number };

export type LiveEventType = LiveEvent['type'];
