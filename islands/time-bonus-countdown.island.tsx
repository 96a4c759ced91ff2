// The time bonus countdown (SPEC.md §4, §9): hh:mm:ss ticking every second from what the server
// rendered (its clock counts, not the browser's); at zero the banner goes away.
import { useEffect, useRef, useState } from 'react';
import { formatCountdown, type TimeBonusCountdownProps } from '../types/promotions.js';

export default function TimeBonusCountdown({ leftMs }: TimeBonusCountdownProps) {
  const [left, setLeft] = useState(leftMs);
  const ref = useRef<HTMLTimeElement>(null);
  useEffect(() => {
    const start = performance.now();
    const tick = () => {
      const now = Math.max(0, leftMs - (performance.now() - start));
      setLeft(now);
      if (now === 0) {
        const banner = ref.current?.closest<HTMLElement>('[data-time-bonus]');
        if (banner) banner.hidden = true;
        return;
      }
      timer = setTimeout(tick, 1000 - ((leftMs - now) % 1000));
    };
    let timer = setTimeout(tick, 1000);
    return () => clearTimeout(timer);
  }, [leftMs]);
  return (
    <time ref={ref} className="time-bonus__clock" role="timer" data-testid="time-bonus-clock">
      {formatCountdown(left)}
    </time>
  );
}
