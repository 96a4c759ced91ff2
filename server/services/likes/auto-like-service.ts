// Automatic likes (GET /api/auto-like.php, SPEC.md §4 and §7). The documented rule:
//   - at most AUTO_LIKES_PER_DAY a UTC day per member, and none within AUTO_LIKE_GAP_MS of the last;
//   - the liker is an active fictional profile with an approved main photo, of the gender the
//     member looks for, that has not liked the member yet and is not blocked either way;
//   - from the member's own country first, then the site's other countries;
//   - the most recently active such profile wins (ties: the higher id).
// The like is stored as source 'auto' and is new for the member, like any other received like.
import type { Db } from '../../db.js';
import { blockedEitherWay } from '../../repos/blocks-repo.js';
import * as likesRepo from '../../repos/likes-repo.js';
import { findProfile, searchProfiles } from '../../repos/profiles-repo.js';
import * as quotas from '../../repos/quotas-repo.js';
import type { AutoLikeAnswer } from '../../../types/likes.js';
import { photoUrl } from '../media/photo-urls.js';
import { seekingOf } from '../search/search-service.js';
import type { CountsPublisher } from '../chat/chat-service.js';
import { NO_NOTIFICATIONS, type EventNotifier } from '../notifications/notifications-service.js';
import type { Viewer } from '../viewer.js';

export const AUTO_LIKES_PER_DAY = 3;
export const AUTO_LIKE_GAP_MS = 10 * 60_000;
const QUOTA_KIND = 'auto_like';

export class AutoLikeService {
  constructor(
    private readonly db: Db,
    private readonly badges: CountsPublisher,
    /** The member may be told by mail and push, as of any like. */
    private readonly notifier: EventNotifier = NO_NOTIFICATIONS,
  ) {}

  /** A fictional profile that has just liked the member, or null when the rule allows none now. */
  async next(viewer: Viewer, ctx: { siteCountries: string[]; cdnPrefix: string }, now = Date.now()): Promise<AutoLikeAnswer | null> {
    const own = await findProfile(this.db, viewer.profileId);
    if (!own || (await this.likedRecently(viewer.profileId, now))) return null;
    const hidden = await blockedEitherWay(this.db, viewer.profileId);
    const base = {
      gender: seekingOf(own.gender, own.sexuality), withPhoto: true, fictionalOnly: true,
      notLiking: viewer.profileId, excludeIds: [viewer.profileId, ...hidden],
    };
    const others = ctx.siteCountries.filter((c) => c !== own.country);
    let [liker] = await searchProfiles(this.db, { ...base, countries: [own.country] }, 1, 0);
    if (!liker && others.length) [liker] = await searchProfiles(this.db, { ...base, countries: others }, 1, 0);
    if (!liker) return null;
    const day = quotas.utcDay(now);
    await quotas.ensureQuotaRow(this.db, viewer.userId, QUOTA_KIND, day);
    const created = await this.db
      .transaction(async (tx) => {
        if (!(await quotas.takeQuota(tx, viewer.userId, QUOTA_KIND, day, AUTO_LIKES_PER_DAY))) return undefined;
        // A parallel call picked the same profile first: roll the quota back with this one.
        if (!(await likesRepo.insertLike(tx, liker.id, viewer.profileId, 'auto', now))) throw new LostRace();
        return { match: (await likesRepo.likeStateBetween(tx, liker.id, viewer.profileId)).likedBy };
      })
      .catch((err: unknown) => {
        if (err instanceof LostRace) return undefined;
        throw err;
      });
    if (!created) return null;
    await this.badges.publishCounts(viewer.userId);
    await this.notifier.liked({ fromProfileId: liker.id, toProfileId: viewer.profileId, match: created.match });
    return { id: liker.id, name: liker.name, main_image: liker.main_file_key ? { match: photoUrl(ctx.cdnPrefix, liker.main_file_key, 'thumb') } : null, is_fictional: Boolean(liker.is_fictional) };
  }

  private async likedRecently(profileId: number, now: number): Promise<boolean> {
    const last = await likesRepo.lastLikeReceivedAt(this.db, profileId, 'auto');
    return last !== null && now - last < AUTO_LIKE_GAP_MS;
  }
}

class LostRace extends Error {}
