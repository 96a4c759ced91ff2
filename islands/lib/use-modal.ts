// What every modal dialog of the islands does while it is open: focus `focusFirst` (else its first
// control), keep Tab and Shift+Tab inside it, close on Esc, keep the page behind from scrolling
// (body.has-modal), and give focus back to where it was when it closes.
// `enabled` false leaves all that alone: a dialog the server rendered that CSS keeps hidden on this
// screen (the activation modal on a desktop) must not take the focus or stop the page scrolling.
import { useEffect, useRef } from 'react';
import { tabbables, trapTab } from './focus-trap.js';

export function useModal(onClose: () => void, focusFirst = 'a, button', enabled = true) {
  const card = useRef<HTMLDivElement>(null);
  // The latest onClose, without opening the dialog again (and moving the focus) when it changes.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!enabled) return;
    const before = document.activeElement as HTMLElement | null;
    document.body.classList.add('has-modal');
    const container = card.current;
    if (container) (container.querySelector<HTMLElement>(focusFirst) ?? tabbables(container)[0])?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      else if (card.current) trapTab(e, card.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('has-modal');
      if (before && before !== document.body && before.isConnected) before.focus();
    };
  }, [focusFirst, enabled]);
  return card;
}
