// The time-bonus modal (SPEC.md §2): 40 s after entering the members area, for a member with 0
// credits who has not dismissed it. "Not now" stores the dismissal like the other alerts
// (POST /dismiss/time_bonus); Esc and the backdrop only close it for this page.
import { api } from './lib/api-client.js';
import { useIsland } from './runtime.js';
import { TIME_BONUS_CODE, TIME_BONUS_PERCENT } from '../types/promotions.js';
import { useModal } from './lib/use-modal.js';

export function TimeBonusModal({ timeLeft, onClose }: { timeLeft: string; onClose: () => void }) {
  const { t, csrfToken } = useIsland();
  const card = useModal(onClose, 'a');
  const dismiss = () => {
    onClose();
    void api('/dismiss/time_bonus', { method: 'POST', csrfToken, retries: 2 }).catch(() => undefined);
  };
  return (
    <div className="modal" data-testid="time-bonus-modal">
      <div className="modal__backdrop" onClick={onClose} />
      <div className="modal__card time-bonus-modal" role="dialog" aria-modal="true" aria-labelledby="time-bonus-title" ref={card}>
        <button type="button" className="modal__close" onClick={onClose} aria-label={t('close')}>×</button>
        <h2 id="time-bonus-title">{t('title', { percent: TIME_BONUS_PERCENT })}</h2>
        <p>{t('text', { percent: TIME_BONUS_PERCENT, hours: 4 })}</p>
        <p className="time-bonus-modal__left">{t('left', { time: timeLeft })}</p>
        <a className="btn btn--primary btn--block" href={`/credits?code=${TIME_BONUS_CODE}`}>{t('claim')}</a>
        <button type="button" className="btn btn--link" onClick={dismiss} data-testid="time-bonus-dismiss">{t('notNow')}</button>
      </div>
    </div>
  );
}
