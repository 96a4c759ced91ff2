// Where the push prompt island goes (SPEC.md §2): members only, after signup, not on the pages SPEC
// lists and not once dismissed. Only then is the island (and its script) on the page at all; the
// island itself hides in browsers that cannot subscribe, are subscribed already or said no.
import PushPrompt from '../../islands/push-prompt.island.js';
import { PUSH_PROMPT_HIDDEN_ON } from '../../types/push.js';
import type { RenderState } from '../render-context.js';
import { usePage } from '../render-context.js';
import { Island } from './island.js';

/** The server's half of the rule; the browser's half (permission, subscription) is the island's. */
export function pushPromptAllowed(page: Pick<RenderState, 'user' | 'routeName' | 'settings'>): boolean {
  const { user, routeName, settings } = page;
  if (!user || user.signup_step || !settings.push_public_key) return false;
  // Nor over the legal and help pages (pages-terms, complaints, …): a member reading the terms is
  // not asked for anything, and those pages keep to the live badges' script. Nor over the swipe
  // game, which must fit a phone's first screen (as the profile-enrich warning keeps away too).
  if (routeName.startsWith('pages-') || ['complaints', 'lang-config', 'swipe-game'].includes(routeName)) return false;
  return !user.dismissed_alerts.includes('push') && !PUSH_PROMPT_HIDDEN_ON.includes(routeName);
}

export function PushPromptSlot() {
  const page = usePage();
  if (!pushPromptAllowed(page)) return null;
  return <Island name="push-prompt" section="push" component={PushPrompt} props={{ publicKey: page.settings.push_public_key, returnTo: page.currentUrl }} hydrate="idle" />;
}
