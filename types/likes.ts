// Likes as pages, islands and GET /api/likes.php see them (SPEC.md §3 chat state, §7).
import type { ProfileCard } from './profiles.js';

export const LIKE_LIST_TYPES = ['received', 'sent', 'matches'] as const;
export type LikeListType = (typeof LIKE_LIST_TYPES)[number];

export interface LikedProfileCard extends ProfileCard {
  /** A received like the member has not looked at yet. */
  likeNew: boolean;
  likedAt: string;
}

/** A received like entry of GET /api/likes.php. */
export interface LikedByEntry {
  id: number;
  like_new: boolean;
}

export interface LikesApiAnswer {
  /** Cards of every profile in `liked_by` and `liked`, newest like first. */
  profiles: ProfileCard[];
  liked_by: LikedByEntry[];
  /** Profile ids the member has liked. */
  liked: number[];
  /** Profile ids that are a match (liked both ways). */
  matches: number[];
  num_new_likes: number;
}

/** What the like button, the swipe game and the match modal need to know of the other profile. */
export interface MatchProfile {
  id: number;
  name: string;
  photoUrl: string | null;
  /** The site's fictional_singular when the profile is fictional (SPEC.md §1), else absent or null. */
  fictionalLabel?: string | null;
}

export interface LikeAnswer {
  liked: boolean;
  match: boolean;
  profile: MatchProfile;
}

/** GET /api/auto-like.php: a profile that has just liked the member (SPEC.md §7). */
export interface AutoLikeAnswer {
  id: number;
  name: string;
  main_image: { match: string } | null;
  /** Automatic likes come from fictional profiles: the modal shows the site's label. */
  is_fictional: boolean;
}

export interface LikeButtonProps {
  profile: MatchProfile;
  liked: boolean;
  /** The member, for the match modal's pair of photos. */
  own: { name: string; photoUrl: string | null };
}

export interface MatchModalProps {
  profile: MatchProfile;
  kind: 'match' | 'likedYou';
  delaySeconds: number;
  own: { name: string; photoUrl: string | null };
}

export interface LikesInboxProps {
  received: LikedProfileCard[];
  total: number;
  fictionalLabel: string;
  /** How many cards the overview shows. */
  limit: number;
}

export interface SwipeStatus {
  used: number;
  remaining: number;
  max: number;
}

export interface SwipeGameProps {
  profiles: ProfileCard[];
  status: SwipeStatus;
  /** Passed profile ids so far (the no-JavaScript pass link carries them). */
  skip: number[];
  fictionalLabel: string;
  own: { name: string; photoUrl: string | null };
}

export interface SwipeAnswer extends LikeAnswer {
  status: SwipeStatus;
}
