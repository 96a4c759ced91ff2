// A presence in the page's language on the server. "Active 5 minutes ago" has plural forms, which
// the page path's fast t() leaves to i18next (server/render/i18n.ts); the few dozen phrasings a
// language has are remembered, so a page of 24 cards asks i18next at most once for each.
import type { TFunction } from 'i18next';
import { presenceText, presenceWording, type PresenceView } from '../../types/presence.js';

const said = new Map<string, string>();

export function presenceWords(t: TFunction, lng: string, view: PresenceView): string {
  const w = presenceWording(view);
  const key = `${lng}\u0000${w.key}\u0000${'count' in w ? w.count : ''}`;
  let text = said.get(key);
  if (text === undefined) {
    text = presenceText((k, vars) => t(k, vars), view);
    said.set(key, text);
  }
  return text;
}
