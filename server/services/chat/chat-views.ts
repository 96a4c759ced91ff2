// Message rows as one member sees them.
import { ageOn } from '../../lib/dates.js';
import type { ChatListRow, MessageRow } from '../../repos/chat-repo.js';
import type { ProfileRow } from '../../repos/profiles-repo.js';
import type { ChatMessage, ChatPartner, ChatSummary, MessageKind } from '../../../types/chat.js';
import { chatPhotoUrl, photoUrl } from '../media/photo-urls.js';
import { PresenceAnswers } from '../presence/presence-answers.js';

export function toChatMessage(r: MessageRow, viewerProfileId: number): ChatMessage {
  const mine = Number(r.sender_profile_id) === viewerProfileId;
  return {
    id: Number(r.id),
    conversation_id: Number(r.conversation_id),
    mine,
    kind: r.kind,
    body: r.body,
    gift: r.gift_id ? { id: Number(r.gift_id), slug: String(r.gift_slug), image: String(r.gift_image) } : null,
    photo: r.photo_key
      ? { thumb: chatPhotoUrl(r.photo_key, 'thumb'), full: chatPhotoUrl(r.photo_key, 'full'), width: Number(r.photo_width), height: Number(r.photo_height) }
      : null,
    created_at: new Date(Number(r.created_at)).toISOString(),
    read: mine && r.read_at !== null,
    client_id: mine ? r.client_id : null,
  };
}

export function toChatSummary(r: ChatListRow, viewerProfileId: number, cdnPrefix: string, presence: PresenceAnswers): ChatSummary {
  return {
    conversation: {
      id: Number(r.conversation_id),
      last_message_at: r.last_message_at ? new Date(Number(r.last_message_at)).toISOString() : null,
      last_message: r.last_kind === 'gift' ? null : r.last_body,
      last_message_kind: (r.last_kind as MessageKind | null) ?? null,
      last_message_mine: Number(r.last_sender) === viewerProfileId,
    },
    profile: toChatPartner({ ...r, id: r.partner_id }, cdnPrefix, presence),
    num_unread_messages: Number(r.unread_count),
  };
}

/** A profile as a conversation's header shows it (the chat pages). */
export function toChatPartner(
  r: Pick<ProfileRow, 'id' | 'user_id' | 'name' | 'birth_date' | 'main_file_key' | 'is_fictional' | 'status' | 'last_active_at'> & { owner_status?: string | null },
  cdnPrefix: string,
  presence: PresenceAnswers = PresenceAnswers.NONE,
): ChatPartner {
  return {
    id: Number(r.id),
    name: r.name,
    age: ageOn(r.birth_date),
    photoUrl: r.main_file_key ? photoUrl(cdnPrefix, r.main_file_key, 'thumb') : null,
    isFictional: Boolean(r.is_fictional),
    presence: presence.of(r),
    deleted: r.owner_status === 'deleted',
  };
}
