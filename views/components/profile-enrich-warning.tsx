// The profile-enrich warning (SPEC.md §2): a member without a main photo is asked to add photos
// and a few words; dismissible for good. Hidden where it would be in the way.
import { usePage } from '../render-context.js';

const HIDDEN_ON = new Set([
  'profile', 'signup', 'complete-signup', 'signup-matches', 'member-signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings', 'swipe-game',
]);

export function ProfileEnrichWarning() {
  const { t, user, routeName, csrfToken, currentUrl } = usePage();
  if (!user || user.profile.main_image || user.signup_step || user.dismissed_alerts.includes('profile_enrich') || HIDDEN_ON.has(routeName)) return null;
  return (
    <div className="banner banner--enrich" role="status" data-testid="profile-enrich">
      <div className="container banner__inner">
        <span>{t('profileEnrich.text')}</span>
        <span className="banner__actions">
          <a className="btn btn--primary btn--sm" href="/profile">{t('profileEnrich.action')}</a>
          <form method="post" action="/dismiss/profile_enrich">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <input type="hidden" name="return" value={currentUrl} />
            <button type="submit" className="btn btn--link btn--sm" title={t('profileEnrich.dismissLabel')}>{t('profileEnrich.dismiss')}</button>
          </form>
        </span>
      </div>
    </div>
  );
}
