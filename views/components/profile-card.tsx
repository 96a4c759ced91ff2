// A profile in a result grid: a full-bleed portrait card (ProfileCardView) with the page's labels.
import type { ComponentProps } from 'react';
import { preload } from 'react-dom';
import type { ProfileCard as Card } from '../../types/profiles.js';
import { roundedDistance } from '../format.js';
import { usePage, type PageContext } from '../render-context.js';
import { ProfileCardView } from './profile-card-view.js';
import { presenceWords } from './presence-words.js';

type CardPage = Pick<PageContext, 't' | 'lng' | 'settings' | 'user'>;
type CardProfile = Card & { likeNew?: boolean };

/** "12 km away" on "near me" results; undefined elsewhere. */
function distanceLabel(page: CardPage, km: number | undefined): string | undefined {
  if (km === undefined) return undefined;
  const d = roundedDistance(page.lng, km, page.user?.profile.country);
  return d ? page.t(`distance.${d.unit}`, { distance: d.value }) : page.t('distance.nearby');
}

/**
 * Everything a card shows, in the page's language: ProfileCardView is a function of these alone,
 * so they also name its HTML where it is kept (server/render/kept-cards.ts).
 */
export function cardViewProps(page: CardPage, profile: CardProfile, priority: boolean, newBadge: boolean): ComponentProps<typeof ProfileCardView> {
  const { t, lng, settings } = page;
  const labels = {
    fictional: settings.fictional_singular,
    presence: profile.presence ? presenceWords(t, lng, profile.presence) : undefined,
    newTag: t('pages:likes.new'),
    country: t(`countries.${profile.country}`),
    distance: distanceLabel(page, profile.distanceKm),
  };
  return { profile, labels, priority, isNew: newBadge && !!profile.likeNew };
}

export function ProfileCard({ profile, priority = false, newBadge = false }: { profile: CardProfile; priority?: boolean; newBadge?: boolean }) {
  return <ProfileCardView {...cardViewProps(usePage(), profile, priority, newBadge)} />;
}

/** How many cards of a grid load their photo at once (above the fold on a phone and a desktop). */
export const PRIORITY_CARDS = 4;

export interface ProfileGridProps {
  profiles: CardProfile[];
  /** The first cards' photos load at once (above the fold), the rest lazily. */
  priorityCount?: number;
  newBadge?: boolean;
  /** The cards rendered before the page (server/render/kept-cards.ts); they are rendered here when absent. */
  html?: CardsHtml;
}

/** A grid's cards as HTML, and the photos that load at once, which the page preloads as React does for an eager <img>. */
export interface CardsHtml {
  html: string;
  preloadImages: string[];
}

export function ProfileGrid({ profiles, priorityCount = PRIORITY_CARDS, newBadge = false, html }: ProfileGridProps) {
  if (html !== undefined) {
    for (const href of html.preloadImages) preload(href, { as: 'image' });
    return <div className="grid" dangerouslySetInnerHTML={{ __html: html.html }} />;
  }
  return (
    <div className="grid">
      {profiles.map((p, i) => (
        <ProfileCard key={p.id} profile={p} priority={i < priorityCount} newBadge={newBadge} />
      ))}
    </div>
  );
}
