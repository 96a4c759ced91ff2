// Operators answer for fictional profiles (issue 5): the inbox of conversations waiting for a
// fictional profile's reply, and the reply itself — free for the operator, live for the member.
import type { Db } from '../../db.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { retryOnDeadlock } from '../../lib/db-errors.js';
import * as chatRepo from '../../repos/chat-repo.js';
import { touchProfileActive } from '../../repos/presence-repo.js';
import { findProfile } from '../../repos/profiles-repo.js';
import type { ChatMessage } from '../../../types/chat.js';
import { NO_NOTIFICATIONS, type EventNotifier } from '../notifications/notifications-service.js';
import type { CountsPublisher, EventPublisher } from './chat-service.js';
import { toChatMessage } from './chat-views.js';

export class OperatorChatService {
  constructor(
    private readonly db: Db,
    private readonly events: EventPublisher,
    private readonly badges: CountsPublisher,
    /** The member may be told by mail and push, as of any other message. */
    private readonly notifier: EventNotifier = NO_NOTIFICATIONS,
  ) {}

  inbox(opts: { limit?: number; fictionalId?: number } = {}): Promise<chatRepo.InboxRow[]> {
    return chatRepo.operatorInbox(this.db, Math.min(opts.limit ?? 50, 500), opts.fictionalId);
  }

  /** The fictional side's reply in a conversation; reading the member's messages on the way. */
  async reply(conversationId: number, body: string, opts: { messageLength: number }): Promise<ChatMessage> {
    const c = await chatRepo.findConversation(this.db, conversationId);
    if (!c) throw new NotFoundError('conversation_not_found', 'conversationNotFound');
    const [low, high] = await Promise.all([findProfile(this.db, Number(c.profile_low_id)), findProfile(this.db, Number(c.profile_high_id))]);
    const fictional = [low, high].find((p) => p && Boolean(p.is_fictional));
    const member = [low, high].find((p) => p && p !== fictional);
    if (!fictional || !member) throw new ValidationError({ conversation: 'notFictionalConversation' }, 'notFictionalConversation');
    const text = body.replace(/\r\n/g, '\n').trim();
    if (!text) throw new ValidationError({ body: 'messageEmpty' }, 'messageEmpty');
    if ([...text].length > opts.messageLength) throw new ValidationError({ body: 'messageTooLong' }, 'messageTooLong', { body: { max: opts.messageLength } });
    const clientId = `op${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    const { messageId, readUpTo } = await retryOnDeadlock(() =>
      this.db.transaction(async (tx) => {
        const now = Date.now();
        await chatRepo.lockConversation(tx, conversationId);
        const readUpTo = await chatRepo.markRead(tx, conversationId, fictional.id, now);
        const messageId = await chatRepo.insertMessage(tx, { conversationId, senderProfileId: fictional.id, kind: 'text', body: text, giftId: null, photoId: null, credits: 0, clientId }, now);
        await chatRepo.recordDelivery(tx, conversationId, fictional.id, member.id, now);
        // The profile was active: what its presence shows under `fictional_presence=last_active`.
        await touchProfileActive(tx, fictional.id, now);
        return { messageId, readUpTo };
      }),
    );
    const row = (await chatRepo.findMessage(this.db, messageId))!;
    if (member.user_id) {
      const userId = Number(member.user_id);
      if (readUpTo) await this.events.publish(userId, { type: 'read', conversation_id: conversationId, up_to_id: readUpTo });
      await this.events.publish(userId, { type: 'message', message: toChatMessage(row, member.id) });
      await this.badges.publishCounts(userId);
      await this.notifier.messageSent({ conversationId, senderProfileId: fictional.id, recipientProfileId: member.id, opened: false });
    }
    return toChatMessage(row, fictional.id);
  }
}
