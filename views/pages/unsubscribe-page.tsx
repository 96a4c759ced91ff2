// The one-click unsubscribe link opened in a browser (GET): what it would turn off, and a button
// that does it (a POST to the same URL). After the POST: what was turned off and where to undo it.
import type { NotificationType } from '../../types/notifications.js';
import { usePage } from '../render-context.js';

export interface UnsubscribePageProps {
  type: NotificationType;
  email: string;
  /** Done: the POST turned the type off. */
  done: boolean;
  /** The page's own path, which the button posts to. */
  action: string;
}

export function UnsubscribePage({ type, email, done, action }: UnsubscribePageProps) {
  const { t, site } = usePage();
  const vars = { type: t(`pages:notifications.types.${type}.label`), email, siteName: site.name };
  return (
    <div className="container section narrow unsubscribe">
      <div className="auth__card">
        <h1 className="page-title">{t(done ? 'pages:unsubscribe.doneTitle' : 'pages:unsubscribe.title')}</h1>
        {done ? (
          <>
            <p role="status" data-testid="unsubscribe-done">{t('pages:unsubscribe.done', vars)}</p>
            <p>{t('pages:unsubscribe.undo')}</p>
            <a className="btn btn--light" href="/notifications">{t('pages:unsubscribe.manage')}</a>
          </>
        ) : (
          <>
            <p>{t('pages:unsubscribe.confirm', vars)}</p>
            <form method="post" action={action}>
              <button type="submit" className="btn btn--primary" data-testid="unsubscribe-button">{t('pages:unsubscribe.button')}</button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
