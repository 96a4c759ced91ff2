// Chat (SPEC.md §4, DESIGN.md §6): a message and its debit are one transaction with a guarded
// update, so parallel sends can never overdraw; a retried send with the same client id is stored
// and charged once. Live events go out after the commit.
import type { Db, Tx } from '../../db.js';
import { AppError, ForbiddenError, InsufficientCreditsError, NotFoundError, ValidationError } from '../../errors.js';
import { isUniqueViolation, retryOnDeadlock } from '../../lib/db-errors.js';
import { blockStateBetween } from '../../repos/blocks-repo.js';
import * as chatRepo from '../../repos/chat-repo.js';
import { applyCreditDelta, creditBalance } from '../../repos/credits-repo.js';
import { countUnreadMessages } from '../../repos/badges-repo.js';
import { findProfile, ownerOfProfile } from '../../repos/profiles-repo.js';
import type { ChatMessage, ChatPartner, ChatsAnswer, Gift, MessagesPage, SendAnswer } from '../../../types/chat.js';
import type { LiveEvent } from '../../../types/events.js';
import { BlockedError } from '../likes/likes-service.js';
import type { Viewer } from '../viewer.js';
import { toChatMessage, toChatPartner, toChatSummary } from './chat-views.js';

export const FREE_CONVERSATION_LIMIT = 2;
const CHAT_LIST_LIMIT = 200;
const HISTORY_PAGE = 30;
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Where live events go: the events bus. */
export interface EventPublisher {
  publish(userId: number, event: LiveEvent): Promise<void>;
}

/** Re-reads and publishes a member's badge totals (BadgesService). */
export interface CountsPublisher {
  publishCounts(userId: number): Promise<void>;
}

export interface SendInput {
  /** An existing conversation of the member, or the profile to write to (opens one if needed). */
  conversationId?: number;
  profileId?: number;
  body?: string;
  giftId?: number;
  clientId: string;
}

export interface ChatPrices {
  messageCredits: number;
  giftCredits: number;
  messageLength: number;
}

/** A retried send that lost the race to its first try: answer with what the first try stored. */
class AlreadyStored extends Error {}

export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly events: EventPublisher,
    private readonly badges: CountsPublisher,
  ) {}

  async send(viewer: Viewer, input: SendInput, prices: ChatPrices): Promise<SendAnswer> {
    if (!CLIENT_ID.test(input.clientId)) throw new ValidationError({ client_id: 'invalidField' });
    const replay = await chatRepo.findMessageByClientId(this.db, viewer.profileId, input.clientId);
    if (replay) return this.answerFor(viewer, replay);
    const { kind, body, giftId, cost } = await this.contentOf(input, prices);
    const partnerId = await this.partnerFor(viewer, input);
    await this.assertMayWrite(viewer, partnerId);

    let stored: { messageId: number; balance: number };
    try {
      stored = await retryOnDeadlock(() =>
        this.db.transaction(async (tx) => {
          const now = Date.now();
          // The debit first: its guarded update locks the member's row, which queues this
          // member's parallel sends one behind the other (and the free-conversation count with them).
          const balance = await applyCreditDelta(tx, {
            userId: viewer.userId, delta: -cost, reason: kind === 'gift' ? 'gift' : 'message',
            reference: `client:${input.clientId}`, idempotencyKey: `send:${viewer.profileId}:${input.clientId}`,
          }).catch((err: unknown) => {
            throw isUniqueViolation(err) ? new AlreadyStored() : err;
          });
          if (balance === undefined) throw new InsufficientCreditsError();
          const conversationId = await this.conversationFor(tx, viewer, partnerId, now);
          await chatRepo.touchConversation(tx, conversationId, now);
          const messageId = await chatRepo.insertMessage(tx, { conversationId, senderProfileId: viewer.profileId, kind, body, giftId, credits: cost, clientId: input.clientId }, now);
          await chatRepo.recordDelivery(tx, conversationId, viewer.profileId, partnerId, now);
          return { messageId, balance };
        }),
      );
    } catch (err) {
      if (!(err instanceof AlreadyStored) && !isUniqueViolation(err)) throw err;
      const first = await chatRepo.findMessageByClientId(this.db, viewer.profileId, input.clientId);
      if (!first) throw err;
      return this.answerFor(viewer, first);
    }
    const row = (await chatRepo.findMessage(this.db, stored.messageId))!;
    await this.announce(viewer, partnerId, row, stored.balance);
    return { message: toChatMessage(row, viewer.profileId), credits: stored.balance };
  }

  private async contentOf(input: SendInput, prices: ChatPrices) {
    if (input.giftId !== undefined) {
      const gift = await chatRepo.findGift(this.db, input.giftId);
      if (!gift) throw new ValidationError({ gift: 'unknownGift' }, 'unknownGift');
      return { kind: 'gift' as const, body: null, giftId: gift.id, cost: gift.credits ?? prices.giftCredits };
    }
    const body = (input.body ?? '').replace(/\r\n/g, '\n').trim();
    if (!body) throw new ValidationError({ body: 'messageEmpty' }, 'messageEmpty');
    if ([...body].length > prices.messageLength) throw new ValidationError({ body: 'messageTooLong' }, 'messageTooLong', { body: { max: prices.messageLength } });
    return { kind: 'text' as const, body, giftId: null, cost: prices.messageCredits };
  }

  /** The other profile of the conversation; any conversation the member is not part of is not found. */
  private async partnerFor(viewer: Viewer, input: SendInput): Promise<number> {
    if (input.conversationId !== undefined) return (await this.ownConversation(viewer, input.conversationId)).partnerId;
    const target = input.profileId === undefined ? undefined : await findProfile(this.db, input.profileId);
    if (!target || target.status !== 'active' || target.id === viewer.profileId) throw new NotFoundError('profile_not_found');
    return target.id;
  }

  /** Blocks either way stop writing; so does a partner who has not confirmed the e-mail (SPEC.md §4). */
  private async assertMayWrite(viewer: Viewer, partnerId: number): Promise<void> {
    const blocks = await blockStateBetween(this.db, viewer.profileId, partnerId);
    if (blocks.blockedByMe || blocks.blockedMe) throw new BlockedError();
    const owner = await ownerOfProfile(this.db, partnerId);
    if (!owner || owner.status === 'pending_deletion' || owner.status === 'deleted') throw new NotFoundError('profile_not_found');
    if (owner.status === 'not_confirmed') {
      const partner = await findProfile(this.db, partnerId);
      throw new ForbiddenError('partner_not_confirmed', 'partnerNotConfirmed', { name: partner?.name ?? '' });
    }
  }

  private async conversationFor(tx: Tx, viewer: Viewer, partnerId: number, now: number): Promise<number> {
    const existing = await chatRepo.findConversationBetween(tx, viewer.profileId, partnerId);
    if (existing) return Number(existing.id);
    if (!viewer.premium && (await chatRepo.countStartedBy(tx, viewer.profileId)) >= FREE_CONVERSATION_LIMIT) {
      throw new AppError('conversation_limit', 403, 'freeConversationLimit', { max: FREE_CONVERSATION_LIMIT });
    }
    return Number((await chatRepo.openConversation(tx, viewer.profileId, partnerId, now)).conversation.id);
  }

  async ownConversation(viewer: Viewer, conversationId: number): Promise<{ conversation: chatRepo.ConversationRow; partnerId: number }> {
    const c = await chatRepo.findConversation(this.db, conversationId);
    if (!c || (Number(c.profile_low_id) !== viewer.profileId && Number(c.profile_high_id) !== viewer.profileId)) throw new NotFoundError('conversation_not_found', 'conversationNotFound');
    return { conversation: c, partnerId: Number(c.profile_low_id) === viewer.profileId ? Number(c.profile_high_id) : Number(c.profile_low_id) };
  }

  private async answerFor(viewer: Viewer, row: chatRepo.MessageRow): Promise<SendAnswer> {
    return { message: toChatMessage(row, viewer.profileId), credits: (await creditBalance(this.db, viewer.userId)) ?? 0 };
  }

  /** After the commit: the partner's pages get the message and new totals; the sender's other tabs too. */
  private async announce(viewer: Viewer, partnerId: number, row: chatRepo.MessageRow, balance: number): Promise<void> {
    const mine: ChatMessage = toChatMessage(row, viewer.profileId);
    await this.events.publish(viewer.userId, { type: 'message', message: mine });
    await this.events.publish(viewer.userId, { type: 'credits', credits: balance });
    const owner = await ownerOfProfile(this.db, partnerId);
    if (owner?.user_id) {
      await this.events.publish(Number(owner.user_id), { type: 'message', message: toChatMessage(row, partnerId) });
      await this.badges.publishCounts(Number(owner.user_id));
    }
  }

  /** GET /api/chats.php: the member's conversations with unread counts, and the badge totals. */
  async chats(viewer: Viewer, cdnPrefix: string, numNewLikes: number): Promise<ChatsAnswer> {
    const rows = await chatRepo.listChats(this.db, viewer.profileId, CHAT_LIST_LIMIT);
    const chats = rows.map((r) => toChatSummary(r, viewer.profileId, cdnPrefix));
    const total = await countUnreadMessages(this.db, viewer.profileId);
    return { chats, num_unread_messages: total, num_new_likes: numNewLikes };
  }

  /** One page of a conversation's history, newest page first, oldest message first within it. */
  async history(viewer: Viewer, conversationId: number, beforeId?: number): Promise<MessagesPage> {
    await this.ownConversation(viewer, conversationId);
    const rows = await chatRepo.listMessages(this.db, conversationId, HISTORY_PAGE + 1, beforeId);
    return { messages: rows.slice(0, HISTORY_PAGE).reverse().map((r) => toChatMessage(r, viewer.profileId)), has_more: rows.length > HISTORY_PAGE };
  }

  /** Opening a conversation reads it: unread drops to zero, the partner gets a read receipt. */
  async markRead(viewer: Viewer, conversationId: number): Promise<{ num_unread_messages: number }> {
    const { partnerId } = await this.ownConversation(viewer, conversationId);
    const upTo = await chatRepo.markRead(this.db, conversationId, viewer.profileId, Date.now());
    const total = await countUnreadMessages(this.db, viewer.profileId);
    const owner = await ownerOfProfile(this.db, partnerId);
    if (owner?.user_id && upTo) await this.events.publish(Number(owner.user_id), { type: 'read', conversation_id: conversationId, up_to_id: upTo });
    await this.badges.publishCounts(viewer.userId);
    return { num_unread_messages: total };
  }

  /** DELETE /api/chat.php: hides the conversation for this member until a new message arrives. */
  async remove(viewer: Viewer, conversationId: number): Promise<void> {
    await this.ownConversation(viewer, conversationId);
    await chatRepo.hideForParticipant(this.db, conversationId, viewer.profileId, Date.now());
    await this.events.publish(viewer.userId, { type: 'conversation_removed', conversation_id: conversationId });
    await this.badges.publishCounts(viewer.userId);
  }

  /**
   * /members/{id}/chat: the conversation with a profile when there is one, else whom a first
   * message would go to. Hidden, unknown and own profiles are not found; blocks as on the profile page.
   */
  async openWith(viewer: Viewer, profileId: number, cdnPrefix: string): Promise<{ conversationId: number | null; partner: ChatPartner }> {
    const row = await findProfile(this.db, profileId);
    if (!row || row.status !== 'active' || Number(row.id) === viewer.profileId) throw new NotFoundError('profile_not_found');
    const blocks = await blockStateBetween(this.db, viewer.profileId, profileId);
    if (blocks.blockedMe) throw new ForbiddenError('blocked_by_profile', 'blockedBy', { name: row.name });
    if (blocks.blockedByMe) throw new BlockedError();
    const existing = await chatRepo.findConversationBetween(this.db, viewer.profileId, profileId);
    return { conversationId: existing ? Number(existing.id) : null, partner: toChatPartner(row, cdnPrefix) };
  }

  /** /chats/{id}: the partner of the member's conversation (a partner hidden since stays readable). */
  async partnerIn(viewer: Viewer, conversationId: number, cdnPrefix: string): Promise<ChatPartner> {
    const { partnerId } = await this.ownConversation(viewer, conversationId);
    const row = await findProfile(this.db, partnerId);
    if (!row) throw new NotFoundError('conversation_not_found', 'conversationNotFound');
    return toChatPartner(row, cdnPrefix);
  }

  async gifts(prices: Pick<ChatPrices, 'giftCredits'>): Promise<Gift[]> {
    return (await chatRepo.listGifts(this.db)).map((g) => ({ id: Number(g.id), slug: g.slug, image: g.image, credits: g.credits ?? prices.giftCredits }));
  }
}
