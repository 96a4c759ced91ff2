// The conversation's messages in the browser: the stored ones by id, then the member's own sends
// that are still on their way (optimistic, keyed by their client id). One reducer merges what the
// history pages, send answers and live events bring, so nothing shows twice.
import type { ChatMessage } from '../../types/chat.js';

/** A picture chosen for sending: the file, and a local URL that shows it until the server's is known. */
export interface OutgoingPhoto {
  file: File;
  url: string;
  width: number;
  height: number;
}

/** What a send carries (a photo may carry `body` as its caption); a retry sends the same again with the same client id. */
export interface Outgoing {
  body?: string;
  gift?: { id: number; slug: string; image: string };
  photo?: OutgoingPhoto;
}

export interface Entry {
  key: string;
  message: ChatMessage;
  /** sent: stored on the server; sending: on its way; failed: the connection dropped, retry possible. */
  state: 'sent' | 'sending' | 'failed';
  outgoing?: Outgoing;
}

export type MessagesAction =
  | { type: 'merge'; messages: ChatMessage[] }
  | { type: 'pending'; clientId: string; conversationId: number; outgoing: Outgoing; at: string }
  | { type: 'failed' | 'retrying' | 'drop'; clientId: string }
  | { type: 'read'; upToId: number }
  | { type: 'reset' };

const stored = (m: ChatMessage): Entry => ({ key: `m${m.id}`, message: m, state: 'sent' });

export function initialEntries(messages: ChatMessage[]): Entry[] {
  return messages.map(stored);
}

function merge(entries: Entry[], incoming: ChatMessage[]): Entry[] {
  const ids = new Set(entries.filter((e) => e.state === 'sent').map((e) => e.message.id));
  const fresh = incoming.filter((m) => !ids.has(m.id));
  if (!fresh.length) return entries;
  const answered = new Set(fresh.map((m) => m.client_id).filter(Boolean));
  const kept = entries.filter((e) => e.state === 'sent' || !answered.has(e.key));
  const sent = [...kept.filter((e) => e.state === 'sent'), ...fresh.map(stored)].sort((a, b) => a.message.id - b.message.id);
  return [...sent, ...kept.filter((e) => e.state !== 'sent')];
}

export function messagesReducer(entries: Entry[], action: MessagesAction): Entry[] {
  switch (action.type) {
    case 'merge':
      return merge(entries, action.messages);
    case 'pending': {
      const { gift, photo } = action.outgoing;
      const message: ChatMessage = {
        id: 0, conversation_id: action.conversationId, mine: true, kind: gift ? 'gift' : photo ? 'photo' : 'text', body: action.outgoing.body ?? null,
        gift: gift ?? null, photo: photo ? { thumb: photo.url, full: photo.url, width: photo.width, height: photo.height } : null,
        created_at: action.at, read: false, client_id: action.clientId,
      };
      return [...entries, { key: action.clientId, message, state: 'sending', outgoing: action.outgoing }];
    }
    case 'failed':
    case 'retrying': {
      const state = action.type === 'failed' ? 'failed' : 'sending';
      return entries.map((e) => (e.key === action.clientId && e.state !== 'sent' ? { ...e, state } : e));
    }
    case 'drop':
      return entries.filter((e) => e.key !== action.clientId || e.state === 'sent');
    case 'read':
      return entries.map((e) => (e.message.mine && e.state === 'sent' && !e.message.read && e.message.id <= action.upToId ? { ...e, message: { ...e.message, read: true } } : e));
    case 'reset':
      return [];
  }
}
