// The mailed download link when it no longer works: used, expired, replaced by a newer export or
// another member's (the same page for each, so a link tells nothing about whose it was).
import { EXPORT_LINK_DAYS } from '../../types/data-export.js';
import { usePage } from '../render-context.js';

export function DataExportLinkPage() {
  const { t } = usePage();
  return (
    <div className="container section narrow auth">
      <div className="auth__card result" data-testid="data-export-link-error">
        <div className="result__icon result__icon--error" aria-hidden="true">!</div>
        <h1 className="page-title">{t('pages:dataExport.linkTitle')}</h1>
        <p>{t('pages:dataExport.linkBody', { days: EXPORT_LINK_DAYS })}</p>
        <a className="btn btn--primary btn--block" href="/settings#data">{t('pages:dataExport.linkCta')}</a>
      </div>
    </div>
  );
}
