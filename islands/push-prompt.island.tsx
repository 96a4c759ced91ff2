// The push-notification prompt (SPEC.md §2): a banner with an enable button that asks the browser
// for permission, subscribes with the site's VAPID key and hands the subscription to the server
// (POST /api/user.php?push=1). It stays hidden until this browser is known to be able to subscribe
// and not to be subscribed already; 'denied' is remembered, so a member who said no is not asked
// again here. Dismissing it hides it for good on every device (the dismissals of SPEC.md §4).
import { useEffect, useState, type FormEvent } from 'react';
import type { PushPromptProps } from '../types/push.js';
import { api } from './lib/api-client.js';
import { pushCapable, pushState, subscribePush } from './lib/push.js';
import { useIsland } from './runtime.js';

/** Drawn here: an emoji bell needs an emoji font, which not every phone or kiosk has. */
function BellIcon() {
  return (
    <svg className="push-banner__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2H4.5zM10 20.5a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type View = 'checking' | 'offer' | 'working' | 'enabled' | 'denied' | 'failed' | 'hidden';

export default function PushPrompt({ publicKey, returnTo }: PushPromptProps) {
  const { t, csrfToken } = useIsland();
  // The server cannot know this browser's permission: the banner renders hidden and shows itself.
  const [view, setView] = useState<View>('checking');

  useEffect(() => {
    let live = true;
    void pushState().then((state) => live && setView(pushCapable(publicKey) && state === 'not_subscribed' ? 'offer' : 'hidden'));
    return () => {
      live = false;
    };
  }, [publicKey]);

  const enable = async () => {
    setView('working');
    const outcome = await subscribePush(publicKey, csrfToken);
    setView(outcome === 'subscribed' ? 'enabled' : outcome === 'denied' ? 'denied' : 'failed');
  };

  const dismiss = (e: FormEvent) => {
    e.preventDefault();
    setView('hidden');
    api('/dismiss/push', { method: 'POST', csrfToken, retries: 2 }).catch(() => undefined);
  };

  const note = view === 'enabled' ? t('enabled') : view === 'denied' ? t('denied') : view === 'failed' ? t('failed') : null;
  return (
    <div className="banner banner--push" role="status" data-testid="push-prompt" data-state={view} hidden={view === 'checking' || view === 'hidden'}>
      <div className="container banner__inner">
        <span className="push-banner__text">
          <BellIcon />
          <span>{note ?? t('text')}</span>
        </span>
        {!note && (
          <span className="banner__actions">
            <button type="button" className="btn btn--primary btn--sm" data-testid="push-enable" disabled={view === 'working'} onClick={() => void enable()}>
              {view === 'working' ? t('working') : t('enable')}
            </button>
            <form method="post" action="/dismiss/push" onSubmit={dismiss}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="return" value={returnTo} />
              <button type="submit" className="btn btn--link btn--sm" data-testid="push-dismiss" title={t('dismissLabel')}>{t('dismiss')}</button>
            </form>
          </span>
        )}
      </div>
    </div>
  );
}
