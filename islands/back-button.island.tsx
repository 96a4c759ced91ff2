// The installed app's back button (SPEC.md §2): an installed app has no browser toolbar, so member
// pages you reach by drilling down get one in the top bar. Rendered hidden on the server; shown only
// in standalone display mode and when there is a page to go back to (history longer than 1).
import { useEffect, useState } from 'react';
import { useIsland } from './runtime.js';

const STANDALONE_QUERY = '(display-mode: standalone)';

export default function BackButton() {
  const { t } = useIsland();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const standalone = window.matchMedia(STANDALONE_QUERY);
    const update = () => setShown(standalone.matches && window.history.length > 1);
    update();
    standalone.addEventListener('change', update);
    return () => standalone.removeEventListener('change', update);
  }, []);
  return (
    <button type="button" className="topbar__back" hidden={!shown} aria-label={t('label')} onClick={() => window.history.back()}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
