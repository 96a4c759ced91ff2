// What the landing pages show (SPEC.md §2 "Landing pages"): the server picks real, visible profiles
// of the site and counts them; every lander's view renders from these shapes.
import type { LanderMap } from './map.js';
import type { ProfileCard, ProfileDetail } from './profiles.js';

/**
 * A lander's slug variant (`/landers/{name}/{slug}`), resolved in this order: `women` / `men`, a
 * country code of the site (`ie`), a region of the site's countries by its name (`noord-holland`,
 * `new-south-wales`), an interest of the catalogue (`romance`). Anything else is the default.
 */
export type LanderVariant =
  | { kind: 'default' }
  | { kind: 'gender'; gender: 'male' | 'female' }
  | { kind: 'country'; country: string }
  | { kind: 'region'; country: string; region: string }
  | { kind: 'interest'; interest: string };

/** A profile on a lander: its card, when it was last active, and the start of its about text. */
export interface LanderProfile extends ProfileCard {
  /** At most ~140 characters, cut at a word; null when the profile wrote nothing. */
  teaser: string | null;
}

/** Real numbers for the page's claims; 0 means "do not claim it". */
export interface LanderCounts {
  /** Visible profiles of the shown gender in the shown place. */
  matching: number;
  /** Of those, active in the last 24 hours. */
  activeToday: number;
  /** Of those, active in the last 15 minutes (the site's "online"). */
  onlineNow: number;
  /** Every visible profile of the site (the "join N members" figure of the index page). */
  members: number;
}

export interface LanderSelection {
  variant: LanderVariant;
  /** Who the page shows. */
  gender: 'male' | 'female';
  /** Where the page's profiles and counts are from: a country (and region), or null for all the site's countries. */
  place: { country: string; region: string | null } | null;
  /** Most recently active first, the place's profiles before the others. */
  profiles: LanderProfile[];
  counts: LanderCounts;
}

/** What a lander's view receives. */
export interface LanderPageProps {
  selection: LanderSelection;
  /** Where every call to action leads: the lander itself with the signup open, the tracking query kept. */
  signupHref: string;
  /** The selection's map, for the landers that show one (registry.ts: LANDERS_WITH_MAP); null when it could not be drawn. */
  map?: LanderMap | null;
}

/** A member landing's optional theme (`/members/{id}/landing2/{slug}`): the headline; unknown slugs are the default. */
export const MEMBER_LANDING_THEMES = ['chat', 'flirt', 'match'] as const;
export type MemberLandingTheme = (typeof MEMBER_LANDING_THEMES)[number] | 'default';

export interface MemberLandingProps {
  profile: ProfileDetail;
  teaser: string | null;
  theme: MemberLandingTheme;
  /** `/members/{id}/signup` with the tracking query kept: signup preset to look for this profile. */
  signupHref: string;
}

/** Counts stop here (cheap at a million profiles); a count at the cap reads "100,000+". */
export const LANDER_COUNT_CAP = 100_000;
