// Where the push prompt island goes (SPEC.md §2): members only, after signup, not on the pages SPEC
// lists and not once dismissed. Only then is the island (and its script) on the page at all; the
// island itself hides in browsers that cannot subscribe, are subscribed already or said no.
import PushPrompt from '../../islands/push-prompt.island.js';
import { usePage } from '../render-context.js';
import { Island } from './island.js';
import { currentAsk } from './member-asks.js';

export { pushPromptAllowed } from './member-asks.js';

export function PushPromptSlot() {
  const page = usePage();
  if (currentAsk(page) !== 'push') return null;
  return <Island name="push-prompt" section="push" component={PushPrompt} props={{ publicKey: page.settings.push_public_key, returnTo: page.currentUrl }} hydrate="idle" />;
}
