// Member search (/members): people first. The filters are a plain GET form inside a disclosure whose
// summary is a row of chips saying what is shown ("Women · Age 25–40 · Germany first · Filters"):
// on a phone the results fill the first screen and the form is one tap away, without JavaScript;
// from 992 px the form stays open beside the chips (search-filters.css).
import type { RegionsOfCountry } from '../../server/services/catalog/catalog-service.js';
import type { SearchResult } from '../../server/services/search/search-service.js';
import { DiscoverTabs } from '../components/discover-tabs.js';
import { Pagination } from '../components/pagination.js';
import { ProfileGrid, type CardsHtml } from '../components/profile-card.js';
import { usePage } from '../render-context.js';

export interface MembersFilters {
  gender: string;
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
  /** 'near': nearest first ("near me"); '' most recently active first. */
  order: '' | 'near';
}

/** The similar profiles come below the results: none of their photos loads at once. */
export const SIMILAR_PRIORITY = 0;

export interface MembersPageProps {
  result: SearchResult;
  filters: MembersFilters;
  invalid: string[];
  notice?: string;
  /** The filters differ from the searcher's defaults: offer going back to them. */
  canReset: boolean;
  /** Shown first when no country is chosen ('' for none). */
  homeCountry: string;
  /** The region field's label and list, rendered apart (RegionFieldParts, server/render/region-field.ts). */
  regionField: string;
  /** The result's and the similar profiles' cards as HTML (server/render/kept-cards.ts), when rendered before the page. */
  cardsHtml?: { profiles: CardsHtml; similar: CardsHtml };
}

/**
 * The region field's label and list: a hundred options and more, a quarter of the search page's
 * elements, the same for every search of one language, site and choice. The route renders it on its
 * own and keeps it (server/render/region-field.ts); MembersPage puts it into its <label>.
 */
export function RegionFieldParts({ regions, country, selected }: { regions: RegionsOfCountry[]; country: string; selected: string }) {
  const { t } = usePage();
  const regionGroups = country ? regions.filter((r) => r.country === country) : regions;
  return (
    <>
      <span>{regionGroups.length === 1 ? t(`regionTerm.${regionGroups[0]!.term}`) : t('pages:members.region')}</span>
      <select name="countryregion" defaultValue={selected}>
        <option value="">{t('pages:members.anywhere')}</option>
        {regionGroups.map((g) => (
          <optgroup key={g.country} label={`${t(`countries.${g.country}`)} · ${t(`regionTerm.${g.term}`)}`}>
            {g.regions.map((r) => (
              <option key={`${g.country}-${r.code}`} value={r.name}>{r.name}</option>
            ))}
          </optgroup>
        ))}
      </select>
    </>
  );
}

const GENDER_CHIPS = { female: 'pages:members.chipWomen', male: 'pages:members.chipMen', '': 'pages:members.chipEveryone' } as const;

/** The chips that say what the results are, in the order a member reads a search. */
function SummaryChips({ filters, homeCountry }: { filters: MembersFilters; homeCountry: string }) {
  const { t, settings } = usePage();
  const fields = new Set(settings.search_fields);
  const chips: string[] = [];
  if (fields.has('gender')) chips.push(t(GENDER_CHIPS[filters.gender as keyof typeof GENDER_CHIPS] ?? GENDER_CHIPS['']));
  const [min, max] = [filters.min_age, filters.max_age];
  if (min || max) chips.push(max ? t('pages:members.ageRange', { min: min || '18', max }) : t('pages:members.ageFrom', { min }));
  else chips.push(t('pages:members.anyAge'));
  if (filters.country) chips.push(t(`countries.${filters.country}`));
  // Nearest first has no country first (the order switch below says how results are ordered).
  else if (homeCountry && settings.countries.length > 1 && filters.order !== 'near') chips.push(t('pages:members.countryFirst', { country: t(`countries.${homeCountry}`) }));
  if (filters.countryregion) chips.push(filters.countryregion);
  return (
    <>
      {chips.map((c) => (
        <span key={c} className="search-summary__chip">{c}</span>
      ))}
    </>
  );
}

/**
 * Recently active or near me, as two links that keep the other filters (a link with the filters is
 * a choice, remembered like the form's): one tap on a phone, no JavaScript.
 */
function OrderSwitch({ filters }: { filters: MembersFilters }) {
  const { t } = usePage();
  const href = (order: 'active' | 'near') => {
    const q = new URLSearchParams(Object.entries({ ...filters, order }).filter(([, v]) => v !== ''));
    return `/members?${q.toString()}`;
  };
  const near = filters.order === 'near';
  return (
    <nav className="search-order" aria-label={t('pages:nearMe.orderLabel')} data-testid="search-order">
      <a className="search-order__option" href={href('active')} aria-current={near ? undefined : 'true'}>{t('pages:nearMe.orderActive')}</a>
      <a className="search-order__option" href={href('near')} aria-current={near ? 'true' : undefined} data-testid="order-near">
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24"><path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" fill="currentColor" /></svg>
        {t('pages:nearMe.orderNear')}
      </a>
    </nav>
  );
}

export function MembersPage({ result, filters, invalid, notice, canReset, homeCountry, regionField, cardsHtml }: MembersPageProps) {
  const { t, settings } = usePage();
  const fields = new Set(settings.search_fields);
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Record<string, string>;
  return (
    <div className="container section members-search">
      <DiscoverTabs current="/members" />
      <h1 className="page-title">{t('pages:members.title')}</h1>
      {notice && <p className="notice notice--success" role="status">{notice}</p>}
      {invalid.length > 0 && (
        <p className="notice notice--error" role="alert">{t('errors:invalidSearch')}</p>
      )}
      <details className="search-sheet" open={invalid.length > 0 || undefined}>
        <summary className="search-summary" data-testid="search-summary">
          <SummaryChips filters={filters} homeCountry={homeCountry} />
          <span className="search-summary__chip search-summary__toggle">
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><path d="M2 4h12M4 8h8M6 12h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" /></svg>
            {t('pages:members.filters')}
          </span>
        </summary>
        <form className="filters" method="get" action="/members" role="search" aria-label={t('pages:members.filters')}>
          <input type="hidden" name="order" value={filters.order || 'active'} />
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
          {fields.has('region') && <label className="field" dangerouslySetInnerHTML={{ __html: regionField }} />}
          {(fields.has('min_age') || fields.has('max_age')) && (
            <div className="filters__ages">
              {fields.has('min_age') && (
                <label className="field">
                  <span>{t('pages:members.minAge')}</span>
                  <input type="number" name="min_age" min={18} max={99} inputMode="numeric" defaultValue={filters.min_age} />
                </label>
              )}
              {fields.has('max_age') && (
                <label className="field">
                  <span>{t('pages:members.maxAge')}</span>
                  <input type="number" name="max_age" min={18} max={99} inputMode="numeric" defaultValue={filters.max_age} />
                </label>
              )}
            </div>
          )}
          <div className="filters__actions">
            <button className="btn btn--primary" type="submit">{t('pages:members.search')}</button>
            {canReset && <a className="filters__reset" href="/members?reset=1" data-testid="search-reset">{t('pages:members.reset')}</a>}
          </div>
        </form>
      </details>
      <OrderSwitch filters={filters} />
      <p className="results-count" data-testid="num-results">
        {result.numResultsCapped
          ? t('pages:members.resultsMany', { count: result.numResults })
          : t('pages:members.results', { count: result.numResults })}
      </p>
      {result.profiles.length > 0 ? (
        <ProfileGrid profiles={result.profiles} html={cardsHtml?.profiles} />
      ) : (
        <div className="empty-state">
          <p>{t('pages:members.noResults')}</p>
        </div>
      )}
      <Pagination page={result.page} hasMore={result.hasMore} query={query} basePath="/members" />
      {result.similar.length > 0 && (
        <section className="similar-profiles">
          <h2>{t('pages:members.similar')}</h2>
          <ProfileGrid profiles={result.similar} priorityCount={SIMILAR_PRIORITY} html={cardsHtml?.similar} />
        </section>
      )}
    </div>
  );
}
