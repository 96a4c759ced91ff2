// The swipe game (SPEC.md §4, §9): one profile at a time, like or pass, at most 4 likes a UTC day.
// The daily count is taken with a guarded update in the like's own transaction, so parallel
// requests cannot pass the limit and a like that already existed costs nothing.
import type { Db } from '../../db.js';
import { RateLimitedError } from '../../errors.js';
import { blockedEitherWay } from '../../repos/blocks-repo.js';
import * as likesRepo from '../../repos/likes-repo.js';
import { birthBounds } from '../../lib/dates.js';
import { searchProfiles, type ProfileRow, type SearchFilter } from '../../repos/profiles-repo.js';
import * as quotas from '../../repos/quotas-repo.js';
import type { ProfileCard } from '../../../types/profiles.js';
import type { SwipeAnswer, SwipeStatus } from '../../../types/likes.js';
import type { PresenceService } from '../presence/presence-service.js';
import { toProfileCard, type CardContext } from '../profiles/profile-views.js';
import { memberPreferences } from '../search/search-preferences.js';
import type { Viewer } from '../viewer.js';
import { matchProfileOf, type LikesService } from './likes-service.js';

export const SWIPE_LIKES_PER_DAY = 4;
const QUOTA_KIND = 'swipe_like';

export class SwipeGameService {
  constructor(
    private readonly db: Db,
    private readonly likes: LikesService,
    private readonly presence: Pick<PresenceService, 'answersFor'>,
  ) {}

  async status(viewer: Viewer, now = Date.now()): Promise<SwipeStatus> {
    const used = await quotas.quotaUsed(this.db, viewer.userId, QUOTA_KIND, quotas.utcDay(now));
    return { used, remaining: Math.max(0, SWIPE_LIKES_PER_DAY - used), max: SWIPE_LIKES_PER_DAY };
  }

  /**
   * Profiles to judge: with an approved photo, of the gender the member looks for (their search
   * filters, remembered or default), not liked yet, not blocked either way; within their age range,
   * their country first, then the site's others; any age after that, so the game never runs dry
   * while there are people left. `skip` holds passed ids.
   */
  async candidates(viewer: Viewer, ctx: CardContext & { siteCountries: string[] }, skip: number[] = [], limit = 12): Promise<ProfileCard[]> {
    const prefs = await memberPreferences(this.db, viewer);
    if (!prefs) return [];
    const hidden = await blockedEitherWay(this.db, viewer.profileId);
    const { gender, country, minAge, maxAge } = prefs.filters;
    const first = country || prefs.homeCountry;
    const others = ctx.siteCountries.filter((c) => c !== first);
    const ages = birthBounds(minAge ?? undefined, maxAge ?? undefined);
    const passes: Partial<SearchFilter>[] = [
      { countries: first ? [first] : [], ...ages },
      { countries: others, ...ages },
      ...(minAge !== null || maxAge !== null ? [{ countries: ctx.siteCountries }] : []),
    ];
    const rows: ProfileRow[] = [];
    for (const pass of passes) {
      if (rows.length >= limit || !pass.countries?.length) continue;
      const excludeIds = [viewer.profileId, ...hidden, ...skip, ...rows.map((r) => r.id)];
      const f: SearchFilter = { countries: pass.countries, bornAfter: pass.bornAfter, bornBefore: pass.bornBefore, gender: gender || undefined, withPhoto: true, notLikedBy: viewer.profileId, excludeIds };
      rows.push(...(await searchProfiles(this.db, f, limit - rows.length, 0)));
    }
    const presence = await this.presence.answersFor(rows, ctx.fictionalPresence);
    return rows.map((r) => toProfileCard(r, ctx.cdnPrefix, presence));
  }

  async like(viewer: Viewer, targetId: number, cdnPrefix: string, now = Date.now()): Promise<SwipeAnswer> {
    const row = await this.likes.actionableTarget(this.db, viewer, targetId);
    const day = quotas.utcDay(now);
    await quotas.ensureQuotaRow(this.db, viewer.userId, QUOTA_KIND, day);
    const { match, created } = await this.db.transaction(async (tx) => {
      // The quota row first: its write lock queues this member's parallel swipes one by one.
      const state = await likesRepo.likeStateBetween(tx, viewer.profileId, targetId);
      if (state.liked) return { match: state.likedBy, created: false };
      if (!(await quotas.takeQuota(tx, viewer.userId, QUOTA_KIND, day, SWIPE_LIKES_PER_DAY))) {
        throw new RateLimitedError('swipeLimit', { max: SWIPE_LIKES_PER_DAY });
      }
      await likesRepo.insertLike(tx, viewer.profileId, targetId, 'swipe', now);
      return { match: state.likedBy, created: true };
    });
    if (created) await this.likes.announceLikeTo(targetId, viewer.profileId, match);
    return { liked: true, match, profile: matchProfileOf(row, cdnPrefix), status: await this.status(viewer, now) };
  }
}
