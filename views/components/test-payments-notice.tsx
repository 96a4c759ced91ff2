// The slim notice above every page while the test payment provider is active: payments there are
// simulated, and nobody should mistake the demo (or a test installation) for a live shop.
import { usePage } from '../render-context.js';

export function TestPaymentsNotice() {
  const { testPayments, t } = usePage();
  if (!testPayments) return null;
  return (
    <p className="test-payments" role="note" data-testid="test-payments-notice">
      {t('common:testPayments.banner')}
    </p>
  );
}
