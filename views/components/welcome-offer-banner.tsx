// The welcome-bonus banner (SPEC.md §1, §2): 25% off the first purchase for a member who has never
// paid, for the site's welcome_days after signing up; it leads to the credits page with WELCOME25 applied.
// While the time bonus runs (the first 4 hours) that banner shows instead: one offer at a time, as
// one discount goes on a payment. The time left is rendered by the server; the island ticks it.
import WelcomeOfferCountdown from '../../islands/welcome-offer-countdown.island.js';
import { timeBonusEndsAt, WELCOME_CODE, WELCOME_PERCENT, welcomeEndsAt } from '../../types/promotions.js';
import { Island } from './island.js';
import { usePage } from '../render-context.js';

const MEMBERS_AREA = new Set(['members', 'members-id', 'members-id-chat', 'chats', 'chats-id', 'likes', 'likes-type', 'likes-m-id', 'premium']);

export function WelcomeOfferBanner() {
  const { t, user, routeName, now, welcomeDays } = usePage();
  if (!user || user.signup_step || !MEMBERS_AREA.has(routeName)) return null;
  const facts = { paidUser: user.paid_user, signupDate: Date.parse(user.signup_date) };
  const endsAt = welcomeEndsAt(facts, now, welcomeDays);
  if (endsAt === null || timeBonusEndsAt(facts, now) !== null) return null;
  return (
    <div className="banner banner--time-bonus" role="status" data-welcome-offer data-testid="welcome-offer">
      <div className="container banner__inner">
        <div className="time-bonus__text">
          {t('welcomeOffer.text', { percent: WELCOME_PERCENT })}{' '}
          <Island name="welcome-offer-countdown" component={WelcomeOfferCountdown} props={{ leftMs: endsAt - now }} />
        </div>
        <a className="btn btn--primary btn--sm" href={`/credits?code=${WELCOME_CODE}`}>{t('welcomeOffer.action')}</a>
      </div>
    </div>
  );
}
