// The retention offer in the account-deletion section of /settings (issue 14 point 6): the
// company's delete_discount off the next purchase, before the member confirms. The button posts
// (a form, so it works without JavaScript) and lands on /credits with the member's code applied;
// the member may as well go on and delete below it.
import type { RetentionOffer } from '../../types/promotions.js';
import { RETENTION_DAYS } from '../../types/promotions.js';
import { formatDateTime } from '../format.js';
import { usePage } from '../render-context.js';

export function RetentionOfferBox({ offer }: { offer: RetentionOffer }) {
  const { t, lng, csrfToken } = usePage();
  return (
    <div className="retention-offer" role="region" aria-labelledby="retention-offer-title" data-testid="retention-offer">
      <h3 className="retention-offer__title" id="retention-offer-title">{t('pages:retentionOffer.title', { percent: offer.percent })}</h3>
      <p className="retention-offer__text">{t('pages:retentionOffer.text', { percent: offer.percent })}</p>
      <form method="post" action="/settings/retention-offer" className="retention-offer__form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button className="btn btn--primary btn--block" type="submit">{t('pages:retentionOffer.action', { percent: offer.percent })}</button>
      </form>
      <p className="retention-offer__small">
        {offer.code && offer.expiresAt !== null
          ? t('pages:retentionOffer.validUntil', { code: offer.code, date: formatDateTime(lng, offer.expiresAt) })
          : t('pages:retentionOffer.validFor', { days: RETENTION_DAYS })}
      </p>
    </div>
  );
}
