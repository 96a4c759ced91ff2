// The credit bundles as cards (styles p0-p3), on /pricing, /premium and /credits. The second
// biggest is marked as the most popular, the usual choice on the market.
import type { BundleOffer } from '../../server/services/payments/bundles-service.js';
import type { PriceQuote } from '../../server/services/payments/pricing.js';
import { formatMoney } from '../format.js';
import { usePage } from '../render-context.js';
import { DiscountedPrice } from './discount-code.js';

/** The price of one message in a bundle, at the discounted price when a code applies to it. */
export function messagePriceOf(b: BundleOffer, quote?: PriceQuote | null): number {
  return quote ? Math.round((b.messagePriceCents * quote.amountCents) / b.priceCents) : b.messagePriceCents;
}

/** `quotes`: each bundle's price with an applied discount code (the old price is then struck through). */
export function BundleList({ bundles, hrefOf, quotes }: { bundles: BundleOffer[]; hrefOf: (b: BundleOffer) => string; quotes?: Record<number, PriceQuote | null> }) {
  const { t, lng } = usePage();
  if (bundles.length === 0) return <p className="empty-state">{t('pages:pricing.noBundles')}</p>;
  const popular = bundles.length > 2 ? bundles[bundles.length - 2]!.id : undefined;
  return (
    <div className="bundles">
      {bundles.map((b) => (
        <article key={b.id} className={`bundle bundle--${b.style}${b.id === popular ? ' bundle--popular' : ''}`} data-bundle-id={b.id}>
          {b.id === popular && <span className="bundle__badge">{t('pages:pricing.popular')}</span>}
          <h2 className="bundle__credits">{t('pages:pricing.credits', { count: b.credits })}</h2>
          <DiscountedPrice cents={b.priceCents} currency={b.currency} quote={quotes?.[b.id]} className="bundle__price" />
          <p className="bundle__per">{t('pages:pricing.perMessage', { price: formatMoney(lng, messagePriceOf(b, quotes?.[b.id]), b.currency) })}</p>
          <a className="btn btn--primary btn--block" href={hrefOf(b)}>
            {t('pages:pricing.choose')}
          </a>
        </article>
      ))}
    </div>
  );
}
