// Places the site-entry warning island when the request qualifies (decided in page-context).
import SiteEntryWarning from '../../islands/site-entry-warning.island.js';
import { usePage } from '../render-context.js';
import { Island } from './island.js';

export function EntryWarning({ onlyNlDe = false }: { onlyNlDe?: boolean }) {
  const { showEntryWarning, settings, site, currentUrl } = usePage();
  if (!showEntryWarning) return null;
  if (onlyNlDe && !['NL', 'DE'].includes(settings.geoip_selected_country)) return null;
  return <Island name="site-entry-warning" component={SiteEntryWarning} props={{ siteName: site.name, returnTo: currentUrl }} />;
}
