// The built-in test provider's hosted checkout (PAYMENT_PROVIDER=test): what a payer sees at a real
// provider, reduced to the four outcomes a test needs. It says plainly that no money moves.
import type { TestCheckoutAction } from '../../server/services/payments/test-provider.js';
import { formatMoney } from '../format.js';
import { usePage } from '../render-context.js';

export interface TestCheckoutPageProps {
  paymentRef: string;
  description: string;
  amountCents: number;
  currency: string;
  method: string;
  status: string;
}

const ACTIONS: { action: TestCheckoutAction; className: string }[] = [
  { action: 'pay', className: 'btn btn--primary btn--block' },
  { action: 'pending', className: 'btn btn--secondary btn--block' },
  { action: 'fail', className: 'btn btn--secondary btn--block' },
  { action: 'cancel', className: 'btn btn--ghost btn--block' },
];

export function TestCheckoutPage(p: TestCheckoutPageProps) {
  const { t, lng, csrfToken } = usePage();
  const open = p.status === 'open' || p.status === 'pending';
  return (
    <div className="container section narrow test-checkout">
      <div className="auth__card">
        <p className="test-checkout__banner" role="note">{t('payments:testCheckout.banner')}</p>
        <h1 className="test-checkout__amount">{formatMoney(lng, p.amountCents, p.currency)}</h1>
        <p className="test-checkout__desc">{p.description}</p>
        <p className="test-checkout__method">{t('payments:testCheckout.method', { method: t(`payments:methods.${p.method}`) })}</p>
        {open ? (
          <form method="post" action={`/test-checkout/${p.paymentRef}`} className="form test-checkout__actions">
            <input type="hidden" name="_csrf" value={csrfToken} />
            {ACTIONS.map((a) => (
              <button key={a.action} type="submit" name="action" value={a.action} className={a.className} data-action={a.action}>
                {t(`payments:testCheckout.${a.action}`)}
              </button>
            ))}
          </form>
        ) : (
          <p className="notice">{t('payments:testCheckout.done', { status: t(`payments:status.${p.status}`) })}</p>
        )}
      </div>
    </div>
  );
}
