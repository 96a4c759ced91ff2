// Turns profile rows into what a viewer may see.
import { ageOn } from '../../lib/dates.js';
import type { ProfileRow } from '../../repos/profiles-repo.js';
import type { ProfileCard } from '../../../types/profiles.js';
import type { FictionalPresence } from '../../../types/presence.js';
import { photoUrl } from '../media/photo-urls.js';
import { PresenceAnswers } from '../presence/presence-answers.js';

/** How a site shows profiles: where their photos are, and what its fictional profiles show as presence. */
export interface CardContext {
  cdnPrefix: string;
  fictionalPresence: FictionalPresence;
}

/** A card; its presence from the page's one lookup (`presence`), or none (mails). */
export function toProfileCard(r: ProfileRow, cdnPrefix: string, presence: PresenceAnswers = PresenceAnswers.NONE): ProfileCard {
  return {
    id: r.id,
    name: r.name,
    age: ageOn(r.birth_date),
    city: r.city,
    region: r.region,
    country: r.country,
    gender: r.gender,
    isFictional: Boolean(r.is_fictional),
    photo: r.main_file_key
      ? { url: photoUrl(cdnPrefix, r.main_file_key, 'full'), thumbUrl: photoUrl(cdnPrefix, r.main_file_key, 'thumb') }
      : null,
    presence: presence.of(r),
  };
}
