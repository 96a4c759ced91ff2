// The error page: the message only, and on 404 a way back home.
import { usePage } from '../render-context.js';

export function ErrorPage({ status, message }: { status: number; message: string }) {
  const { t, user } = usePage();
  return (
    <div className="container section error-page">
      <p className="error-page__status">{status}</p>
      <h1>{message}</h1>
      {status === 404 && (
        <a className="btn btn--primary" href={user ? '/members' : '/'} data-testid="home-link">
          {t('errorPage.home')}
        </a>
      )}
      {status >= 500 && <p>{t('errorPage.tryLater')}</p>}
    </div>
  );
}
