// What every modal dialog of the islands does while it is open: focus its first control, close on
// Esc, keep the page behind from scrolling (body.has-modal), and give focus back when it closes.
// `enabled` false leaves all that alone: a dialog the server rendered that CSS keeps hidden on this
// screen (the activation modal on a desktop) must not take the focus or stop the page scrolling.
import { useEffect, useRef } from 'react';

export function useModal(onClose: () => void, focusFirst = 'a, button', enabled = true) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!enabled) return;
    const before = document.activeElement as HTMLElement | null;
    document.body.classList.add('has-modal');
    card.current?.querySelector<HTMLElement>(focusFirst)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('has-modal');
      before?.focus();
    };
  }, [onClose, focusFirst, enabled]);
  return card;
}
