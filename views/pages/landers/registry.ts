// The built landers, by name (types/landers.ts names them all). Adding a lander: one entry here, its
// view in this folder, its stylesheet in views/styles/parts/landers/ (imported by landers.css) and
// its texts in locales/<lng>/landers.json under its name (title, description and its own keys).
// A name without an entry is the 404 page. A lander that draws a map is also in LANDERS_WITH_MAP:
// its route asks for the map (LandersService.map) and its view gets it as `map`.
import type { ComponentType } from 'react';
import type { LanderName } from '../../../types/landers.js';
import type { LanderPageProps } from '../../../types/lander-pages.js';
import { AdultOnlyLander } from './adultonly.js';
import { AloneTonightLander } from './alonetonight.js';
import { CollageLander } from './collagelanding.js';
import { GalleryLander } from './gallery.js';
import { IconsLander } from './iconslanding.js';
import { MapLander } from './maplanding.js';
import { SocialNetworkLander } from './socialnetwork.js';
import { TinderSwipeLander } from './tinderswipe.js';
import { TransitionsVideoLander } from './transitionsvideolanding.js';
import { VideoLander } from './video.js';
import { WhoNeedsStringsLander } from './whoneedsstrings.js';

export const LANDER_VIEWS: Partial<Record<LanderName, ComponentType<LanderPageProps>>> = {
  adultonly: AdultOnlyLander,
  tinderswipe: TinderSwipeLander,
  whoneedsstrings: WhoNeedsStringsLander,
  alonetonight: AloneTonightLander,
  collagelanding: CollageLander,
  gallery: GalleryLander,
  iconslanding: IconsLander,
  maplanding: MapLander,
  socialnetwork: SocialNetworkLander,
  transitionsvideolanding: TransitionsVideoLander,
  video: VideoLander,
};

/** The landers whose view shows the selection's map. */
export const LANDERS_WITH_MAP: ReadonlySet<LanderName> = new Set<LanderName>(['maplanding']);
