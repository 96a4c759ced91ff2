// The first Tab stop of a page (WCAG 2.4.1): straight to the content, past the top bar's links.
// Hidden until it has the focus; every layout's <main> has id="main".
import { usePage } from '../render-context.js';

export function SkipLink() {
  const { t } = usePage();
  return (
    <a className="skip-link" href="#main" data-testid="skip-link">
      {t('nav.skipToContent')}
    </a>
  );
}
