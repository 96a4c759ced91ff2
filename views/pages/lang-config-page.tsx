// Language configuration (/lang-config): every language, the ones usual in the visitor's country first.
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../types/settings.js';
import { usePage } from '../render-context.js';

export function LangConfigPage({ suggested }: { suggested: Locale[] }) {
  const { t, lng, csrfToken } = usePage();
  const ordered = [...suggested, ...LOCALES.filter((l) => !suggested.includes(l))];
  return (
    <div className="container section narrow">
      <h1 className="page-title">{t('pages:langConfig.title')}</h1>
      <p>{t('pages:langConfig.intro')}</p>
      <form method="post" action="/lang-config" className="lang-list">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="return" value="/" />
        {ordered.map((code) => {
          const notes = [
            ...(code !== lng ? [t(`languages.${code}`)] : []),
            ...(suggested.includes(code) ? [t('pages:langConfig.suggested')] : []),
          ];
          return (
            <button key={code} className={code === lng ? 'btn btn--primary' : 'btn btn--light'} type="submit" name="lng" value={code} lang={code}>
              <span>{LANGUAGE_NAMES[code]}</span>
              {notes.length > 0 && <small lang={lng}>{notes.join(' · ')}</small>}
            </button>
          );
        })}
      </form>
    </div>
  );
}
