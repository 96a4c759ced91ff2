// A received like as a card inside an island (the server's ProfileCard needs the page context).
import type { LikedProfileCard } from '../../types/likes.js';
import { useIsland } from '../runtime.js';

export function LikeCard({ profile, fictionalLabel }: { profile: LikedProfileCard; fictionalLabel: string }) {
  const { t } = useIsland();
  const place = [...new Set([profile.city, profile.region].filter(Boolean))].join(', ');
  return (
    <a className="card" href={`/members/${profile.id}`} data-profile-id={profile.id}>
      <div className="card__photo">
        {profile.photo ? (
          <img src={profile.photo.thumbUrl} alt={profile.name} width={240} height={320} loading="lazy" decoding="async" />
        ) : (
          <div className="card__nophoto" aria-hidden="true">{profile.name.slice(0, 1)}</div>
        )}
        {profile.isFictional && <span className="tag tag--fictional">{fictionalLabel}</span>}
        {profile.likeNew && <span className="tag tag--new">{t('new')}</span>}
      </div>
      <div className="card__body">
        <span className="card__name">
          {profile.name}, {profile.age}
        </span>
        <span className="card__place">{place || profile.country}</span>
      </div>
    </a>
  );
}
