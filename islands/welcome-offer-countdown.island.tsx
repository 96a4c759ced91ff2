// The welcome offer's countdown (SPEC.md §1): 'Offer valid for …', and in the last day 'Act Fast,
// Only … hours to Claim', ticking every second from the time left the server rendered; at zero
// the banner goes away.
import { useEffect, useRef, useState } from 'react';
import { useIsland } from './runtime.js';
import { welcomeCountdown, type WelcomeCountdownProps } from '../types/promotions.js';

export default function WelcomeOfferCountdown({ leftMs }: WelcomeCountdownProps) {
  const { t } = useIsland();
  const [left, setLeft] = useState(leftMs);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const start = performance.now();
    const timer = setInterval(() => {
      const now = Math.max(0, leftMs - (performance.now() - start));
      setLeft(now);
      if (now === 0) {
        clearInterval(timer);
        const banner = ref.current?.closest<HTMLElement>('[data-welcome-offer]');
        if (banner) banner.hidden = true;
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [leftMs]);
  const line = welcomeCountdown(left, t('dayUnit'));
  return (
    <span ref={ref} className="welcome-offer__left" data-testid="welcome-offer-left">
      {t(line.key, { timeLeft: line.timeLeft })}
    </span>
  );
}
