// The credits pages: /credits (bundles), /credits/{id}/{method?} (choose how to pay),
// /credits/repeat-order, /transactions (payments and credit movements) and /transactions/{id}
// (one payment's state: loading, pending, completed, failed or cancelled). Plain forms throughout;
// the payment-status island only refreshes the state while the provider has not spoken yet.
import type { LedgerRow } from '../../server/repos/credits-repo.js';
import type { BundleOffer } from '../../server/services/payments/bundles-service.js';
import type { PaymentMethod, PaymentView } from '../../types/payments.js';
import PaymentStatusIsland from '../../islands/payment-status.island.js';
import { BundleList, messagePriceOf } from '../components/bundle-list.js';
import { DiscountCodeForm, DiscountedPrice, type CodeState } from '../components/discount-code.js';
import { Island } from '../components/island.js';
import { PaymentMarks } from '../components/payment-marks.js';
import { formatDateTime, formatMoney } from '../format.js';
import { usePage } from '../render-context.js';

export interface CreditsPageProps {
  bundles: BundleOffer[];
  balance: number;
  repeat: { offer: BundleOffer; method: PaymentMethod } | null;
  insufficient?: boolean;
  code: CodeState;
}

export function CreditsPage({ bundles, balance, repeat, insufficient = false, code }: CreditsPageProps) {
  const { t, lng, user, settings } = usePage();
  return (
    <div className="container section pricing credits">
      <header className="pricing__head">
        <h1 className="page-title">{t('payments:credits.title')}</h1>
        {insufficient && <p className="notice notice--error" role="alert" data-testid="insufficient-credits">{t('errors:insufficientCredits')}</p>}
        <p className="credits__balance" data-testid="balance">{t('payments:credits.balance', { count: balance })}</p>
        {!user?.paid_user && <p className="prose__intro">{t('payments:credits.premiumHint')}</p>}
      </header>
      {repeat && (
        <a className="credits__repeat" href="/credits/repeat-order">
          <strong>{t('payments:repeat.link', { count: repeat.offer.credits })}</strong>
          <span>{formatMoney(lng, repeat.offer.priceCents, repeat.offer.currency)} · {t(`payments:methods.${repeat.method}`)}</span>
        </a>
      )}
      <DiscountCodeForm state={code} action="/credits" />
      <BundleList bundles={bundles} quotes={code.applied?.quotes} hrefOf={(b) => `/credits/${b.id}${withCode(code)}`} />
      <p className="pricing__costs">
        {t('pages:pricing.costs', { message: settings.message_credits, photo: settings.photo_credits, gift: settings.gift_credits })}
      </p>
      <p className="pricing__note">
        {t('pages:pricing.oneTime', { days: settings.refund_days })} <a href="/transactions">{t('payments:transactions.title')}</a>
      </p>
    </div>
  );
}

/** `?code=…` for links that carry an applied code on. */
const withCode = (code: CodeState) => (code.applied ? `?code=${encodeURIComponent(code.applied.code)}` : '');

function BundleSummary({ offer, code }: { offer: BundleOffer; code?: CodeState }) {
  const { t, lng } = usePage();
  const quote = code?.applied?.quotes[offer.id];
  return (
    <div className={`checkout__bundle bundle--${offer.style}`}>
      <span className="checkout__credits">{t('pages:pricing.credits', { count: offer.credits })}</span>
      {quote ? (
        <DiscountedPrice cents={offer.priceCents} currency={offer.currency} quote={quote} className="checkout__price" />
      ) : (
        <span className="checkout__price" data-testid="price">{formatMoney(lng, offer.priceCents, offer.currency)}</span>
      )}
      <span className="checkout__per">{t('pages:pricing.perMessage', { price: formatMoney(lng, messagePriceOf(offer, quote), offer.currency) })}</span>
    </div>
  );
}

export interface PaymentMethodPageProps {
  offer: BundleOffer;
  /** In the chooser's order: the member's country's own methods first. */
  methods: PaymentMethod[];
  selected: PaymentMethod | null;
  /** The member's country: which card brands the card choice shows. */
  country: string;
  idempotencyKey: string;
  error: string | null;
  code: CodeState;
}

/** Choose how to pay: one radio per method the provider offers here, and one pay button. */
export function PaymentMethodPage({ offer, methods, selected, country, idempotencyKey, error, code }: PaymentMethodPageProps) {
  const { t, lng, csrfToken, settings } = usePage();
  const checked = selected && methods.includes(selected) ? selected : methods[0];
  // The price the pay button names is the one the provider is asked for (pricing.ts on the server).
  const price = code.applied?.quotes[offer.id]?.amountCents ?? offer.priceCents;
  return (
    <div className="container section narrow checkout">
      <a className="checkout__back" href="/credits">{t('payments:checkout.back')}</a>
      <h1 className="page-title">{t('payments:checkout.title')}</h1>
      <BundleSummary offer={offer} code={code} />
      <DiscountCodeForm state={code} action={`/credits/${offer.id}`} />
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {methods.length === 0 ? (
        <p className="empty-state">{t('payments:checkout.noMethods')}</p>
      ) : (
        <form method="post" action={`/credits/${offer.id}`} className="form checkout__form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="idempotency_key" value={idempotencyKey} />
          {code.applied && <input type="hidden" name="code" value={code.applied.code} />}
          <fieldset className="methods">
            <legend>{t('payments:checkout.method')}</legend>
            {methods.map((m) => (
              <label key={m} className="method" data-method={m}>
                <input type="radio" name="method" value={m} defaultChecked={m === checked} />
                <span className="method__name">{t(`payments:methods.${m}`)}</span>
                <PaymentMarks method={m} country={country} />
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn--primary btn--block btn--lg" data-testid="pay">
            {t('payments:checkout.pay', { price: formatMoney(lng, price, offer.currency) })}
          </button>
          <p className="checkout__fine">{t('payments:checkout.fine', { days: settings.refund_days })}</p>
        </form>
      )}
    </div>
  );
}

/** The last bundle again, by the same method: the list price, or with a code the member enters here. */
export function RepeatOrderPage({ offer, method, idempotencyKey, code }: { offer: BundleOffer; method: PaymentMethod; idempotencyKey: string; code: CodeState }) {
  const { t, lng, csrfToken } = usePage();
  const price = code.applied?.quotes[offer.id]?.amountCents ?? offer.priceCents;
  return (
    <div className="container section narrow checkout">
      <a className="checkout__back" href="/credits">{t('payments:checkout.back')}</a>
      <h1 className="page-title">{t('payments:repeat.title')}</h1>
      <BundleSummary offer={offer} code={code} />
      <DiscountCodeForm state={code} action="/credits/repeat-order" />
      <p className="checkout__method-line">{t('payments:repeat.with', { method: t(`payments:methods.${method}`) })}</p>
      <form method="post" action="/credits/repeat-order" className="form checkout__form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        {code.applied && <input type="hidden" name="code" value={code.applied.code} />}
        <button type="submit" className="btn btn--primary btn--block btn--lg" data-testid="pay">
          {t('payments:checkout.pay', { price: formatMoney(lng, price, offer.currency) })}
        </button>
      </form>
      <p className="checkout__other"><a href={`/credits/${offer.id}`}>{t('payments:repeat.other')}</a></p>
    </div>
  );
}

export interface PaymentStatusPageProps {
  payment: PaymentView;
  /** Methods to retry with after a failure (the failed one left out). */
  retryMethods: PaymentMethod[];
  balance: number;
}

/** One payment's state, as SPEC.md §4 names them; the island reloads the page when it changes. */
export function PaymentStatusPage({ payment, retryMethods, balance }: PaymentStatusPageProps) {
  const { t, lng } = usePage();
  const price = formatMoney(lng, payment.amount_cents, payment.currency);
  const waiting = payment.state === 'loading' || payment.state === 'pending';
  // An abandoned checkout that expired is a failure of nobody's: it says so and offers the same purchase again.
  const texts = payment.status === 'expired' ? 'expired' : payment.state;
  return (
    <div className="container section narrow checkout payment-status" data-state={payment.state} data-status={payment.status}>
      {waiting && (
        <noscript>
          <meta httpEquiv="refresh" content="4" />
        </noscript>
      )}
      <div className={`payment-status__card payment-status__card--${payment.state}`} role="status">
        <StatusIcon state={payment.state} />
        <h1 className="payment-status__title">{t(`payments:state.${texts}.title`)}</h1>
        <p>{t(`payments:state.${texts}.text`, { count: payment.credits, price, method: t(`payments:methods.${payment.method}`) })}</p>
        {payment.discount && <p className="payment-status__discount"><PaymentAmount payment={payment} /></p>}
        {payment.state === 'completed' && <p className="credits__balance">{t('payments:credits.balance', { count: balance })}</p>}
      </div>
      {(payment.state === 'loading' || payment.state === 'pending') && (
        <Island name="payment-status" component={PaymentStatusIsland} props={{ paymentId: payment.payment_id, state: payment.state }} />
      )}
      {payment.state === 'completed' && (
        <div className="payment-status__next">
          <a className="btn btn--primary btn--block" href="/chats">{t('payments:state.completed.chat')}</a>
          <a className="btn btn--ghost btn--block" href="/members">{t('payments:state.completed.search')}</a>
        </div>
      )}
      {payment.state === 'failed' && <RetryChoices payment={payment} retryMethods={retryMethods} />}
      <p className="checkout__other"><a href="/transactions">{t('payments:transactions.all')}</a></p>
    </div>
  );
}

/** The same purchase again: what an expired checkout offers on /transactions and its own page. */
export const retryHref = (p: PaymentView) => `/credits/${p.bundle_id}/${p.method}`;

/** After a failure: another method; after a failed repeat card payment, manual card entry or PayPal (SPEC.md §4). */
function RetryChoices({ payment, retryMethods }: { payment: PaymentView; retryMethods: PaymentMethod[] }) {
  const { t } = usePage();
  if (payment.recurring_card) {
    return (
      <div className="payment-status__next" data-testid="recurring-retry">
        <a className="btn btn--primary btn--block" href={`/credits/${payment.bundle_id}/creditcard`}>{t('payments:retry.card')}</a>
        <a className="btn btn--secondary btn--block" href={`/credits/${payment.bundle_id}/paypal`}>{t('payments:retry.paypal')}</a>
      </div>
    );
  }
  const expired = payment.status === 'expired';
  return (
    <div className="payment-status__next">
      {expired && (
        <a className="btn btn--primary btn--block" href={retryHref(payment)} data-testid="retry-same">
          {t('payments:retry.again', { method: t(`payments:methods.${payment.method}`) })}
        </a>
      )}
      {retryMethods.length > 0 && (
        <>
          <h2 className="payment-status__retry">{t(expired ? 'payments:retry.other' : 'payments:retry.title')}</h2>
          <ul className="retry-methods">
            {retryMethods.map((m) => (
              <li key={m}>
                <a className="btn btn--secondary btn--block" href={`/credits/${payment.bundle_id}/${m}`} data-method={m}>{t(`payments:methods.${m}`)}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function StatusIcon({ state }: { state: PaymentView['state'] }) {
  if (state === 'loading' || state === 'pending') return <span className="spinner payment-status__icon" aria-hidden="true" />;
  const path = state === 'completed' ? 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z' : 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z';
  return (
    <svg className="payment-status__icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

export interface TransactionsPageProps {
  payments: PaymentView[];
  ledger: LedgerRow[];
  balance: number;
}

/** Payments and every credit movement, with the return policy's days. */
/**
 * What a payment cost: with a discount, the list price struck through, the price paid and the
 * discount itself ("Discount −20% (CODE): −€3.99"), in the payment's currency.
 */
function PaymentAmount({ payment: p }: { payment: PaymentView }) {
  const { t, lng } = usePage();
  const paid = formatMoney(lng, p.amount_cents, p.currency);
  if (!p.discount) return <>{paid}</>;
  return (
    <span className="transactions__amount" data-testid="payment-discount">
      <s className="transactions__list">
        <span className="sr-only">{t('payments:code.was')} </span>
        {formatMoney(lng, p.amount_cents + p.discount.cents, p.currency)}
      </s>{' '}
      <strong>{paid}</strong>
      <small className="transactions__discount">
        {t('payments:paymentDiscount.line', { percent: p.discount.percent, code: p.discount.code, amount: formatMoney(lng, p.discount.cents, p.currency) })}
      </small>
    </span>
  );
}

export function TransactionsPage({ payments, ledger, balance }: TransactionsPageProps) {
  const { t, lng, settings } = usePage();
  return (
    <div className="container section transactions">
      <h1 className="page-title">{t('payments:transactions.title')}</h1>
      <p className="credits__balance">{t('payments:credits.balance', { count: balance })} · <a href="/credits">{t('payments:transactions.buy')}</a></p>
      <section>
        <h2>{t('payments:transactions.payments')}</h2>
        {payments.length === 0 ? (
          <p className="empty-state">{t('payments:transactions.noPayments')}</p>
        ) : (
          <table className="table" data-testid="payments">
            <thead>
              <tr>
                <th>{t('payments:transactions.date')}</th>
                <th>{t('payments:transactions.bundle')}</th>
                <th>{t('payments:transactions.amount')}</th>
                <th>{t('payments:transactions.method')}</th>
                <th>{t('payments:transactions.status')}</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.payment_id}>
                  <td><a href={`/transactions/${p.payment_id}`}>{formatDateTime(lng, p.created_at)}</a></td>
                  <td>{t('pages:pricing.credits', { count: p.credits })}</td>
                  <td><PaymentAmount payment={p} /></td>
                  <td>{t(`payments:methods.${p.method}`)}</td>
                  <td>
                    <span className={`status-pill status-pill--${p.status === 'expired' ? 'expired' : p.state}`}>{t(`payments:status.${p.status}`)}</span>
                    {p.status === 'expired' && (
                      <a className="transactions__retry" href={retryHref(p)} data-testid="retry-expired">{t('payments:transactions.retry')}</a>
                    )}
                    <a className="transactions__report" href={`/complaints?payment=${p.payment_id}#complaint-form`} data-testid="payment-report">{t('pages:complaintForm.reportPayment')}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section>
        <h2>{t('payments:transactions.movements')}</h2>
        {ledger.length === 0 ? (
          <p className="empty-state">{t('payments:transactions.noMovements')}</p>
        ) : (
          <table className="table" data-testid="ledger">
            <thead>
              <tr>
                <th>{t('payments:transactions.date')}</th>
                <th>{t('payments:transactions.what')}</th>
                <th className="num">{t('payments:transactions.change')}</th>
                <th className="num">{t('payments:transactions.after')}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.map((row) => (
                <tr key={row.id}>
                  <td>{formatDateTime(lng, row.createdAt)}</td>
                  <td>{t(`payments:reasons.${row.reason}`, { defaultValue: t('payments:reasons.other') })}</td>
                  <td className={`num ${row.delta < 0 ? 'num--minus' : 'num--plus'}`}>{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
                  <td className="num">{row.balanceAfter}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <p className="pricing__note">
        {t('payments:transactions.policy', { days: settings.refund_days })} <a href="/return-policy">{t('payments:transactions.policyLink')}</a>
      </p>
    </div>
  );
}

/** The hop to an outside provider's checkout: a new navigation (see startCheckout), with a link for when refresh is off. */
export function CheckoutRedirectPage({ url }: { url: string }) {
  const { t } = usePage();
  return (
    <div className="container section narrow checkout payment-status">
      <meta httpEquiv="refresh" content={`0;url=${url}`} />
      <div className="payment-status__card" role="status">
        <span className="spinner payment-status__icon" aria-hidden="true" />
        <h1 className="payment-status__title">{t('payments:checkout.redirecting')}</h1>
        <a className="btn btn--primary btn--block" href={url}>{t('payments:checkout.continue')}</a>
      </div>
    </div>
  );
}
