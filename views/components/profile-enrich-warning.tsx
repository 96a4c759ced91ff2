// The profile-enrich warning (SPEC.md §2): a member without a main photo is asked to add photos
// and a few words; dismissible for good. Hidden where it would be in the way, and while an earlier ask shows
// (member-asks.ts).
import { usePage } from '../render-context.js';
import { currentAsk } from './member-asks.js';

export function ProfileEnrichWarning() {
  const page = usePage();
  const { t, csrfToken, currentUrl } = page;
  if (currentAsk(page) !== 'profile_enrich') return null;
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
