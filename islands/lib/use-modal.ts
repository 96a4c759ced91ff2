// What every modal dialog of the islands does while it is open: focus its first control, close on
// Esc, keep the page behind from scrolling (body.has-modal), and give focus back when it closes.
import { useEffect, useRef } from 'react';

export function useModal(onClose: () => void, focusFirst = 'a, button') {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
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
  }, [onClose, focusFirst]);
  return card;
}
