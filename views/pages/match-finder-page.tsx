// /match-finder: three questions (age, appearance, race; SPEC.md §3) as a plain GET form, then matches.
import type { SearchResult } from '../../server/services/search/search-service.js';
import { DiscoverTabs } from '../components/discover-tabs.js';
import { Pagination } from '../components/pagination.js';
import { ProfileGrid } from '../components/profile-card.js';
import { usePage } from '../render-context.js';

export interface MatchFinderFilters {
  age: string;
  appearance: string;
  race: string;
}

const QUESTIONS = [
  { name: 'age', values: ['18-35', '35+'] },
  { name: 'appearance', values: ['normal', 'sexy'] },
  { name: 'race', values: ['white', 'other'] },
] as const;

export function MatchFinderPage({ filters, result }: { filters: MatchFinderFilters; result: SearchResult | null }) {
  const { t } = usePage();
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Record<string, string>;
  return (
    <div className="container section">
      <DiscoverTabs current="/match-finder" />
      <h1 className="page-title">{t('pages:matchFinder.title')}</h1>
      <p className="lead">{t('pages:matchFinder.intro')}</p>
      <form className="finder" method="get" action="/match-finder">
        {QUESTIONS.map((q) => (
          <fieldset key={q.name} className="finder__question">
            <legend>{t(`pages:matchFinder.${q.name}.label`)}</legend>
            <div className="chips">
              <label className="chip chip--choice">
                <input type="radio" name={q.name} value="" defaultChecked={filters[q.name] === ''} />
                <span>{t('pages:matchFinder.any')}</span>
              </label>
              {q.values.map((v) => (
                <label key={v} className="chip chip--choice">
                  <input type="radio" name={q.name} value={v} defaultChecked={filters[q.name] === v} />
                  <span>{t(`pages:matchFinder.${q.name}.${v.replace('+', 'plus').replace('-', '_')}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <button className="btn btn--primary" type="submit" data-testid="finder-submit">{t('pages:matchFinder.find')}</button>
      </form>
      {result && (
        <section className="section" data-testid="finder-results">
          <p className="results-count">
            {result.numResultsCapped ? t('pages:members.resultsMany', { count: result.numResults }) : t('pages:members.results', { count: result.numResults })}
          </p>
          {result.profiles.length ? <ProfileGrid profiles={result.profiles} /> : <p className="empty-state">{t('pages:matchFinder.none')}</p>}
          <Pagination page={result.page} hasMore={result.hasMore} query={query} basePath="/match-finder" />
          {result.similar.length > 0 && (
            <>
              <h2>{t('pages:members.similar')}</h2>
              <ProfileGrid profiles={result.similar} priorityCount={0} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
