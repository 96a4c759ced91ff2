// The markup of a profile card, shared by the server's grids and the likes island (which has no
// page context, so every label comes in as a prop): a full-bleed portrait with name, age, place
// and presence over a bottom gradient, the fictional label and "new" tag on top.
import type { ProfileCard } from '../../types/profiles.js';
import { PresenceBadge } from './presence-badge.js';

export interface ProfileCardLabels {
  /** The settings' fictional_singular, shown on fictional profiles. */
  fictional: string;
  /** This card's presence in words ("Online", "Active 5 minutes ago"); shown when the card has a presence. */
  presence?: string;
  /** Shown on a received like not looked at yet; omit where no such tag belongs. */
  newTag?: string;
  /** The place line when a profile has neither city nor region (the country's name). */
  country: string;
  /** "12 km away" ("near me" results only). */
  distance?: string;
}

export function ProfileCardView({ profile, labels, priority = false, isNew = false }: { profile: ProfileCard; labels: ProfileCardLabels; priority?: boolean; isNew?: boolean }) {
  const place = [...new Set([profile.city, profile.region].filter(Boolean))].join(', ') || labels.country;
  return (
    <a className="card" href={`/members/${profile.id}`} data-profile-id={profile.id}>
      <div className="card__photo">
        {profile.photo ? (
          <img src={profile.photo.thumbUrl} alt={profile.name} width={240} height={320} loading={priority ? 'eager' : 'lazy'} decoding="async" />
        ) : (
          <div className="card__nophoto" aria-hidden="true">{profile.name.slice(0, 1)}</div>
        )}
      </div>
      {(profile.isFictional || (isNew && labels.newTag)) && (
        <div className="card__tags">
          {profile.isFictional && <span className="tag tag--fictional">{labels.fictional}</span>}
          {isNew && labels.newTag && <span className="tag tag--new">{labels.newTag}</span>}
        </div>
      )}
      <div className="card__body">
        <span className="card__name">
          <span className="card__name-text">{profile.name}</span>
          <span className="card__age">, {profile.age}</span>
        </span>
        <span className="card__place">{place}</span>
        {labels.distance && (
          <span className="card__distance" data-testid="card-distance">
            <svg aria-hidden="true" width="12" height="12" viewBox="0 0 24 24"><path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" fill="currentColor" /></svg>
            {labels.distance}
          </span>
        )}
        {profile.presence && labels.presence && <PresenceBadge presence={profile.presence} label={labels.presence} className="card__presence" />}
      </div>
    </a>
  );
}
