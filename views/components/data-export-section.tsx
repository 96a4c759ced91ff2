// "Your data" on /settings (issue 18.1): what the download holds, the button that asks for it (a
// form, so it works without JavaScript; none while an export is being prepared), and where the
// member's newest export stands.
import { EXPORT_LINK_DAYS, type DataExportState } from '../../types/data-export.js';
import { formatDateTime } from '../format.js';
import { usePage } from '../render-context.js';

export function DataExportSection({ state, error }: { state: DataExportState; error?: string }) {
  const { t, lng, csrfToken, settings } = usePage();
  const status =
    state?.state === 'preparing' ? t('pages:dataExport.preparing')
    : state?.state === 'ready' ? t('pages:dataExport.ready', { date: formatDateTime(lng, state.expiresAt) })
    : state?.state === 'failed' ? t('pages:dataExport.failed', { supportEmail: settings.support_email })
    : null;
  return (
    <section className="auth__card settings__section data-export" id="data" data-testid="data-export">
      <h2>{t('pages:dataExport.title')}</h2>
      <p>{t('pages:dataExport.intro')}</p>
      <p className="settings__hint">{t('pages:dataExport.how', { days: EXPORT_LINK_DAYS })}</p>
      {status && <p className={`data-export__status data-export__status--${state!.state}`} role="status" data-testid="data-export-status">{status}</p>}
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {state?.state !== 'preparing' && (
        <form method="post" action="/settings/export" className="form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button className="btn btn--light" type="submit">{t('pages:dataExport.request')}</button>
        </form>
      )}
    </section>
  );
}
