// /directdebit: the direct-debit checkout. Step 1 is the form of SPEC.md §3 (account holder, IBAN,
// address, phone) with the SEPA mandate text and its checkbox; step 2 the SMS code. Members blocked
// for direct debit or over its limit see why, and the way to another method, instead of a form.
import type { BundleOffer } from '../../server/services/payments/bundles-service.js';
import type { DirectDebitCodeStep, DirectDebitFormValues } from '../../types/direct-debit.js';
import { DirectDebitSteps, Input, OrderSummary, StepCard } from '../components/direct-debit-parts.js';
import { Checkbox, FormErrors } from '../components/form/index.js';
import type { CodeState } from '../components/discount-code.js';
import { formatMoney } from '../format.js';
import { usePage } from '../render-context.js';

export interface DirectDebitPageProps {
  offer: BundleOffer;
  /** Who collects the money, as the mandate names them: the company, else the site. */
  creditor: string;
  step: 'form' | 'code' | 'blocked' | 'limit';
  /** Field messages, translated; `_form` holds one that is not about a field. */
  errors: Record<string, string>;
  values?: DirectDebitFormValues;
  /** The box was ticked when the form came back with errors. */
  authorized?: boolean;
  code?: DirectDebitCodeStep;
  triesLeft?: number;
  /** The code cannot be used any more: a new one is the way on. */
  expired?: boolean;
  notice?: string;
  /** A discount code entered on the payment page: applied (the price with it), or refused with its message. */
  discount?: CodeState;
}

/** What this direct debit collects: the bundle's price, or its price with the applied code (pricing.ts). */
function quoteOf({ offer, discount }: DirectDebitPageProps) {
  return discount?.applied?.quotes[offer.id] ?? null;
}
const amountOf = (p: DirectDebitPageProps) => quoteOf(p)?.amountCents ?? p.offer.priceCents;

/** The code as a hidden field of each step's form, so the payment is started with it. */
function CodeField({ discount }: { discount?: CodeState }) {
  return discount?.applied ? <input type="hidden" name="code" value={discount.applied.code} /> : null;
}

function CodeNotice({ discount }: { discount?: CodeState }) {
  const { t } = usePage();
  if (discount?.error) return <p className="notice notice--error" role="alert" data-testid="dd-code-error">{discount.error}</p>;
  if (!discount?.applied) return null;
  return <p className="notice notice--success" data-testid="code-applied">{t('payments:code.applied', { code: discount.applied.code, percent: discount.applied.percent })}</p>;
}

export function DirectDebitPage(props: DirectDebitPageProps) {
  const { t } = usePage();
  const { offer, step } = props;
  return (
    <div className="container section dd">
      <header className="dd-head">
        <a className="dd-head__back" href={`/credits/${offer.id}`}>{t('payments:directDebit.otherMethod')}</a>
        <h1 className="page-title">{t('payments:directDebit.title')}</h1>
        {(step === 'form' || step === 'code') && <DirectDebitSteps current={step === 'form' ? 1 : 2} />}
      </header>
      <div className="dd-layout">
        <div className="dd-main">
          {step === 'form' && <MandateForm {...props} />}
          {step === 'code' && props.code && <CodeForm {...props} code={props.code} />}
          {(step === 'blocked' || step === 'limit') && <Unavailable offer={offer} reason={step} />}
        </div>
        <OrderSummary offer={offer} quote={quoteOf(props)} />
      </div>
    </div>
  );
}

function MandateForm(props: DirectDebitPageProps) {
  const { offer, creditor, errors, values, authorized, discount } = props;
  const { t, lng, csrfToken } = usePage();
  const v = values ?? { account_holder: '', iban: '', street: '', house_number: '', zip: '', city: '', phone: '' };
  const f = (key: string) => t(`payments:directDebit.form.${key}`);
  const fieldErrors = Object.keys(errors).some((k) => k !== '_form');
  return (
    <StepCard title={f('title')}>
      <p className="dd-card__intro">{f('intro')}</p>
      <CodeNotice discount={discount} />
      {errors._form && <p className="notice notice--error" role="alert">{errors._form}</p>}
      {fieldErrors && <p className="notice notice--error" role="alert">{f('fixErrors')}</p>}
      <form method="post" action="/directdebit" className="form dd-form" noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="bundle" value={offer.id} />
        <CodeField discount={discount} />
        <FormErrors errors={errors}>
          <Input name="account_holder" label={f('accountHolder')} value={v.account_holder} error={errors.account_holder} autoComplete="name" maxLength={70} hint={f('accountHolderHint')} />
          <Input
            name="iban" label={f('iban')} value={v.iban} error={errors.iban} autoComplete="off" maxLength={42} placeholder={f('ibanPlaceholder')}
            className="dd-field--iban" literal
          />
          <div className="dd-row dd-row--street">
            <Input name="street" label={f('street')} value={v.street} error={errors.street} autoComplete="address-line1" maxLength={100} />
            <Input name="house_number" label={f('houseNumber')} value={v.house_number} error={errors.house_number} autoComplete="off" maxLength={16} />
          </div>
          <div className="dd-row dd-row--city">
            <Input name="zip" label={f('zip')} value={v.zip} error={errors.zip} autoComplete="postal-code" maxLength={16} literal />
            <Input name="city" label={f('city')} value={v.city} error={errors.city} autoComplete="address-level2" maxLength={100} />
          </div>
          <Input name="phone" type="tel" label={f('phone')} value={v.phone} error={errors.phone} autoComplete="tel" inputMode="tel" maxLength={32} hint={f('phoneHint')} />
          <fieldset className={`dd-mandate${errors.authorize ? ' dd-mandate--error' : ''}`}>
            <legend className="dd-mandate__title">{f('mandateTitle')}</legend>
            <p className="dd-mandate__text">{t('payments:directDebit.form.authorization', { creditor, amount: formatMoney(lng, amountOf(props), offer.currency) })}</p>
            <Checkbox name="authorize" defaultChecked={authorized} className="dd-check">{f('authorize')}</Checkbox>
          </fieldset>
        </FormErrors>
        <button type="submit" className="btn btn--primary btn--lg btn--block" data-testid="dd-submit">{f('submit')}</button>
        <p className="dd-secure">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path fill="currentColor" d="M12 1a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V11a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5Zm-3 8V6a3 3 0 1 1 6 0v3H9Z" />
          </svg>
          {f('secure')}
        </p>
      </form>
    </StepCard>
  );
}

function CodeForm(props: DirectDebitPageProps & { code: DirectDebitCodeStep }) {
  const { offer, creditor, errors, code, triesLeft, expired, notice, discount } = props;
  const { t, lng, csrfToken } = usePage();
  const c = (key: string, vars?: Record<string, unknown>) => t(`payments:directDebit.code.${key}`, vars);
  const hidden = (
    <>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="bundle" value={offer.id} />
      <input type="hidden" name="mandate" value={code.reference} />
      <CodeField discount={discount} />
    </>
  );
  return (
    <StepCard title={c('title')} className="dd-code">
      <p className="dd-code__sent">
        {c('sentTo')} <strong className="dd-code__phone" data-testid="dd-phone">{code.phone}</strong>
      </p>
      {notice && <p className="notice notice--ok" role="status">{notice}</p>}
      <CodeNotice discount={discount} />
      {errors._form && <p className="notice notice--error" role="alert">{errors._form}</p>}
      <form method="post" action="/directdebit/confirm" className="form dd-code__form" noValidate>
        {hidden}
        <label className="field dd-field dd-code__field">
          <span>{c('label')}</span>
          <input
            type="text" name="otp" className="dd-code__input" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={7}
            placeholder="••••••" required spellCheck={false} aria-invalid={errors.otp ? true : undefined} aria-describedby="dd-code-hint"
          />
          {errors.otp && <span className="field__error" role="alert">{errors.otp}</span>}
          <small id="dd-code-hint">
            {triesLeft !== undefined && triesLeft > 0 ? c('triesLeft', { tries: triesLeft }) : c('validFor', { minutes: 10 })}
          </small>
        </label>
        <button type="submit" className={`btn btn--lg btn--block ${expired ? 'btn--light' : 'btn--primary'}`} data-testid="dd-confirm">
          {c('submit', { amount: formatMoney(lng, amountOf(props), offer.currency) })}
        </button>
      </form>
      <div className={`dd-code__again${expired ? ' dd-code__again--first' : ''}`}>
        <span>{c('noCode')}</span>
        <form method="post" action="/directdebit/resend">
          {hidden}
          <button type="submit" className={`btn btn--sm ${expired ? 'btn--primary' : 'btn--light'}`} data-testid="dd-resend">{c('resend')}</button>
        </form>
        <a href={`/directdebit?bundle=${offer.id}`}>{c('change')}</a>
      </div>
      <dl className="dd-code__mandate">
        <div><dt>{c('accountHolder')}</dt><dd>{code.accountHolder}</dd></div>
        <div><dt>{c('iban')}</dt><dd className="dd-mono">{code.iban}</dd></div>
        <div><dt>{c('reference')}</dt><dd className="dd-mono">{code.reference}</dd></div>
        <div><dt>{c('creditor')}</dt><dd>{creditor}</dd></div>
      </dl>
    </StepCard>
  );
}

function Unavailable({ offer, reason }: { offer: BundleOffer; reason: 'blocked' | 'limit' }) {
  const { t } = usePage();
  return (
    <StepCard title={t(`payments:directDebit.${reason}.title`)} className="dd-unavailable">
      <p className="notice notice--error" role="alert" data-testid={`dd-${reason}`}>
        {t(reason === 'blocked' ? 'errors:ddBlocked' : 'errors:ddLimitReached')}
      </p>
      <p className="dd-card__intro">{t(`payments:directDebit.${reason}.text`)}</p>
      <a className="btn btn--primary btn--lg btn--block" href={`/credits/${offer.id}`}>{t('payments:directDebit.otherMethod')}</a>
    </StepCard>
  );
}
