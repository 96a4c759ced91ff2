// Chat (SPEC.md §4, DESIGN.md §6): a message and its debit are one transaction with a guarded
// update, so parallel sends can never overdraw; a retried send with the same client id is stored
// and charged once. Live events go out after the commit.
//
// Sending is the busiest write of the site (DESIGN.md §8 budgets 1,000 a second), so it reads what
// it needs in one statement before the transaction, and the transaction is the debit with its
// ledger row, the message and both participant rows: no read-backs, the answer and the live events
// are built from what was written.
import type { Db, Tx } from '../../db.js';
import { AppError, ForbiddenError, InsufficientCreditsError, NotFoundError, ValidationError } from '../../errors.js';
import { isUniqueViolation, retryOnDeadlock } from '../../lib/db-errors.js';
import { blockStateBetween } from '../../repos/blocks-repo.js';
import * as chatRepo from '../../repos/chat-repo.js';
import { storeSendInConversation } from '../../repos/chat-send-repo.js';
import { insertChatPhoto } from '../../repos/chat-photos-repo.js';
import { applyLedgerDelta, creditBalance } from '../../repos/credits-repo.js';
import { countUnreadMessages } from '../../repos/badges-repo.js';
import { findProfile } from '../../repos/profiles-repo.js';
import type { ChatPartner, ChatsAnswer, ChatSummary, Gift, MessagesPage, SendAnswer } from '../../../types/chat.js';
import type { LiveEvent } from '../../../types/events.js';
import { debitRefusal } from '../credits/spend-limit-service.js';
import { BlockedError } from '../likes/likes-service.js';
import type { MediaService } from '../media/media-service.js';
import { NO_NOTIFICATIONS, type EventNotifier } from '../notifications/notifications-service.js';
import type { PresenceService } from '../presence/presence-service.js';
import type { CardContext } from '../profiles/profile-views.js';
import type { MaybeViewer, Viewer } from '../viewer.js';
import { ChatPhotos, type StoredChatPhoto } from './chat-photos.js';
import { toChatMessage, toChatPartner, toChatSummary } from './chat-views.js';

export const FREE_CONVERSATION_LIMIT = 2;
/** The most conversations GET /api/chats.php answers at once (the whole list, without a cursor). */
const CHAT_LIST_LIMIT = 200;
/**
 * The conversations a chat page renders, and each further page of the list: it loads on from
 * GET /api/chats.php?before= as it is scrolled. Rendering every conversation made the list most of
 * the chat pages' cost.
 */
export const CHAT_LIST_PAGE = 20;
/** `?before=` of the list: chatsCursor() of its last entry (types/chat.ts). */
const CHATS_CURSOR = /^(\d{1,15})-(\d{1,10})$/;
const HISTORY_PAGE = 30;
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Where live events go: the events bus. */
export interface EventPublisher {
  publish(userId: number, event: LiveEvent): Promise<void>;
}

/** Re-reads and publishes a member's badge totals (BadgesService). */
export interface CountsPublisher {
  publishCounts(userId: number): Promise<void>;
  /** The same, folding a burst of changes into one read; `known`: totals read after the commit already. */
  publishCountsSoon(userId: number, known?: Extract<LiveEvent, { type: 'counts' }>): Promise<void>;
  /** Whether publishCountsSoon() would publish at once (else it folds, and known totals are not needed). */
  countsDueNow(userId: number): boolean;
}

export interface SendInput {
  /** An existing conversation of the member, or the profile to write to (opens one if needed). */
  conversationId?: number;
  profileId?: number;
  /** The text; with a photo, its optional caption. */
  body?: string;
  giftId?: number;
  /** An uploaded picture: a photo message. */
  photo?: Buffer;
  clientId: string;
}

export interface ChatPrices {
  messageCredits: number;
  giftCredits: number;
  photoCredits: number;
  messageLength: number;
}

interface Content {
  kind: 'text' | 'gift' | 'photo';
  body: string | null;
  gift: chatRepo.GiftRow | null;
  upload: Buffer | null;
  cost: number;
}

/** Whom a send goes to, once it may: the partner, their account, the pair's conversation if any, the sender's balance. */
interface Writable {
  partnerId: number;
  partnerUserId: number | null;
  conversationId: number | null;
  senderCredits: number;
}

/** What a send's transaction wrote. */
interface Stored {
  messageId: number;
  conversationId: number;
  opened: boolean;
  balance: number;
  leftToday?: number | null;
  photoId: number | null;
  now: number;
  /** The receiver's badge totals right after the commit, when the transaction read them. */
  receiverCounts?: { unread: number; likes: number };
}

/** A retried send that lost the race to its first try: answer with what the first try stored. */
class AlreadyStored extends Error {}

/** The list cursor `?before=` names; undefined when it is not one. */
export function chatListCursorOf(value: unknown): chatRepo.ChatListCursor | undefined {
  const m = typeof value === 'string' ? CHATS_CURSOR.exec(value) : null;
  return m ? { at: Number(m[1]), id: Number(m[2]) } : undefined;
}

export class ChatService {
  /** Photos sent in conversations: their files and who may fetch them. */
  readonly photos: ChatPhotos;

  constructor(
    private readonly db: Db,
    private readonly events: EventPublisher,
    private readonly badges: CountsPublisher,
    chatPhotoStore: MediaService,
    /** Who of the partners is online (the list's in one lookup). */
    private readonly presence: Pick<PresenceService, 'answersFor'>,
    /** Mail and push to the receiver, after the commit (NotificationsService). */
    private readonly notifier: EventNotifier = NO_NOTIFICATIONS,
  ) {
    this.photos = new ChatPhotos(db, chatPhotoStore);
  }

  async send(viewer: Viewer, input: SendInput, prices: ChatPrices): Promise<SendAnswer> {
    if (!CLIENT_ID.test(input.clientId)) throw new ValidationError({ client_id: 'invalidField' });
    const target = await this.targetOf(viewer, input);
    if (target?.replay_id) return this.answerFor(viewer, (await chatRepo.findMessage(this.db, Number(target.replay_id)))!, Number(target.sender_credits));
    if (!target) {
      // A retry whose conversation went meanwhile still gets what its first try stored.
      const first = await chatRepo.findMessageByClientId(this.db, viewer.profileId, input.clientId);
      if (first) return this.answerFor(viewer, first);
    }
    const content = await this.contentOf(input, prices);
    const to = this.writableTarget(viewer, input, target);
    // A photo is decoded and stored only for a member who can pay for it; the debit still decides.
    if (content.upload && to.senderCredits < content.cost) throw new InsufficientCreditsError();
    const photo = content.upload ? await this.photos.save(content.upload) : null;
    let stored: Stored;
    try {
      // Most sends are a text or a gift in a conversation that exists: their transaction goes in one go.
      const inConversation = to.conversationId !== null && content.kind !== 'photo' ? to.conversationId : null;
      stored = await retryOnDeadlock(() =>
        inConversation !== null
          ? this.storeInConversation(viewer, input.clientId, to, inConversation, content)
          : this.db.transaction((tx) => this.store(tx, viewer, input.clientId, to, content, photo)),
      );
    } catch (err) {
      if (photo) await this.photos.discard(photo.fileKey);
      if (!(err instanceof AlreadyStored) && !isUniqueViolation(err)) throw err;
      const first = await chatRepo.findMessageByClientId(this.db, viewer.profileId, input.clientId);
      if (!first) throw err;
      return this.answerFor(viewer, first);
    }
    const row: chatRepo.MessageRow = {
      id: stored.messageId, conversation_id: stored.conversationId, sender_profile_id: viewer.profileId, kind: content.kind, body: content.body,
      gift_id: content.gift?.id ?? null, gift_slug: content.gift?.slug ?? null, gift_image: content.gift?.image ?? null,
      photo_id: stored.photoId, photo_key: photo?.fileKey ?? null, photo_width: photo?.width ?? null, photo_height: photo?.height ?? null,
      credits_spent: content.cost, client_id: input.clientId, created_at: stored.now, read_at: null,
    };
    const credits = { credits: stored.balance, ...(stored.leftToday !== undefined ? { left_today: stored.leftToday } : {}) };
    await this.announce(viewer, to, row, credits, stored.receiverCounts);
    if (to.partnerUserId !== null) {
      await this.notifier.messageSent({ conversationId: stored.conversationId, senderProfileId: viewer.profileId, recipientProfileId: to.partnerId, recipientUserId: to.partnerUserId, opened: stored.opened });
    }
    return { message: toChatMessage(row, viewer.profileId), ...credits };
  }

  /** store() for a text or a gift in an existing conversation: the same writes, in one go (chat-send-repo.ts). */
  private async storeInConversation(viewer: Viewer, clientId: string, to: Writable, conversationId: number, content: Content): Promise<Stored> {
    const now = Date.now();
    const stored = await storeSendInConversation(this.db, {
      userId: viewer.userId, senderProfileId: viewer.profileId, receiverProfileId: to.partnerId, conversationId, kind: content.kind === 'gift' ? 'gift' : 'text',
      body: content.body, giftId: content.gift?.id ?? null, cost: content.cost, clientId, now,
      receiverCounts: to.partnerUserId !== null && this.badges.countsDueNow(to.partnerUserId),
    });
    // Refused: short of credits, or over the daily spending limit, told apart now (nothing was written).
    if (!stored) throw await debitRefusal(this.db, viewer.userId, content.cost, now);
    return { messageId: stored.messageId, conversationId, opened: false, balance: stored.balance, leftToday: stored.leftToday, photoId: null, now, receiverCounts: stored.receiverCounts };
  }

  /** The transaction: the debit first, then the conversation (opened if needed), the message and both participants. */
  private async store(tx: Tx, viewer: Viewer, clientId: string, to: Writable, content: Content, photo: StoredChatPhoto | null): Promise<Stored> {
    const now = Date.now();
    // The debit first: its guarded update locks the member's row, which queues this member's
    // parallel sends one behind the other (and the free-conversation count with them).
    const debit = await applyLedgerDelta(tx, {
      userId: viewer.userId, delta: -content.cost, reason: content.kind === 'text' ? 'message' : content.kind,
      reference: `client:${clientId}`, idempotencyKey: `send:${viewer.profileId}:${clientId}`,
    }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? new AlreadyStored() : err;
    });
    // Refused: short of credits, or over the daily spending limit (issue 18.3), told apart only now.
    if (debit === undefined) throw await debitRefusal(tx, viewer.userId, content.cost, now);
    const { balance, leftToday } = debit;
    // The conversation read before the transaction holds: only a block deletes one, and a block
    // landing in between fails the message's foreign key, so nothing is stored or charged.
    const opened = to.conversationId === null ? await this.conversationFor(tx, viewer, to.partnerId, now) : { id: to.conversationId, created: false };
    const conversationId = opened.id;
    const photoId = photo ? await insertChatPhoto(tx, { conversationId, senderProfileId: viewer.profileId, ...photo }, now) : null;
    const messageId = await chatRepo.insertMessage(
      tx,
      { conversationId, senderProfileId: viewer.profileId, kind: content.kind, body: content.body, giftId: content.gift?.id ?? null, photoId, credits: content.cost, clientId },
      now,
    );
    await chatRepo.recordDelivery(tx, conversationId, viewer.profileId, to.partnerId, now);
    return { messageId, conversationId, opened: opened.created, balance, leftToday, photoId, now };
  }

  private async targetOf(viewer: Viewer, input: SendInput): Promise<chatRepo.SendTargetRow | undefined> {
    if (input.conversationId !== undefined) return chatRepo.findSendTarget(this.db, viewer, { conversationId: input.conversationId }, input.clientId);
    if (input.profileId !== undefined) return chatRepo.findSendTarget(this.db, viewer, { profileId: input.profileId }, input.clientId);
    return undefined;
  }

  private async contentOf(input: SendInput, prices: ChatPrices): Promise<Content> {
    if (input.giftId !== undefined) {
      const gift = await chatRepo.findGift(this.db, input.giftId);
      if (!gift) throw new ValidationError({ gift: 'unknownGift' }, 'unknownGift');
      return { kind: 'gift', body: null, gift: { ...gift, id: Number(gift.id) }, upload: null, cost: gift.credits ?? prices.giftCredits };
    }
    const body = (input.body ?? '').replace(/\r\n/g, '\n').trim();
    if (!body && !input.photo) throw new ValidationError({ body: 'messageOrPhotoEmpty' }, 'messageOrPhotoEmpty');
    if ([...body].length > prices.messageLength) throw new ValidationError({ body: 'messageTooLong' }, 'messageTooLong', { body: { max: prices.messageLength } });
    if (input.photo) return { kind: 'photo', body: body || null, gift: null, upload: input.photo, cost: prices.photoCredits };
    return { kind: 'text', body, gift: null, upload: null, cost: prices.messageCredits };
  }

  /**
   * The partner a send goes to. Not found: another member's conversation, an unknown, hidden or own
   * profile, an account being deleted. Blocks either way stop writing; so does a partner who has
   * not confirmed the e-mail (SPEC.md §4).
   */
  private writableTarget(viewer: Viewer, input: SendInput, target: chatRepo.SendTargetRow | undefined): Writable {
    if (!target) {
      throw input.conversationId !== undefined ? new NotFoundError('conversation_not_found', 'conversationNotFound') : new NotFoundError('profile_not_found');
    }
    const partnerId = Number(target.partner_id);
    if (input.conversationId === undefined && (target.partner_status !== 'active' || partnerId === viewer.profileId)) throw new NotFoundError('profile_not_found');
    if (Number(target.blocked_by_me) > 0 || Number(target.blocked_me) > 0) throw new BlockedError();
    if (target.owner_status === 'pending_deletion' || target.owner_status === 'deleted') throw new NotFoundError('profile_not_found');
    if (target.owner_status === 'not_confirmed') throw new ForbiddenError('partner_not_confirmed', 'partnerNotConfirmed', { name: target.partner_name });
    return {
      partnerId,
      partnerUserId: target.partner_user_id === null ? null : Number(target.partner_user_id),
      conversationId: target.conversation_id === null ? null : Number(target.conversation_id),
      senderCredits: Number(target.sender_credits ?? 0),
    };
  }

  /** The pair's conversation, opened by this message when there is none yet (`created`). */
  private async conversationFor(tx: Tx, viewer: Viewer, partnerId: number, now: number): Promise<{ id: number; created: boolean }> {
    const existing = await chatRepo.findConversationBetween(tx, viewer.profileId, partnerId);
    if (existing) return { id: Number(existing.id), created: false };
    if (!viewer.premium && (await chatRepo.countStartedBy(tx, viewer.profileId)) >= FREE_CONVERSATION_LIMIT) {
      throw new AppError('conversation_limit', 403, 'freeConversationLimit', { max: FREE_CONVERSATION_LIMIT });
    }
    const { conversation, created } = await chatRepo.openConversation(tx, viewer.profileId, partnerId, now);
    return { id: Number(conversation.id), created };
  }

  async ownConversation(viewer: Viewer, conversationId: number): Promise<{ conversation: chatRepo.ConversationRow; partnerId: number }> {
    const c = await chatRepo.findConversation(this.db, conversationId);
    if (!c || (Number(c.profile_low_id) !== viewer.profileId && Number(c.profile_high_id) !== viewer.profileId)) throw new NotFoundError('conversation_not_found', 'conversationNotFound');
    return { conversation: c, partnerId: Number(c.profile_low_id) === viewer.profileId ? Number(c.profile_high_id) : Number(c.profile_low_id) };
  }

  private async answerFor(viewer: Viewer, row: chatRepo.MessageRow, credits?: number): Promise<SendAnswer> {
    return { message: toChatMessage(row, viewer.profileId), credits: credits ?? (await creditBalance(this.db, viewer.userId)) ?? 0 };
  }

  /** After the commit: the partner's pages get the message and new totals; the sender's other tabs too. */
  private async announce(
    viewer: Viewer, to: Writable, row: chatRepo.MessageRow, credits: { credits: number; left_today?: number | null }, receiverCounts?: { unread: number; likes: number },
  ): Promise<void> {
    // Published together: with Redis they go out in one write (node-redis pipelines the commands of
    // one tick), still in this order per member, as Redis handles one connection's commands in order.
    const published = [
      this.events.publish(viewer.userId, { type: 'message', message: toChatMessage(row, viewer.profileId) }),
      this.events.publish(viewer.userId, { type: 'credits', ...credits }),
    ];
    if (to.partnerUserId !== null) {
      published.push(this.events.publish(to.partnerUserId, { type: 'message', message: toChatMessage(row, to.partnerId) }));
      // The new totals: as the transaction read them after its commit, else read now.
      const counts = receiverCounts && ({ type: 'counts', num_unread_messages: receiverCounts.unread, num_new_likes: receiverCounts.likes } as const);
      published.push(this.badges.publishCountsSoon(to.partnerUserId, counts));
    }
    await Promise.all(published);
  }

  /** The disk path of a chat photo file for the media route; undefined unless the viewer is in its conversation. */
  photoFile(viewer: MaybeViewer, fileName: string): Promise<string | undefined> {
    return this.photos.fileFor(viewer, fileName);
  }

  /**
   * GET /api/chats.php: the member's conversations with unread counts, and the badge totals.
   * Without `before` the whole list (up to CHAT_LIST_LIMIT), as it always answered; with it, the
   * next page after that entry (the list loading on as it is scrolled).
   */
  async chats(viewer: Viewer, card: CardContext, numNewLikes: number, before?: chatRepo.ChatListCursor): Promise<ChatsAnswer> {
    const page = before ? { limit: CHAT_LIST_PAGE, before } : { limit: CHAT_LIST_LIMIT };
    const [list, total] = await Promise.all([this.chatList(viewer, card, page), countUnreadMessages(this.db, viewer.profileId)]);
    return { chats: list.chats, has_more: list.hasMore, num_unread_messages: total, num_new_likes: numNewLikes };
  }

  /** A page of the member's conversations, most recent first (the chat pages' list; their badge totals come with the session). */
  async chatList(viewer: Viewer, card: CardContext, page: { limit: number; before?: chatRepo.ChatListCursor }): Promise<{ chats: ChatSummary[]; hasMore: boolean }> {
    const rows = await chatRepo.listChats(this.db, viewer.profileId, page.limit + 1, page.before);
    const shown = rows.slice(0, page.limit);
    const presence = await this.presence.answersFor(shown, card.fictionalPresence);
    return { chats: shown.map((r) => toChatSummary(r, viewer.profileId, card.cdnPrefix, presence)), hasMore: rows.length > page.limit };
  }

  /**
   * The list as a conversation page shows it: the newest page, or down to the open conversation
   * when that one is older, so the list still marks it as the open one (as when it held them all).
   */
  async chatListShowing(viewer: Viewer, card: CardContext, openId: number | null): Promise<{ chats: ChatSummary[]; hasMore: boolean }> {
    const page = await this.chatList(viewer, card, { limit: CHAT_LIST_PAGE });
    if (openId === null || !page.hasMore || page.chats.some((c) => c.conversation.id === openId)) return page;
    const all = await this.chatList(viewer, card, { limit: CHAT_LIST_LIMIT });
    const at = all.chats.findIndex((c) => c.conversation.id === openId);
    // Not listed (deleted by the member until a new message comes): the newest page as usual.
    if (at < 0) return page;
    return { chats: all.chats.slice(0, at + 1), hasMore: all.hasMore || at + 1 < all.chats.length };
  }

  /** One page of a conversation's history, newest page first, oldest message first within it. */
  async history(viewer: Viewer, conversationId: number, beforeId?: number): Promise<MessagesPage> {
    await this.ownConversation(viewer, conversationId);
    return this.historyPage(viewer, conversationId, beforeId);
  }

  /** history() of a conversation known to be the member's. */
  private async historyPage(viewer: Viewer, conversationId: number, beforeId?: number): Promise<MessagesPage> {
    const rows = await chatRepo.listMessages(this.db, conversationId, HISTORY_PAGE + 1, beforeId);
    return { messages: rows.slice(0, HISTORY_PAGE).reverse().map((r) => toChatMessage(r, viewer.profileId)), has_more: rows.length > HISTORY_PAGE };
  }

  /**
   * /chats/{id}: the member's conversation opened, which reads it (SPEC.md §4): its partner (one
   * hidden since stays readable), one page of history, and the member's new unread total when
   * opening read something (null: nothing was unread, the totals stand).
   */
  async open(viewer: Viewer, conversationId: number, card: CardContext, beforeId?: number): Promise<{ partner: ChatPartner; history: MessagesPage; numUnreadMessages: number | null }> {
    // The history is asked with the conversation (one trip on MySQL, db-read-batch.ts) and used
    // only once the conversation is found to be the member's. Reading it on opening changes
    // nothing the history shows: a message shows read only to its sender (toChatMessage).
    const [row, history] = await Promise.all([chatRepo.findOpenedConversation(this.db, conversationId, viewer.profileId), this.historyPage(viewer, conversationId, beforeId)]);
    if (!row || row.partner_id === null) throw new NotFoundError('conversation_not_found', 'conversationNotFound');
    const read = await this.readOpened(viewer, row);
    const presence = await this.presence.answersFor([row], card.fictionalPresence);
    return { partner: toChatPartner({ ...row, id: row.partner_id }, card.cdnPrefix, presence), history, numUnreadMessages: read?.num_unread_messages ?? null };
  }

  /** Opening a conversation reads it: unread drops to zero, the partner gets a read receipt. */
  async markRead(viewer: Viewer, conversationId: number): Promise<{ num_unread_messages: number }> {
    const row = await chatRepo.findOpenedConversation(this.db, conversationId, viewer.profileId);
    if (!row) throw new NotFoundError('conversation_not_found', 'conversationNotFound');
    return (await this.readOpened(viewer, row)) ?? { num_unread_messages: await countUnreadMessages(this.db, viewer.profileId) };
  }

  /**
   * Reads what waits unread in an opened conversation; undefined when nothing did, and then
   * nothing is written or published (most openings: a conversation already read).
   */
  private async readOpened(viewer: Viewer, row: chatRepo.OpenedConversationRow): Promise<{ num_unread_messages: number } | undefined> {
    if (Number(row.unread_count ?? 0) === 0 && !Number(row.partner_unread)) return undefined;
    const conversationId = Number(row.id);
    const upTo = await chatRepo.markRead(this.db, conversationId, viewer.profileId, Date.now());
    const total = await countUnreadMessages(this.db, viewer.profileId);
    if (row.user_id && upTo) await this.events.publish(Number(row.user_id), { type: 'read', conversation_id: conversationId, up_to_id: upTo });
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
  async openWith(viewer: Viewer, profileId: number, card: CardContext): Promise<{ conversationId: number | null; partner: ChatPartner }> {
    const row = await findProfile(this.db, profileId);
    if (!row || row.status !== 'active' || Number(row.id) === viewer.profileId) throw new NotFoundError('profile_not_found');
    const blocks = await blockStateBetween(this.db, viewer.profileId, profileId);
    if (blocks.blockedMe) throw new ForbiddenError('blocked_by_profile', 'blockedBy', { name: row.name });
    if (blocks.blockedByMe) throw new BlockedError();
    const [existing, presence] = await Promise.all([
      chatRepo.findConversationBetween(this.db, viewer.profileId, profileId),
      this.presence.answersFor([row], card.fictionalPresence),
    ]);
    return { conversationId: existing ? Number(existing.id) : null, partner: toChatPartner(row, card.cdnPrefix, presence) };
  }

  async gifts(prices: Pick<ChatPrices, 'giftCredits'>): Promise<Gift[]> {
    return (await chatRepo.listGifts(this.db)).map((g) => ({ id: Number(g.id), slug: g.slug, image: g.image, credits: g.credits ?? prices.giftCredits }));
  }
}
