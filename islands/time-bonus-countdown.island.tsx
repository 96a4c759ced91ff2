// The time bonus countdown (SPEC.md §4, §9): hh:mm:ss ticking every second from what the server
// rendered (its clock counts, not the browser's); at zero the banner goes away. It also opens the
// time-bonus modal 40 s after the page loads when the server allows it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatCountdown, TIME_BONUS_MODAL_DELAY_MS, type TimeBonusCountdownProps } from '../types/promotions.js';
import { TimeBonusModal } from './time-bonus-modal.js';

export default function TimeBonusCountdown({ leftMs, modal }: TimeBonusCountdownProps) {
  const [left, setLeft] = useState(leftMs);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const ref = useRef<HTMLTimeElement>(null);
  useEffect(() => {
    if (!modal) return;
    const timer = setTimeout(() => setOpen(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [modal]);
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
    <>
      <time ref={ref} className="time-bonus__clock" role="timer" data-testid="time-bonus-clock">
        {formatCountdown(left)}
      </time>
      {open && left > 0 && <TimeBonusModal timeLeft={formatCountdown(left)} onClose={close} />}
    </>
  );
}
