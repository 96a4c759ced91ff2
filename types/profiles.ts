// Profile shapes shown on pages and given to islands.
import type { PresenceView } from './presence.js';

export interface PhotoView {
  id: number;
  /** What the viewer may see: the real picture, or the server-made blurred one. */
  url: string;
  thumbUrl: string;
  locked: boolean;
}

export interface ProfileCard {
  id: number;
  name: string;
  age: number;
  city: string | null;
  region: string | null;
  country: string;
  gender: 'male' | 'female';
  isFictional: boolean;
  photo: { url: string; thumbUrl: string } | null;
  /** Online, or when last active; null shows nothing (issue 16). */
  presence: PresenceView | null;
  /** "Near me" results: km from the searcher, when both places are known to a city or region. */
  distanceKm?: number;
}

/** How the viewing member stands to a profile; null for visitors and for one's own profile. */
export interface ProfileRelation {
  liked: boolean;
  likedBy: boolean;
  match: boolean;
  blockedByMe: boolean;
}

/** Who looks at a gallery decides what is locked and which message explains it. */
export type GalleryViewer = 'visitor' | 'free' | 'premium' | 'own';

export interface ProfileDetail extends ProfileCard {
  sexuality: string;
  about: string | null;
  attributes: { key: string; value: string }[];
  interests: string[];
  photos: PhotoView[];
  photoCount: number;
  galleryViewer: GalleryViewer;
  relation: ProfileRelation | null;
}

/** Props of the photo-gallery island. */
export interface GalleryProps {
  profileId: number;
  name: string;
  photos: PhotoView[];
  viewer: GalleryViewer;
  /** The settings' fictional_singular label, shown on the picture; null for real members. */
  fictionalLabel: string | null;
}

/** Values of the profile attributes (SPEC.md §3), as stored; labels replace spaces with "_". */
export const PROFILE_ATTRIBUTE_VALUES = {
  relationship_status: ['single', 'divorced', 'living together', 'married', 'widowed', 'unmarried'],
  hair_color: ['brunette', 'blond', 'brown', 'white', 'bald', 'black', 'dark blond', 'dark brown', 'gray', 'red', 'other'],
  eye_color: ['blue', 'green', 'hazel', 'brown'],
  body_type: ['slim', 'normal', 'fat'],
} as const;

export type ProfileAttribute = keyof typeof PROFILE_ATTRIBUTE_VALUES;
