// The HTML of profile cards, kept by what they show. A card is a function of its props alone
// (ProfileCardView reads no context), and the same profile with the same words is the same card for
// every member who sees it: the most active profiles are on nearly every member's first search page.
// React renders element by element, and a grid of 24 cards (about 240 elements) was the largest
// part of a member's search page: 204 µs inline against 65 µs kept, on the bench machine (issue 17).
//
// The cards are rendered here, before the page, each on its own (renderToString is not to be
// nested inside the page's render), and the grid takes them as HTML (ProfileGrid's `html`). A card
// not kept costs what it cost inline. The key is the props' JSON: any change to what a card shows
// (a photo, a name, a label in another language) is another card, never a stale one. Of a presence
// the card shows its state and its words (the label), not its minutes: "Active 3 hours ago" is one
// card for an hour, not sixty (test/unit/kept-cards.test.ts holds the view to that).
import { createElement } from 'react';
import { LRUCache } from 'lru-cache';
import { cardViewProps, PRIORITY_CARDS, type CardsHtml, type ProfileGridProps } from '../../views/components/profile-card.js';
import { ProfileCardView } from '../../views/components/profile-card-view.js';
import type { PageContext } from '../../views/render-context.js';
import { renderFragment } from './render-page.js';

/** About 1 KB each (key and HTML): a few MB at most. */
const kept = new LRUCache<string, string>({ max: 5000 });

/**
 * React puts a preload of each eager <img> before what it renders: inside a fragment that would be
 * in the middle of the grid. They are dropped here and the grid asks for them (CardsHtml), so
 * they go where the page's own preloads go.
 */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/** The cards of a grid as ProfileGrid renders them inline, from kept HTML where there is some. */
export function keptCardsHtml(page: PageContext, { profiles, priorityCount = PRIORITY_CARDS, newBadge = false }: Omit<ProfileGridProps, 'html'>): CardsHtml {
  let html = '';
  const preloadImages: string[] = [];
  profiles.forEach((profile, i) => {
    const props = cardViewProps(page, profile, i < priorityCount, newBadge);
    if (props.priority && profile.photo) preloadImages.push(profile.photo.thumbUrl);
    const key = JSON.stringify({ ...props, profile: { ...profile, presence: profile.presence?.state ?? null } });
    let card = kept.get(key);
    if (card === undefined) {
      card = renderFragment(page, createElement(ProfileCardView, props)).replace(LEADING_PRELOADS, '');
      kept.set(key, card);
    }
    html += card;
  });
  return { html, preloadImages };
}
