// Likes and matches (SPEC.md §4): like and unlike are idempotent; a like facing one the other way
// is a match. Only visible profiles that are not blocked either way can be liked.
import type { Db, Runner } from '../../db.js';
import { AppError, NotFoundError } from '../../errors.js';
import { blockStateBetween } from '../../repos/blocks-repo.js';
import * as likesRepo from '../../repos/likes-repo.js';
import { findProfile, ownerOfProfile, type ProfileRow } from '../../repos/profiles-repo.js';
import type { CountsPublisher } from '../chat/chat-service.js';
import type { LikeAnswer, LikedProfileCard, LikeListType, LikesApiAnswer, MatchProfile } from '../../../types/likes.js';
import { NO_NOTIFICATIONS, type EventNotifier } from '../notifications/notifications-service.js';
import type { PresenceAnswers } from '../presence/presence-answers.js';
import type { PresenceService } from '../presence/presence-service.js';
import { toProfileCard, type CardContext } from '../profiles/profile-views.js';
import type { Viewer } from '../viewer.js';

export const LIKES_PAGE_SIZE = 24;
const API_LIMIT = 200;

export class BlockedError extends AppError {
  constructor() {
    super('blocked', 403, 'blockedProfile');
  }
}

export function matchProfileOf(row: ProfileRow, cdnPrefix: string): MatchProfile {
  const card = toProfileCard(row, cdnPrefix);
  return { id: card.id, name: card.name, photoUrl: card.photo?.thumbUrl ?? null };
}

export class LikesService {
  constructor(
    private readonly db: Db,
    private readonly badges: CountsPublisher,
    /** Who of the listed profiles is online (one lookup per page). */
    private readonly presence: Pick<PresenceService, 'answersFor'>,
    /** Mail and push to the liked member, after the commit (NotificationsService). */
    private readonly notifier: EventNotifier = NO_NOTIFICATIONS,
  ) {}

  private presenceFor(rows: ProfileRow[], card: CardContext): Promise<PresenceAnswers> {
    return this.presence.answersFor(rows, card.fictionalPresence);
  }

  /** The profile a viewer may act on: visible, not their own, not blocked either way. */
  async actionableTarget(db: Runner, viewer: Viewer, targetId: number): Promise<ProfileRow> {
    const row = await findProfile(db, targetId);
    if (!row || row.status !== 'active' || targetId === viewer.profileId) throw new NotFoundError('profile_not_found');
    const blocks = await blockStateBetween(db, viewer.profileId, targetId);
    if (blocks.blockedByMe || blocks.blockedMe) throw new BlockedError();
    return row;
  }

  async like(viewer: Viewer, targetId: number, cdnPrefix: string): Promise<LikeAnswer> {
    const row = await this.actionableTarget(this.db, viewer, targetId);
    const { created, match } = await this.db.transaction(async (tx) => {
      const created = await likesRepo.insertLike(tx, viewer.profileId, targetId, 'normal', Date.now());
      return { created, match: (await likesRepo.likeStateBetween(tx, viewer.profileId, targetId)).likedBy };
    });
    if (created) await this.announceLikeTo(targetId, viewer.profileId, match);
    return { liked: true, match, profile: matchProfileOf(row, cdnPrefix) };
  }

  async unlike(viewer: Viewer, targetId: number, cdnPrefix: string): Promise<LikeAnswer> {
    const row = await findProfile(this.db, targetId);
    if (!row || targetId === viewer.profileId) throw new NotFoundError('profile_not_found');
    await likesRepo.deleteLike(this.db, viewer.profileId, targetId);
    return { liked: false, match: false, profile: matchProfileOf(row, cdnPrefix) };
  }

  /** The two likes between the viewer and another profile; opening the profile clears "new". */
  async relationOnOpen(viewer: Viewer, otherId: number, known?: likesRepo.LikeState): Promise<{ liked: boolean; likedBy: boolean; match: boolean }> {
    const state = known ?? (await likesRepo.likeStateBetween(this.db, viewer.profileId, otherId));
    if (state.likedByNew) {
      await likesRepo.markLikeSeen(this.db, otherId, viewer.profileId);
      await this.badges.publishCounts(viewer.userId);
    }
    return { liked: state.liked, likedBy: state.likedBy, match: state.liked && state.likedBy };
  }

  /** /likes/m/{id}: the other profile and how the two stand; blocked either way is not found. */
  async relationWith(viewer: Viewer, otherId: number, card: CardContext) {
    const row = await this.actionableTarget(this.db, viewer, otherId).catch((err: unknown) => {
      throw err instanceof BlockedError ? new NotFoundError('profile_not_found') : err;
    });
    const [presence, relation] = await Promise.all([this.presenceFor([row], card), this.relationOnOpen(viewer, otherId)]);
    return { profile: toProfileCard(row, card.cdnPrefix, presence), relation };
  }

  async list(viewer: Viewer, type: LikeListType, page: number, card: CardContext) {
    const [rows, total] = await Promise.all([
      likesRepo.listLikes(this.db, viewer.profileId, type, LIKES_PAGE_SIZE + 1, (page - 1) * LIKES_PAGE_SIZE),
      likesRepo.countLikes(this.db, viewer.profileId, type),
    ]);
    const shown = rows.slice(0, LIKES_PAGE_SIZE);
    const presence = await this.presenceFor(shown, card);
    return {
      profiles: shown.map((r) => toLikedCard(r, card.cdnPrefix, presence)),
      total,
      page,
      hasMore: rows.length > LIKES_PAGE_SIZE,
    };
  }

  /** /likes: the first few of each list with their totals. */
  async overview(viewer: Viewer, card: CardContext, perList = 6) {
    const types = ['received', 'matches', 'sent'] as const;
    // The three totals in one statement.
    const [totals, ...lists] = await Promise.all([
      likesRepo.countAllLikes(this.db, viewer.profileId),
      ...types.map((type) => likesRepo.listLikes(this.db, viewer.profileId, type, perList, 0)),
    ]);
    // The three lists' presence in one lookup.
    const presence = await this.presenceFor(lists.flat(), card);
    const [received, matches, sent] = types.map((type, i) => ({ profiles: lists[i]!.map((r) => toLikedCard(r, card.cdnPrefix, presence)), total: totals[type] }));
    return { received: received!, matches: matches!, sent: sent! };
  }

  /** GET /api/likes.php (SPEC.md §7): received likes with their new flag, own likes, matches. */
  async apiState(viewer: Viewer, card: CardContext): Promise<LikesApiAnswer> {
    const [received, sent, numNew] = await Promise.all([
      likesRepo.listLikes(this.db, viewer.profileId, 'received', API_LIMIT, 0),
      likesRepo.listLikes(this.db, viewer.profileId, 'sent', API_LIMIT, 0),
      likesRepo.countNewLikes(this.db, viewer.profileId),
    ]);
    const sentIds = new Set(sent.map((r) => Number(r.id)));
    const presence = await this.presenceFor([...received, ...sent], card);
    const cards = new Map<number, ReturnType<typeof toProfileCard>>();
    for (const r of [...received, ...sent]) if (!cards.has(Number(r.id))) cards.set(Number(r.id), toProfileCard(r, card.cdnPrefix, presence));
    return {
      profiles: [...cards.values()],
      liked_by: received.map((r) => ({ id: Number(r.id), like_new: Boolean(r.like_new) })),
      liked: [...sentIds],
      matches: received.filter((r) => sentIds.has(Number(r.id))).map((r) => Number(r.id)),
      num_new_likes: numNew,
    };
  }

  /**
   * The liked member's Likes badge goes up live, and they may be told by mail and push (fictional
   * profiles have nobody to tell). `match`: the liked profile had liked `fromProfileId` before.
   */
  async announceLikeTo(profileId: number, fromProfileId: number, match: boolean): Promise<void> {
    const owner = await ownerOfProfile(this.db, profileId);
    if (!owner?.user_id) return;
    await this.badges.publishCounts(Number(owner.user_id));
    await this.notifier.liked({ fromProfileId, toProfileId: profileId, match });
  }

  countNew(profileId: number): Promise<number> {
    return likesRepo.countNewLikes(this.db, profileId);
  }
}

function toLikedCard(r: likesRepo.LikeListRow, cdnPrefix: string, presence?: PresenceAnswers): LikedProfileCard {
  return { ...toProfileCard(r, cdnPrefix, presence), likeNew: Boolean(r.like_new), likedAt: new Date(Number(r.liked_at)).toISOString() };
}
