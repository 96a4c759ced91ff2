// Pieces of the direct-debit checkout (/directdebit): the step bar, the order summary and the
// labelled inputs of the form.
import { useId, type ReactNode } from 'react';
import { useFieldState } from './form/index.js';
import type { BundleOffer } from '../../server/services/payments/bundles-service.js';
import type { PriceQuote } from '../../server/services/payments/pricing.js';
import { DiscountedPrice } from './discount-code.js';
import { formatMoney } from '../format.js';
import { usePage } from '../render-context.js';

const STEPS = ['details', 'code', 'done'] as const;

/** Where the member is: 1 details, 2 SMS code, 3 done (the payment status page). */
export function DirectDebitSteps({ current }: { current: 1 | 2 }) {
  const { t } = usePage();
  return (
    <ol className="dd-steps" aria-label={t('payments:directDebit.steps.label')}>
      {STEPS.map((step, i) => {
        const state = i + 1 < current ? 'done' : i + 1 === current ? 'current' : 'next';
        return (
          <li key={step} className={`dd-steps__item dd-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="dd-steps__dot" aria-hidden="true">{state === 'done' ? '✓' : i + 1}</span>
            <span className="dd-steps__label">{t(`payments:directDebit.steps.${step}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}

const Check = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
  </svg>
);

export function OrderSummary({ offer, quote = null }: { offer: BundleOffer; quote?: PriceQuote | null }) {
  const { t, lng } = usePage();
  const price = formatMoney(lng, offer.priceCents, offer.currency);
  return (
    <aside className="dd-summary" aria-labelledby="dd-summary-title">
      <h2 id="dd-summary-title" className="dd-summary__title">{t('payments:directDebit.summary.title')}</h2>
      <div className={`dd-summary__bundle bundle--${offer.style}`}>
        <span className="dd-summary__coin" aria-hidden="true">{offer.credits}</span>
        <span className="dd-summary__what">
          <strong>{t('pages:pricing.credits', { count: offer.credits })}</strong>
          <small>{t('pages:pricing.perMessage', { price: formatMoney(lng, offer.messagePriceCents, offer.currency) })}</small>
        </span>
        <span className="dd-summary__price">{price}</span>
      </div>
      <div className="dd-summary__total">
        <span>{t('payments:directDebit.summary.total')}</span>
        {quote ? <DiscountedPrice cents={offer.priceCents} currency={offer.currency} quote={quote} className="dd-summary__amount" /> : <strong data-testid="price">{price}</strong>}
      </div>
      <ul className="dd-summary__facts">
        {(['oneTime', 'premium', 'sepa'] as const).map((key) => (
          <li key={key}>
            <Check />
            {t(`payments:directDebit.summary.${key}`)}
          </li>
        ))}
      </ul>
      <a className="dd-summary__other" href={`/credits/${offer.id}`}>{t('payments:directDebit.otherMethod')}</a>
    </aside>
  );
}

export interface InputProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  type?: 'text' | 'tel';
  autoComplete: string;
  maxLength: number;
  placeholder?: string;
  inputMode?: 'text' | 'tel' | 'numeric';
  className?: string;
  /** IBANs and codes are not words: no spell checking or capitalising them. */
  literal?: boolean;
}

/** A labelled input with hint and error linked for screen readers. */
export function Input({ name, label, value, error, hint, type = 'text', autoComplete, maxLength, placeholder, inputMode, className, literal }: InputProps) {
  const id = useId();
  // Inside <FormErrors>, the first invalid field of the form takes the focus.
  const { autoFocus } = useFieldState(name, error);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ');
  return (
    <label className={`field dd-field${className ? ` ${className}` : ''}`}>
      <span>{label}</span>
      <input
        type={type}
        name={name}
        defaultValue={value}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder}
        inputMode={inputMode}
        spellCheck={literal ? false : undefined}
        autoCapitalize={literal ? 'characters' : undefined}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        autoFocus={autoFocus || undefined}
      />
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {error && <span className="field__error" id={`${id}-err`} role="alert">{error}</span>}
    </label>
  );
}

/** The white card each step sits in. */
export function StepCard({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`dd-card${className ? ` ${className}` : ''}`} aria-labelledby="dd-card-title">
      <h2 id="dd-card-title" className="dd-card__title">{title}</h2>
      {children}
    </section>
  );
}
