// While a payment waits for the provider's word (loading, pending), asks GET /api/payment.php every
// few seconds and reloads the page once the state changes, so the server renders the outcome.
import { useEffect, useState } from 'react';
import { useIsland } from './runtime.js';
import type { PaymentStatusProps } from '../types/payments.js';

const POLL_MS = { loading: 2000, pending: 5000 } as const;
/** After this long the member is asked to come back later rather than watch a spinner. */
const GIVE_UP_MS = 10 * 60_000;
const POLL_DEADLINE_MS = 10_000;

export default function PaymentStatusIsland({ paymentId, state }: PaymentStatusProps) {
  const { t } = useIsland();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const res = await fetch(`/api/payment.php?id=${encodeURIComponent(paymentId)}`, {
          headers: { accept: 'application/json' },
          credentials: 'same-origin',
          // A poll the server never answers ends and the next tick asks again.
          signal: AbortSignal.timeout(POLL_DEADLINE_MS),
        });
        if (res.ok) {
          const body = (await res.json()) as { state: string };
          if (body.state !== state) return window.location.reload();
        }
      } catch {
        // offline for a moment: try again on the next tick
      }
      if (Date.now() - started > GIVE_UP_MS) return setGaveUp(true);
      timer = setTimeout(poll, POLL_MS[state]);
    };
    timer = setTimeout(poll, POLL_MS[state]);
    return () => clearTimeout(timer);
  }, [paymentId, state]);
  return <p className="payment-status__live" aria-live="polite">{gaveUp ? t('later') : t('checking')}</p>;
}
