// The discount code field of /credits and /credits/{id} (issue 14): a plain GET form, so it works
// without JavaScript; the page then shows each price with the code, the old one struck through.
import type { PriceQuote } from '../../server/services/payments/pricing.js';
import { formatMoney } from '../format.js';
import { usePage } from '../render-context.js';

/** A code the server accepted for this member, with each bundle's price (null: below its minimum order). */
export interface AppliedCode {
  code: string;
  percent: number;
  quotes: Record<number, PriceQuote | null>;
}

export interface CodeState {
  /** As typed, to put back in the field. */
  value: string;
  applied: AppliedCode | null;
  /** The member's message when the code was refused. */
  error: string | null;
}

export function DiscountCodeForm({ state, action }: { state: CodeState; action: string }) {
  const { t } = usePage();
  return (
    <form method="get" action={action} className="form code-form" data-testid="code-form">
      <div className="code-form__row">
        <label className="field">
          {t('payments:code.label')}
          <input name="code" defaultValue={state.value} maxLength={64} autoComplete="off" autoCapitalize="characters" spellCheck={false}
            aria-invalid={state.error ? true : undefined} aria-describedby={state.error ? 'discount-code-error' : undefined} />
        </label>
        <button type="submit" className="btn btn--secondary">{t('payments:code.apply')}</button>
      </div>
      {state.error && <p id="discount-code-error" className="notice notice--error" role="alert">{state.error}</p>}
      {state.applied && (
        <p className="notice notice--success" data-testid="code-applied">
          {t('payments:code.applied', { code: state.applied.code, percent: state.applied.percent })} <a href={action}>{t('payments:code.remove')}</a>
        </p>
      )}
    </form>
  );
}

/** A price, or with a discount the old one struck through, the new one and the saving. */
export function DiscountedPrice({ cents, currency, quote, className }: { cents: number; currency: string; quote: PriceQuote | null | undefined; className: string }) {
  const { t, lng } = usePage();
  if (!quote || quote.discountCents === 0) return <p className={className}>{formatMoney(lng, cents, currency)}</p>;
  return (
    <p className={`${className} price--discounted`}>
      <s className="price__old">
        <span className="sr-only">{t('payments:code.was')} </span>
        {formatMoney(lng, quote.listCents, currency)}
      </s>{' '}
      <span className="price__new" data-testid="discounted-price">{formatMoney(lng, quote.amountCents, currency)}</span>
      <span className="price__saving">{t('payments:code.saving', { amount: formatMoney(lng, quote.discountCents, currency) })}</span>
    </p>
  );
}
