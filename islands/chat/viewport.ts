// Keeps the full-screen conversation on phones inside the part of the screen the member sees: when
// the on-screen keyboard opens, most phone browsers shrink only the visual viewport (100dvh stays
// the whole screen), so the composer would sit under the keyboard. The visual viewport's height and
// offset go to two CSS variables that parts/chat.css uses for the open conversation on phones.
import { useEffect } from 'react';

const HEIGHT = '--chat-viewport-height';
const TOP = '--chat-viewport-top';

export function useVisualViewportFit(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const style = document.documentElement.style;
    const clear = () => {
      style.removeProperty(HEIGHT);
      style.removeProperty(TOP);
    };
    const fit = () => {
      // Zoomed in by pinching: leave the layout alone, or the conversation would follow the zoom.
      if (Math.abs(viewport.scale - 1) > 0.01) return clear();
      style.setProperty(HEIGHT, `${Math.round(viewport.height)}px`);
      style.setProperty(TOP, `${Math.round(viewport.offsetTop)}px`);
    };
    fit();
    viewport.addEventListener('resize', fit);
    viewport.addEventListener('scroll', fit);
    return () => {
      viewport.removeEventListener('resize', fit);
      viewport.removeEventListener('scroll', fit);
      clear();
    };
  }, []);
}
