// The member navigation (tab bar on phones, links in the top bar on desktops) with live badges.
// One component for every layout: the top bar renders it, and so may a layout without the top bar
// (the chat list on phones). `current` is the path of the page shown; its tab is marked.
import LiveBadges from '../../islands/live-badges.island.js';
import { usePage } from '../render-context.js';
import { Island } from './island.js';

export function MemberNav({ current }: { current: string }) {
  const { user } = usePage();
  if (!user) return null;
  return (
    <Island
      name="live-badges"
      component={LiveBadges}
      hydrate="idle"
      props={{ numUnreadMessages: user.num_unread_messages, numNewLikes: user.num_new_likes, paidUser: user.paid_user, credits: user.credits, current }}
    />
  );
}
