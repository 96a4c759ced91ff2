// One ask at a time. The activation reminder, the disabled-notifications alert, the profile-enrich
// warning and the push prompt each ask the member to do something; stacked, they pushed a phone's
// content below its first screen. When several apply, the first in this order shows and the next
// waits until that one is done or dismissed. (The time-bonus and welcome-offer banners are offers,
// not asks, and keep their place above.)
import { hasDisabledNotifications } from '../../types/notification-state.js';
import { PUSH_PROMPT_HIDDEN_ON } from '../../types/push.js';
import type { RenderState } from '../render-context.js';

export type MemberAsk = 'activation' | 'disabled_notifications' | 'profile_enrich' | 'push';

type AskPage = Pick<RenderState, 'user' | 'routeName' | 'settings'>;

const ACTIVATION_HIDDEN_ON = new Set(['signup', 'complete-signup', 'signup-matches', 'member-signup', 'settings', 'notifications', 'activation-sent']);
const DISABLED_ALERT_HIDDEN_ON = new Set(['settings', 'notifications']);
const ENRICH_HIDDEN_ON = new Set([
  'profile', 'signup', 'complete-signup', 'signup-matches', 'member-signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings', 'swipe-game',
]);

/** SPEC.md §2: not confirmed, profile disabled, and no disabled notifications (a member told mail is off is not also asked to open one). */
export function activationReminderApplies({ user, routeName }: AskPage): boolean {
  if (!user || user.status !== 'not_confirmed' || user.profile.status !== 'disabled') return false;
  return !hasDisabledNotifications(user) && !ACTIVATION_HIDDEN_ON.has(routeName);
}

export function disabledNotificationsAlertApplies({ user, routeName }: AskPage): boolean {
  return Boolean(user && hasDisabledNotifications(user) && !user.dismissed_alerts.includes('disabled_notifications') && !DISABLED_ALERT_HIDDEN_ON.has(routeName));
}

export function profileEnrichApplies({ user, routeName }: AskPage): boolean {
  return Boolean(user && !user.profile.main_image && !user.signup_step && !user.dismissed_alerts.includes('profile_enrich') && !ENRICH_HIDDEN_ON.has(routeName));
}

/** The server's half of the push prompt's rule; the browser's half (permission, subscription) is the island's. */
export function pushPromptAllowed({ user, routeName, settings }: AskPage): boolean {
  if (!user || user.signup_step || !settings.push_public_key) return false;
  // Nor over the legal and help pages (pages-terms, complaints, …): a member reading the terms is
  // not asked for anything, and those pages keep to the live badges' script. Nor over the swipe
  // game, which must fit a phone's first screen (as the profile-enrich warning keeps away too).
  if (routeName.startsWith('pages-') || ['complaints', 'lang-config', 'swipe-game'].includes(routeName)) return false;
  return !user.dismissed_alerts.includes('push') && !PUSH_PROMPT_HIDDEN_ON.includes(routeName);
}

/** Pages that ask the member to decide something else (the new terms, a block): nothing more is asked there. */
const DECISION_PAGES = new Set(['accept-terms', 'members-id-block']);

/** The one ask this page shows, if any. */
export function currentAsk(page: AskPage): MemberAsk | null {
  if (DECISION_PAGES.has(page.routeName)) return null;
  if (activationReminderApplies(page)) return 'activation';
  if (disabledNotificationsAlertApplies(page)) return 'disabled_notifications';
  if (profileEnrichApplies(page)) return 'profile_enrich';
  if (pushPromptAllowed(page)) return 'push';
  return null;
}
