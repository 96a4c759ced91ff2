// The icebreaker modal (SPEC.md §2): opening a conversation with no messages yet, the member gets a
// few opening lines, some fitted to the partner (their city, an interest, a shared one first).
// Choosing one only puts it in the composer, where the price shows and it can be changed: a message
// costs credits, so nothing is ever sent from here. It stays away while the composer holds text.
// Closing it any other way (×, Esc, the backdrop, "I'll write my own") is remembered in this browser
// for that partner, so it does not come back; the pane shows it only while the conversation is
// empty. It opens in the browser only, after hydration: the server cannot know what was dismissed,
// and it needs a script to do anything.
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { ChatPartner } from '../../types/chat.js';
import type { IcebreakerHints } from '../../types/icebreaker.js';
import type { Translate } from '../runtime.js';
import { useIsland } from '../runtime.js';
import { useModal } from '../lib/use-modal.js';
import { Avatar } from './chat-list.js';

export const ICEBREAKER_STORAGE_KEY = 'amora_icebreaker_dismissed';
/** Partners remembered at most; the oldest dismissals go first. */
const MAX_REMEMBERED = 200;
/** Lines offered at most: the fitted ones first, then general ones. */
const MAX_LINES = 4;
const GENERAL_LINES = ['hello', 'profile', 'weekend'] as const;

/** The opening lines for a partner, in the member's language (t of the chat section). */
export function openingLines(t: Translate, name: string, hints: IcebreakerHints): string[] {
  const lines: string[] = [];
  if (hints.interest) lines.push(t(hints.sharedInterest ? 'icebreaker.lines.sharedInterest' : 'icebreaker.lines.interest', { name, interest: hints.interest }));
  if (hints.city) lines.push(t('icebreaker.lines.city', { name, city: hints.city }));
  for (const key of GENERAL_LINES) lines.push(t(`icebreaker.lines.${key}`, { name }));
  return lines.slice(0, MAX_LINES);
}

function dismissedPartners(): number[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(ICEBREAKER_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return []; // storage off or garbage: offered again, which does no harm
  }
}

function rememberDismissal(partnerId: number): void {
  try {
    const ids = [...dismissedPartners().filter((id) => id !== partnerId), partnerId].slice(-MAX_REMEMBERED);
    window.localStorage.setItem(ICEBREAKER_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or refused: it closes for this page all the same.
  }
}

const noSubscription = () => () => undefined;

interface IcebreakerProps {
  partner: ChatPartner;
  hints: IcebreakerHints;
  /** The composer holds text: it never opens over a message being written, nor later on this page. */
  writing: boolean;
  onPick: (line: string) => void;
}

export function Icebreaker({ partner, hints, writing, onPick }: IcebreakerProps) {
  const { t } = useIsland();
  const [closed, setClosed] = useState(false);
  // True on the server and while hydrating: it appears only once the browser has looked (and,
  // once closed, the pane's re-renders on every keystroke no longer read the storage).
  const dismissed = useSyncExternalStore(noSubscription, () => closed || dismissedPartners().includes(partner.id), () => true);
  // Closed for this page once the member writes (or picked a line): emptying the composer again
  // must not bring it back mid-sentence. Set while rendering, as React advises for derived state.
  if (writing && !closed) setClosed(true);
  const dismiss = useCallback(() => {
    rememberDismissal(partner.id);
    setClosed(true);
  }, [partner.id]);
  const open = !dismissed && !closed;
  const card = useModal(dismiss, '.icebreaker__line', open);
  if (!open) return null;
  const pick = (line: string) => {
    setClosed(true);
    onPick(line);
  };
  return (
    <div className="modal icebreaker" data-testid="icebreaker">
      <div className="modal__backdrop" onClick={dismiss} />
      <div className="modal__card icebreaker__card" role="dialog" aria-modal="true" aria-labelledby="icebreaker-title" aria-describedby="icebreaker-intro" ref={card}>
        <button type="button" className="modal__close" onClick={dismiss} aria-label={t('icebreaker.close')} data-testid="icebreaker-close">×</button>
        <Avatar partner={partner} size={72} />
        <h2 id="icebreaker-title" className="icebreaker__title">{t('icebreaker.title', { name: partner.name })}</h2>
        <p id="icebreaker-intro" className="icebreaker__intro">{t('icebreaker.intro')}</p>
        <ul className="icebreaker__lines" aria-label={t('icebreaker.linesLabel')}>
          {openingLines(t, partner.name, hints).map((line) => (
            <li key={line}>
              <button type="button" className="icebreaker__line" onClick={() => pick(line)} data-testid="icebreaker-line">{line}</button>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn--link" onClick={dismiss} data-testid="icebreaker-dismiss">{t('icebreaker.own')}</button>
      </div>
    </div>
  );
}
