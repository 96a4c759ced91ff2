// The language dropdown: a <details> menu of POST buttons, so it works without JavaScript.
import { LANGUAGE_NAMES, LOCALES } from '../../types/settings.js';
import { usePage } from '../render-context.js';

export function LanguageMenu() {
  const { t, lng, csrfToken, currentUrl } = usePage();
  return (
    <details className="menu lang-menu">
      <summary className="menu__button">
        <svg className="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4a13.9 13.9 0 0 1 1.9 4h-3.8A13.9 13.9 0 0 1 12 4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8zm4 12a13.9 13.9 0 0 1-1.9-4h3.8A13.9 13.9 0 0 1 12 20zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4z"
          />
        </svg>{' '}
        {lng.toUpperCase()}
        {/* Named by its visible text first (WCAG 2.5.3), then what it is for. */}
        <span className="sr-only">, {t('nav.language')}</span>
      </summary>
      <form className="menu__list" method="post" action="/lang-config">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="return" value={currentUrl} />
        {LOCALES.map((code) => (
          <button key={code} type="submit" name="lng" value={code} className="menu__item" aria-current={code === lng ? 'true' : undefined} lang={code}>
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
      </form>
    </details>
  );
}
