// What the icebreaker modal may say about a partner (SPEC.md §2): their city and one interest,
// preferring one the member shares, and only what the site shows on profiles anyway
// (visible_profile_fields). Asked for only when a conversation has no messages yet.
import type { Db } from '../../db.js';
import { cityOf, interestsOfPair } from '../../repos/icebreaker-repo.js';
import type { Viewer } from '../viewer.js';

export interface IcebreakerFacts {
  city: string | null;
  interestSlug: string | null;
  sharedInterest: boolean;
}

export class IcebreakerService {
  constructor(private readonly db: Db) {}

  async factsFor(viewer: Viewer, partnerProfileId: number, visibleFields: readonly string[]): Promise<IcebreakerFacts> {
    const showCity = visibleFields.includes('city');
    const showInterests = visibleFields.includes('interests');
    const [city, interests] = await Promise.all([
      showCity ? cityOf(this.db, partnerProfileId) : null,
      showInterests ? interestsOfPair(this.db, partnerProfileId, viewer.profileId) : { a: [] as string[], b: [] as string[] },
    ]);
    const shared = interests.a.find((slug) => interests.b.includes(slug));
    return { city: city?.trim() || null, interestSlug: shared ?? interests.a[0] ?? null, sharedInterest: shared !== undefined };
  }
}
