// The credit bundles as cards (styles p0-p3), on /pricing, /premium and /credits. The second
// biggest is marked as the most popular, the usual choice on the market.
import type { BundleOffer } from '../../server/services/payments/bundles-service.js';
import { formatMoney } from '../format.js';
import { usePage } from '../render-context.js';

export function BundleList({ bundles, hrefOf }: { bundles: BundleOffer[]; hrefOf: (b: BundleOffer) => string }) {
  const { t, lng } = usePage();
  if (bundles.length === 0) return <p className="empty-state">{t('pages:pricing.noBundles')}</p>;
  const popular = bundles.length > 2 ? bundles[bundles.length - 2]!.id : undefined;
  return (
    <div className="bundles">
      {bundles.map((b) => (
        <article key={b.id} className={`bundle bundle--${b.style}${b.id === popular ? ' bundle--popular' : ''}`} data-bundle-id={b.id}>
          {b.id === popular && <span className="bundle__badge">{t('pages:pricing.popular')}</span>}
          <h2 className="bundle__credits">{t('pages:pricing.credits', { count: b.credits })}</h2>
          <p className="bundle__price">{formatMoney(lng, b.priceCents, b.currency)}</p>
          <p className="bundle__per">{t('pages:pricing.perMessage', { price: formatMoney(lng, b.messagePriceCents, b.currency) })}</p>
          <a className="btn btn--primary btn--block" href={hrefOf(b)}>
            {t('pages:pricing.choose')}
          </a>
        </article>
      ))}
    </div>
  );
}
