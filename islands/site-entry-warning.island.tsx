// The adults-only warning shown once to visitors (SPEC.md §2, §5). Works as a plain form without
// JavaScript; hydrated, it dismisses at once and records the skip in the background.
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useIsland } from './runtime.js';

export interface SiteEntryWarningProps {
  siteName: string;
  returnTo: string;
}

const ENTRY_COOKIE = 'amora_entry';
const noSubscription = () => () => undefined;
const isInstalledApp = () => window.matchMedia?.('(display-mode: standalone)').matches ?? false;

export default function SiteEntryWarning({ siteName, returnTo }: SiteEntryWarningProps) {
  const { t, csrfToken } = useIsland();
  const [dismissed, setDismissed] = useState(false);
  // The installed app (PWA) never shows the warning; the server cannot know, so the browser decides.
  const installed = useSyncExternalStore(noSubscription, isInstalledApp, () => false);
  const open = !dismissed && !installed;
  const enterRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) enterRef.current?.focus();
  }, [open]);

  useEffect(() => {
    document.body.classList.toggle('has-modal', open);
  }, [open]);

  function enter(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setDismissed(true);
    // The same cookie the form post sets, written at once: a click on a link right after
    // dismissing must not lose it (a background request would be cancelled by the navigation).
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${ENTRY_COOKIE}=${Date.now()}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure}`;
  }

  if (!open) return null;
  return (
    <div className="entry-warning" role="dialog" aria-modal="true" aria-labelledby="entry-warning-title">
      <form className="entry-warning__card" method="post" action="/site-entry" onSubmit={enter}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="return" value={returnTo} />
        <div className="entry-warning__badge" aria-hidden="true">18+</div>
        <h2 id="entry-warning-title">{t('title')}</h2>
        <p>{t('body', { siteName })}</p>
        <p className="entry-warning__small">{t('confirm')}</p>
        <div className="entry-warning__actions">
          <button ref={enterRef} type="submit" className="btn btn--primary btn--lg" data-testid="entry-enter">
            {t('enter')}
          </button>
          <a className="btn btn--ghost" href="https://www.google.com/" rel="noreferrer">
            {t('leave')}
          </a>
        </div>
      </form>
    </div>
  );
}
