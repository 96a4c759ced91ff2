// The time-bonus top banner (SPEC.md §2 "Alerts, banners and modals"): in the members area, for a
// member whose time bonus runs (never paid, signed up less than 4 hours ago by the server's clock),
// with the countdown island; the time left is rendered by the server, so it shows without
// JavaScript too. It leads to the credits page with the code applied; its island opens the modal.
import TimeBonusCountdown from '../../islands/time-bonus-countdown.island.js';
import { TIME_BONUS_CODE, TIME_BONUS_PERCENT, timeBonusEndsAt } from '../../types/promotions.js';
import { Island } from './island.js';
import { usePage } from '../render-context.js';

/** The members area of SPEC.md §2, with the chat routes under it. */
const MEMBERS_AREA = new Set(['members', 'members-id', 'members-id-chat', 'chats', 'chats-id', 'likes', 'likes-type', 'likes-m-id', 'premium']);

export function TimeBonusBanner() {
  const { t, user, routeName, now } = usePage();
  if (!user || user.signup_step || !MEMBERS_AREA.has(routeName)) return null;
  const endsAt = timeBonusEndsAt({ paidUser: user.paid_user, signupDate: Date.parse(user.signup_date) }, now);
  if (endsAt === null) return null;
  return (
    <div className="banner banner--time-bonus" role="status" data-time-bonus data-testid="time-bonus">
      <div className="container banner__inner">
        <div className="time-bonus__text">
          {t('timeBonus.text', { percent: TIME_BONUS_PERCENT })}{' '}
          <span className="time-bonus__left">{t('timeBonus.left')}</span>{' '}
          <Island name="time-bonus-countdown" component={TimeBonusCountdown} props={{ leftMs: endsAt - now, modal: user.credits === 0 && !user.dismissed_alerts.includes('time_bonus') }} />
        </div>
        <a className="btn btn--primary btn--sm" href={`/credits?code=${TIME_BONUS_CODE}`}>{t('timeBonus.action')}</a>
      </div>
    </div>
  );
}
