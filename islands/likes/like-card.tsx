// A received like as a card inside an island: the same card as the server's grids.
import type { LikedProfileCard } from '../../types/likes.js';
import { presenceText } from '../../types/presence.js';
import { ProfileCardView } from '../../views/components/profile-card-view.js';
import { useIsland } from '../runtime.js';

export function LikeCard({ profile, fictionalLabel }: { profile: LikedProfileCard; fictionalLabel: string }) {
  const { t } = useIsland();
  const presence = profile.presence ? presenceText(t, profile.presence) : undefined;
  return <ProfileCardView profile={profile} labels={{ fictional: fictionalLabel, presence, newTag: t('new'), country: profile.country }} isNew={profile.likeNew} />;
}
