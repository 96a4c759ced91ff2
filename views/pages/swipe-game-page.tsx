// /swipe-game: the game island, with the day's remaining likes; works as forms without JavaScript.
import SwipeGame from '../../islands/swipe-game.island.js';
import type { SwipeStatus } from '../../types/likes.js';
import type { ProfileCard } from '../../types/profiles.js';
import { DiscoverTabs } from '../components/discover-tabs.js';
import { Island } from '../components/island.js';
import { usePage } from '../render-context.js';

export function SwipeGamePage({ profiles, status, skip, matched }: { profiles: ProfileCard[]; status: SwipeStatus; skip: number[]; matched: boolean }) {
  const { t, user, settings } = usePage();
  return (
    <div className="container section swipe-page">
      <DiscoverTabs current="/swipe-game" />
      <h1 className="page-title">{t('pages:swipeGame.title')}</h1>
      <p className="lead">{t('pages:swipeGame.intro', { max: status.max })}</p>
      {matched && <p className="notice notice--success" role="status">{t('pages:swipeGame.matched')}</p>}
      <Island
        name="swipe-game"
        component={SwipeGame}
        section="likes"
        props={{ profiles, status, skip, fictionalLabel: settings.fictional_singular, own: { name: user!.profile.name, photoUrl: user!.profile.main_image?.match ?? null } }}
      />
    </div>
  );
}
