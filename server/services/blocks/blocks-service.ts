// Blocking (SPEC.md §4): a block first removes the likes and the conversation between the two, then
// records itself, in one transaction; from then on each is hidden from the other everywhere.
import type { Db } from '../../db.js';
import { NotFoundError } from '../../errors.js';
import * as blocksRepo from '../../repos/blocks-repo.js';
import { deleteLikesBetween } from '../../repos/likes-repo.js';
import { findProfile } from '../../repos/profiles-repo.js';
import type { Viewer } from '../viewer.js';

export class BlocksService {
  constructor(private readonly db: Db) {}

  async block(viewer: Viewer, targetId: number): Promise<{ name: string }> {
    const target = await findProfile(this.db, targetId);
    // Blocking works on hidden profiles too (the member may want to be sure), never on oneself.
    if (!target || targetId === viewer.profileId) throw new NotFoundError('profile_not_found');
    await this.db.transaction(async (tx) => {
      await deleteLikesBetween(tx, viewer.profileId, targetId);
      await blocksRepo.deleteConversationBetween(tx, viewer.profileId, targetId);
      await blocksRepo.insertBlock(tx, viewer.profileId, targetId, Date.now());
    });
    return { name: target.name };
  }

  /** Lifts the viewer's own block; a block the other member made stays. */
  async unblock(viewer: Viewer, targetId: number): Promise<{ name: string }> {
    const target = await findProfile(this.db, targetId);
    if (!target) throw new NotFoundError('profile_not_found');
    await blocksRepo.deleteBlock(this.db, viewer.profileId, targetId);
    return { name: target.name };
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
}
