// The open conversation's partner presence, kept current while the chat is open (issue 16): asked
// again every minute while the page is shown, at once when it is shown again, and after the
// partner wrote. One small GET a minute per open chat costs less than telling every open chat of
// a member each time their presence changes, and "active 5 minutes ago" needs the minute anyway.
import { useCallback, useEffect, useState } from 'react';
import type { ChatPartner } from '../../types/chat.js';
import type { PresenceView } from '../../types/presence.js';
import { api } from '../lib/api-client.js';

export const PRESENCE_REFRESH_MS = 60_000;

export function usePartnerPresence(partner: ChatPartner | null): [PresenceView | null, () => void] {
  const [presence, setPresence] = useState<PresenceView | null>(partner?.presence ?? null);
  const id = partner && !partner.deleted ? partner.id : null;

  const refresh = useCallback(() => {
    if (id === null || document.visibilityState !== 'visible') return;
    void api<{ presence: Record<string, PresenceView | null> }>(`/api/presence.php?profiles=${id}`, { retries: 1 })
      // Not in the answer: no longer visible to this member (a block), so nothing to show.
      .then((answer) => setPresence(answer.presence[String(id)] ?? null))
      .catch(() => undefined);
  }, [id]);

  useEffect(() => {
    if (id === null) return;
    const timer = setInterval(refresh, PRESENCE_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [id, refresh]);

  return [presence, refresh];
}
