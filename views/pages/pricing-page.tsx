// /pricing and /premium: what premium gives and what credits cost, in the visitor's currency.
import type { BundleOffer } from '../../server/services/payments/bundles-service.js';
import { BundleList } from '../components/bundle-list.js';
import { usePage } from '../render-context.js';

const BENEFITS = ['lifetime', 'photos', 'uploads', 'noSubscription'] as const;

export function PricingPage({ bundles }: { bundles: BundleOffer[] }) {
  const { t, settings, user } = usePage();
  return (
    <div className="container section pricing">
      <header className="pricing__head">
        <h1 className="page-title">{t('pages:pricing.title')}</h1>
        <p className="prose__intro">{t('pages:pricing.intro')}</p>
      </header>
      <ul className="benefits">
        {BENEFITS.map((key) => (
          <li key={key} className="benefit">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
            </svg>
            {t(`pages:pricing.benefits.${key}`)}
          </li>
        ))}
      </ul>
      <BundleList bundles={bundles} hrefOf={(b) => (user ? `/credits/${b.id}` : `/login?next=${encodeURIComponent(`/credits/${b.id}`)}`)} />
      <p className="pricing__costs">
        {t('pages:pricing.costs', { message: settings.message_credits, photo: settings.photo_credits, gift: settings.gift_credits })}
      </p>
      <p className="pricing__note">{t('pages:pricing.oneTime', { days: settings.refund_days })}</p>
    </div>
  );
}
