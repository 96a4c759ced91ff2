// Previous/next paging links that keep the current query.
import { usePage } from '../render-context.js';

export function Pagination({ page, hasMore, query, basePath }: { page: number; hasMore: boolean; query: Record<string, string>; basePath: string }) {
  const { t } = usePage();
  const href = (p: number) => `${basePath}?${new URLSearchParams({ ...query, page: String(p) }).toString()}`;
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page > 1 ? <a className="btn btn--light" rel="prev" href={href(page - 1)}>← {t('pagination.previous')}</a> : <span />}
      <span className="pagination__page">{t('pagination.page', { page })}</span>
      {hasMore ? <a className="btn btn--light" rel="next" href={href(page + 1)}>{t('pagination.next')} →</a> : <span />}
    </nav>
  );
}
