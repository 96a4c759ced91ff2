// The adults-only warning shown once to visitors (SPEC.md §2, §5), when the request qualifies
// (decided in page-context). Plain HTML, no script: the form posts to /site-entry, which remembers
// the time it was skipped in the amora_entry cookie and sends the visitor back to this page. The
// installed app (display-mode: standalone) never shows it: entry-warning.css hides it there.
import { usePage } from '../render-context.js';

/** Routes where the warning would get in the way of finishing a task (SPEC.md §2). */
const HIDDEN_ON = ['complete-signup', 'reset-password', 'reset-password-do'];

export function EntryWarning({ onlyNlDe = false }: { onlyNlDe?: boolean }) {
  const { showEntryWarning, settings, site, currentUrl, routeName, csrfToken, t } = usePage();
  if (!showEntryWarning || HIDDEN_ON.includes(routeName)) return null;
  if (onlyNlDe && !['NL', 'DE'].includes(settings.geoip_selected_country)) return null;
  const text = (key: string, vars?: Record<string, string>) => t(`islands:site-entry-warning.${key}`, vars);
  return (
    <div className="entry-warning" role="dialog" aria-modal="true" aria-labelledby="entry-warning-title" data-testid="entry-warning">
      <form className="entry-warning__card" method="post" action="/site-entry">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="return" value={currentUrl} />
        <div className="entry-warning__badge" aria-hidden="true">18+</div>
        <h2 id="entry-warning-title">{text('title')}</h2>
        <p>{text('body', { siteName: site.name })}</p>
        <p className="entry-warning__small">{text('confirm')}</p>
        <div className="entry-warning__actions">
          {/* Focus starts on the answer, without a script. */}
          <button type="submit" className="btn btn--primary btn--lg" data-testid="entry-enter" autoFocus>
            {text('enter')}
          </button>
          <a className="btn btn--ghost" href="https://www.google.com/" rel="noreferrer" data-testid="entry-leave">
            {text('leave')}
          </a>
        </div>
      </form>
    </div>
  );
}
