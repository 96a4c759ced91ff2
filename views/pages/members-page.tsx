// Member search (/members): filters as a plain GET form, results, paging, similar profiles.
import type { RegionsOfCountry } from '../../server/services/catalog/catalog-service.js';
import type { SearchResult } from '../../server/services/search/search-service.js';
import { DiscoverTabs } from '../components/discover-tabs.js';
import { Pagination } from '../components/pagination.js';
import { ProfileGrid } from '../components/profile-card.js';
import { usePage } from '../render-context.js';

export interface MembersFilters {
  gender: string;
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
}

export interface MembersPageProps {
  result: SearchResult;
  filters: MembersFilters;
  regions: RegionsOfCountry[];
  invalid: string[];
  notice?: string;
}

export function MembersPage({ result, filters, regions, invalid, notice }: MembersPageProps) {
  const { t, settings } = usePage();
  const fields = new Set(settings.search_fields);
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Record<string, string>;
  const regionGroups = filters.country ? regions.filter((r) => r.country === filters.country) : regions;
  return (
    <div className="container section">
      <DiscoverTabs current="/members" />
      <h1 className="page-title">{t('pages:members.title')}</h1>
      {notice && <p className="notice notice--success" role="status">{notice}</p>}
      {invalid.length > 0 && (
        <p className="notice notice--error" role="alert">{t('errors:invalidSearch')}</p>
      )}
      <form className="filters" method="get" action="/members" role="search">
        {fields.has('gender') && (
          <label className="field">
            <span>{t('pages:members.lookingFor')}</span>
            <select name="gender" defaultValue={filters.gender}>
              <option value="">{t('pages:members.everyone')}</option>
              <option value="female">{t('pages:members.women')}</option>
              <option value="male">{t('pages:members.men')}</option>
            </select>
          </label>
        )}
        {fields.has('country') && settings.countries.length > 1 && (
          <label className="field">
            <span>{t('pages:members.country')}</span>
            <select name="country" defaultValue={filters.country}>
              <option value="">{t('pages:members.allCountries')}</option>
              {settings.countries.map((c) => (
                <option key={c} value={c}>{t(`countries.${c}`)}</option>
              ))}
            </select>
          </label>
        )}
        {fields.has('region') && (
          <label className="field">
            <span>{regionGroups.length === 1 ? t(`regionTerm.${regionGroups[0]!.term}`) : t('pages:members.region')}</span>
            <select name="countryregion" defaultValue={filters.countryregion}>
              <option value="">{t('pages:members.anywhere')}</option>
              {regionGroups.map((g) => (
                <optgroup key={g.country} label={`${t(`countries.${g.country}`)} · ${t(`regionTerm.${g.term}`)}`}>
                  {g.regions.map((r) => (
                    <option key={`${g.country}-${r.code}`} value={r.name}>{r.name}</option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
        )}
        {fields.has('min_age') && (
          <label className="field field--narrow">
            <span>{t('pages:members.minAge')}</span>
            <input type="number" name="min_age" min={18} max={99} inputMode="numeric" defaultValue={filters.min_age} />
          </label>
        )}
        {fields.has('max_age') && (
          <label className="field field--narrow">
            <span>{t('pages:members.maxAge')}</span>
            <input type="number" name="max_age" min={18} max={99} inputMode="numeric" defaultValue={filters.max_age} />
          </label>
        )}
        <button className="btn btn--primary" type="submit">{t('pages:members.search')}</button>
      </form>
      <p className="results-count" data-testid="num-results">
        {result.numResultsCapped
          ? t('pages:members.resultsMany', { count: result.numResults })
          : t('pages:members.results', { count: result.numResults })}
      </p>
      {result.profiles.length > 0 ? (
        <ProfileGrid profiles={result.profiles} />
      ) : (
        <div className="empty-state">
          <p>{t('pages:members.noResults')}</p>
        </div>
      )}
      <Pagination page={result.page} hasMore={result.hasMore} query={query} basePath="/members" />
      {result.similar.length > 0 && (
        <section className="section">
          <h2>{t('pages:members.similar')}</h2>
          <ProfileGrid profiles={result.similar} priorityCount={0} />
        </section>
      )}
    </div>
  );
}
