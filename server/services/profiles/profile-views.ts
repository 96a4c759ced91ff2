// Turns profile rows into what a viewer may see.
import { ageOn } from '../../lib/dates.js';
import type { ProfileRow } from '../../repos/profiles-repo.js';
import type { ProfileCard } from '../../../types/profiles.js';
import { photoUrl } from '../media/photo-urls.js';

const ONLINE_MS = 15 * 60 * 1000;

export function toProfileCard(r: ProfileRow, cdnPrefix: string, now = Date.now()): ProfileCard {
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
    online: now - Number(r.last_active_at) < ONLINE_MS,
  };
}
