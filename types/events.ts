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
  /**
   * The member's credit balance changed; after a paid action also what is left of the daily
   * spending limit (null: no limit; absent: unchanged).
   */
  | { type: 'credits'; credits: number; left_today?: number | null }
  /**
   * Between processes only, never sent to a page: the member's page with this stream (every page
   * when null) reported itself hidden (POST /api/page-hidden.php), so its stream ends (issue 16).
   */
  | { type: 'page_hidden'; stream: string | null };

/** Live events the server keeps to itself (its processes tell each other), never written to a stream. */
export const SERVER_ONLY_EVENTS = ['page_hidden'] as const;

export type LiveEventType = LiveEvent['type'];
