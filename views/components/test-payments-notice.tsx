// The slim notice above every page while the test payment provider is active: payments there are
// simulated, and nobody should mistake the demo (or a test installation) for a live shop. It sits
// before every layout's own landmarks, so it is a landmark of its own (an aside with a short name):
// screen readers list it, and no content of the page is left outside a landmark.
import { usePage } from '../render-context.js';

export function TestPaymentsNotice() {
  const { testPayments, t } = usePage();
  if (!testPayments) return null;
  return (
    <aside className="test-payments" aria-label={t('common:testPayments.label')} data-testid="test-payments-notice">
      {t('common:testPayments.banner')}
    </aside>
  );
}
