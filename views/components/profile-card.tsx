// A profile in a result grid: a full-bleed portrait card (ProfileCardView) with the page's labels.
import type { ProfileCard as Card } from '../../types/profiles.js';
import { roundedDistance } from '../format.js';
import { usePage, type RenderState } from '../render-context.js';
import { ProfileCardView } from './profile-card-view.js';
import { presenceWords } from './presence-words.js';

/** "12 km away" on "near me" results; undefined elsewhere. */
function distanceLabel(page: RenderState, km: number | undefined): string | undefined {
  if (km === undefined) return undefined;
  const d = roundedDistance(page.lng, km, page.user?.profile.country);
  return d ? page.t(`distance.${d.unit}`, { distance: d.value }) : page.t('distance.nearby');
}

export function ProfileCard({ profile, priority = false, newBadge = false }: { profile: Card & { likeNew?: boolean }; priority?: boolean; newBadge?: boolean }) {
  const page = usePage();
  const { t, lng, settings } = page;
  const labels = {
    fictional: settings.fictional_singular,
    presence: profile.presence ? presenceWords(t, lng, profile.presence) : undefined,
    newTag: t('pages:likes.new'),
    country: t(`countries.${profile.country}`),
    distance: distanceLabel(page, profile.distanceKm),
  };
  return <ProfileCardView profile={profile} labels={labels} priority={priority} isNew={newBadge && !!profile.likeNew} />;
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
