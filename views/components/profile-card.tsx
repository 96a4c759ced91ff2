// A profile in a result grid: photo, name, age and place, the fictional label when it applies.
import type { ProfileCard as Card } from '../../types/profiles.js';
import { usePage } from '../render-context.js';

export function ProfileCard({ profile, priority = false, newBadge = false }: { profile: Card & { likeNew?: boolean }; priority?: boolean; newBadge?: boolean }) {
  const { t, settings } = usePage();
  const place = [...new Set([profile.city, profile.region].filter(Boolean))].join(', ');
  return (
    <a className="card" href={`/members/${profile.id}`} data-profile-id={profile.id}>
      <div className="card__photo">
        {profile.photo ? (
          <img src={profile.photo.thumbUrl} alt={profile.name} width={240} height={320} loading={priority ? 'eager' : 'lazy'} decoding="async" />
        ) : (
          <div className="card__nophoto" aria-hidden="true">{profile.name.slice(0, 1)}</div>
        )}
        {profile.isFictional && <span className="tag tag--fictional">{settings.fictional_singular}</span>}
        {profile.online && <span className="dot dot--online" title={t('profile.online')} />}
        {newBadge && profile.likeNew && <span className="tag tag--new">{t('pages:likes.new')}</span>}
      </div>
      <div className="card__body">
        <span className="card__name">
          {profile.name}, {profile.age}
        </span>
        <span className="card__place">{place || t(`countries.${profile.country}`)}</span>
      </div>
    </a>
  );
}

export function ProfileGrid({ profiles, priorityCount = 4, newBadge = false }: { profiles: (Card & { likeNew?: boolean })[]; priorityCount?: number; newBadge?: boolean }) {
  return (
    <div className="grid">
      {profiles.map((p, i) => (
        <ProfileCard key={p.id} profile={p} priority={i < priorityCount} newBadge={newBadge} />
      ))}
    </div>
  );
}
