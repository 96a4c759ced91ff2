// Places the site-entry warning island when the request qualifies (decided in page-context).
import SiteEntryWarning from '../../islands/site-entry-warning.island.js';
import { usePage } from '../render-context.js';
import { Island } from './island.js';

/** Routes where the warning would get in the way of finishing a task (SPEC.md §2). */
const HIDDEN_ON = ['complete-signup', 'reset-password', 'reset-password-do'];

export function EntryWarning({ onlyNlDe = false }: { onlyNlDe?: boolean }) {
  const { showEntryWarning, settings, site, currentUrl, routeName } = usePage();
  if (!showEntryWarning || HIDDEN_ON.includes(routeName)) return null;
  if (onlyNlDe && !['NL', 'DE'].includes(settings.geoip_selected_country)) return null;
  return <Island name="site-entry-warning" component={SiteEntryWarning} props={{ siteName: site.name, returnTo: currentUrl }} />;
}
