// Blocking (SPEC.md §4): a block first removes the likes and the conversation between the two, then
// records itself, in one transaction; from then on each is hidden from the other everywhere. The
// open pages of both hear that the conversation is gone (after the commit). Unblocking lifts only
// the viewer's own block and brings nothing back: what the block deleted stays deleted.
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import { NotFoundError } from '../../errors.js';
import * as blocksRepo from '../../repos/blocks-repo.js';
import { deleteLikesBetween } from '../../repos/likes-repo.js';
import { findProfile } from '../../repos/profiles-repo.js';
import type { BlockedMember, BlockTarget } from '../../../types/blocks.js';
import type { BadgesService } from '../events/badges-service.js';
import type { EventBus } from '../events/event-bus.js';
import { photoUrl } from '../media/photo-urls.js';
import type { Viewer } from '../viewer.js';

/** More than anyone blocks; the settings list shows this many, newest first. */
const LISTED_BLOCKS = 500;

export interface BlocksLive {
  events: Pick<EventBus, 'publish'>;
  badges: Pick<BadgesService, 'publishCounts'>;
  logger: Logger;
}

export class BlocksService {
  constructor(
    private readonly db: Db,
    private readonly live?: BlocksLive,
  ) {}

  async block(viewer: Viewer, targetId: number): Promise<{ name: string }> {
    const target = await findProfile(this.db, targetId);
    // Blocking works on hidden profiles too (the member may want to be sure), never on oneself.
    if (!target || targetId === viewer.profileId) throw new NotFoundError('profile_not_found');
    const removed = await this.db.transaction(async (tx) => {
      await deleteLikesBetween(tx, viewer.profileId, targetId);
      const conversations = await blocksRepo.deleteConversationBetween(tx, viewer.profileId, targetId);
      await blocksRepo.insertBlock(tx, viewer.profileId, targetId, Date.now());
      return conversations;
    });
    const users = [viewer.userId, ...(target.user_id === null ? [] : [Number(target.user_id)])];
    await this.tellOpenPages(users, removed);
    return { name: target.name };
  }

  /** Lifts the viewer's own block; a block the other member made stays. `lifted`: there was one to lift. */
  async unblock(viewer: Viewer, targetId: number): Promise<{ name: string; lifted: boolean }> {
    const target = await findProfile(this.db, targetId);
    if (!target) throw new NotFoundError('profile_not_found');
    const lifted = await blocksRepo.deleteBlock(this.db, viewer.profileId, targetId);
    return { name: target.name, lifted };
  }

  /** Whom the block confirmation asks about; not found for an unknown profile or oneself. */
  async target(viewer: Viewer, targetId: number, cdnPrefix: string): Promise<BlockTarget> {
    const row = await findProfile(this.db, targetId);
    if (!row || targetId === viewer.profileId) throw new NotFoundError('profile_not_found');
    const state = await blocksRepo.blockStateBetween(this.db, viewer.profileId, targetId);
    // A profile that blocked the viewer shows no photo, as its page shows nothing of it.
    const photo = row.main_file_key && !state.blockedMe && row.status === 'active' ? photoUrl(cdnPrefix, row.main_file_key, 'thumb') : null;
    return { id: targetId, name: row.name, photoUrl: photo, blockedByMe: state.blockedByMe };
  }

  /** The members the viewer blocked, newest first, for "Blocked members" on /settings. */
  async listBlocked(viewer: Viewer, cdnPrefix: string): Promise<BlockedMember[]> {
    const rows = await blocksRepo.blockedBy(this.db, viewer.profileId, LISTED_BLOCKS);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      photoUrl: r.main_file_key ? photoUrl(cdnPrefix, r.main_file_key, 'thumb') : null,
      blockedAt: new Date(r.blocked_at).toISOString(),
    }));
  }

  /** The name of a profile the viewer has blocked (for the confirmation), else undefined. */
  async nameBlockedBy(viewer: Viewer, otherId: number): Promise<string | undefined> {
    const state = await blocksRepo.blockStateBetween(this.db, viewer.profileId, otherId);
    return state.blockedByMe ? (await findProfile(this.db, otherId))?.name : undefined;
  }

  stateWith(viewer: Viewer, otherId: number) {
    return blocksRepo.blockStateBetween(this.db, viewer.profileId, otherId);
  }

  /** Profiles the viewer must never be shown: blocked by them or blocking them. */
  hiddenFrom(viewer: Viewer): Promise<number[]> {
    return blocksRepo.blockedEitherWay(this.db, viewer.profileId);
  }

  /** Open chat pages drop the deleted conversation and their badges count without it; best effort. */
  private async tellOpenPages(userIds: number[], conversationIds: number[]): Promise<void> {
    if (!this.live || conversationIds.length === 0) return;
    const { events, badges, logger } = this.live;
    await Promise.all(
      userIds.map(async (userId) => {
        try {
          for (const id of conversationIds) await events.publish(userId, { type: 'conversation_removed', conversation_id: id });
          await badges.publishCounts(userId);
        } catch (err) {
          logger.warn({ err, userId }, 'block not told to open pages');
        }
      }),
    );
  }
}
